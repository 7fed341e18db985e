import FlipbookGraphics
import FlipbookLayers
import Foundation

// MARK: - LottieContentMode

/// How an animation sits in a box of another size: the `UIView.ContentMode`s a `LottieAnimationView` honours, laid
/// out as its `layoutAnimation()` does (lottie-ios 4.6.1, `Sources/Public/Animation/LottieAnimationView.swift`).
/// `scaleAspectFit` is a `LottieAnimationView`'s default.
public enum LottieContentMode: String, Sendable, CaseIterable {
  /// Stretched to the box in both directions.
  case scaleToFill
  /// As large as fits whole, keeping its aspect, centred.
  case scaleAspectFit
  /// As small as covers the box, keeping its aspect, centred (what spills out still draws unless clipped).
  case scaleAspectFill
  /// Unscaled, at the top left (lottie-ios redraws rather than scales; at its own size that is the top left).
  case redraw
  /// Unscaled, centred.
  case center
  /// Unscaled, centred across, at the top.
  case top
  /// Unscaled, centred across, at the bottom.
  case bottom
  /// Unscaled, centred down, at the left.
  case left
  /// Unscaled, centred down, at the right.
  case right
  /// Unscaled, at the top left.
  case topLeft
  /// Unscaled, at the top right.
  case topRight
  /// Unscaled, at the bottom left.
  case bottomLeft
  /// Unscaled, at the bottom right.
  case bottomRight

  /// The scale in each direction and the origin, in the box, of an animation of `content` size placed in `box`.
  public func placement(of content: CGSize, in box: CGSize) -> (scaleX: Double, scaleY: Double, origin: CGPoint) {
    guard content.width > 0, content.height > 0 else { return (1, 1, .zero) }
    let fit = min(box.width / content.width, box.height / content.height)
    let fill = max(box.width / content.width, box.height / content.height)
    let (sx, sy): (Double, Double)
    switch self {
    case .scaleToFill: (sx, sy) = (box.width / content.width, box.height / content.height)
    case .scaleAspectFit: (sx, sy) = (fit, fit)
    case .scaleAspectFill: (sx, sy) = (fill, fill)
    default: (sx, sy) = (1, 1)
    }
    let (w, h) = (content.width * sx, content.height * sy)
    let centred = CGPoint(x: (box.width - w) / 2, y: (box.height - h) / 2)
    switch self {
    case .scaleToFill, .scaleAspectFit, .scaleAspectFill, .center: return (sx, sy, centred)
    case .redraw, .topLeft: return (sx, sy, .zero)
    case .top: return (sx, sy, CGPoint(x: centred.x, y: 0))
    case .bottom: return (sx, sy, CGPoint(x: centred.x, y: box.height - h))
    case .left: return (sx, sy, CGPoint(x: 0, y: centred.y))
    case .right: return (sx, sy, CGPoint(x: box.width - w, y: centred.y))
    case .topRight: return (sx, sy, CGPoint(x: box.width - w, y: 0))
    case .bottomLeft: return (sx, sy, CGPoint(x: 0, y: box.height - h))
    case .bottomRight: return (sx, sy, CGPoint(x: box.width - w, y: box.height - h))
    }
  }
}
