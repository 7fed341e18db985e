import Foundation

// MARK: - ContentsGravity

/// How a layer's contents image is placed in its bounds (`CALayerContentsGravity`, all twelve values).
///
/// The vertical names follow iOS, where layer contents are flipped (`contentsAreFlipped`): Apple's
/// documentation warns that there `top` aligns the image with the *bottom* edge and `bottom` with the
/// top (the "Important" note of https://developer.apple.com/documentation/quartzcore/calayer/contentsgravity), and
/// Flipbook reproduces what an iPhone shows.
public enum ContentsGravity: String, CaseIterable, Sendable {
  case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
  case resize, resizeAspect, resizeAspectFill

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
