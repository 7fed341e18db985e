import Foundation

// MARK: - ContentsGravity

/// How a layer's contents image is placed in its bounds (`CALayerContentsGravity`, all twelve values).
///
/// The vertical names follow iOS, where layer contents are flipped (`contentsAreFlipped`): Apple's
/// documentation warns that there `top` aligns the image with the *bottom* edge and `bottom` with the
/// top (the "Important" note of https://developer.apple.com/documentation/quartzcore/calayer/contentsgravity), and
/// Flipbook reproduces what an iPhone shows.
public enum ContentsGravity: String, CaseIterable, Sendable {
  /// Centred, unscaled.
  case center
  /// Unscaled, against the top edge as an iPhone shows it.
  case top
  /// Unscaled, against the bottom edge as an iPhone shows it.
  case bottom
  /// Unscaled, against the left edge, centred vertically.
  case left
  /// Unscaled, against the right edge, centred vertically.
  case right
  /// Unscaled, in the top left corner as an iPhone shows it.
  case topLeft
  /// Unscaled, in the top right corner as an iPhone shows it.
  case topRight
  /// Unscaled, in the bottom left corner as an iPhone shows it.
  case bottomLeft
  /// Unscaled, in the bottom right corner as an iPhone shows it.
  case bottomRight
  /// Stretched to fill the bounds, the default.
  case resize
  /// Scaled to fit inside the bounds, keeping its aspect ratio.
  case resizeAspect
  /// Scaled to cover the bounds, keeping its aspect ratio; the overflow is cut only if the layer masks.
  case resizeAspectFill

  /// Where an image of `size` points lands in `bounds`.
  ///
  /// Bounds 80x60 and an image 20x10: `resizeAspect` gives (0, 10, 80, 40), `resizeAspectFill`
  /// (−20, 0, 120, 60), `center` (30, 25, 20, 10) — the values Apple's QuartzCore produces.
  public func placement(of size: CGSize, in bounds: CGRect) -> CGRect {
    let (w, h) = (size.width, size.height)
    switch self {
    case .resize:
      return bounds
    case .resizeAspect, .resizeAspectFill:
      guard w > 0, h > 0 else { return CGRect(x: bounds.midX, y: bounds.midY, width: 0, height: 0) }
      let sx = bounds.width / w
      let sy = bounds.height / h
      let s = self == .resizeAspect ? min(sx, sy) : max(sx, sy)
      return CGRect(x: bounds.midX - w * s / 2, y: bounds.midY - h * s / 2, width: w * s, height: h * s)
    default:
      let x: Double
      switch self {
      case .left, .topLeft, .bottomLeft: x = bounds.minX
      case .right, .topRight, .bottomRight: x = bounds.maxX - w
      default: x = bounds.midX - w / 2
      }
      // Flipped on iOS: "top" is the bottom edge of the y-down bounds.
      let y: Double
      switch self {
      case .top, .topLeft, .topRight: y = bounds.maxY - h
      case .bottom, .bottomLeft, .bottomRight: y = bounds.minY
      default: y = bounds.midY - h / 2
      }
      return CGRect(x: x, y: y, width: w, height: h)
    }
  }
}
