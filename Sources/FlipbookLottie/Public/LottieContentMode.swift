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

  /// The scale in each direction and the origin, in the box, of an animation of `content` size placed in `box`:
  /// where `contentsGravity` would place an image of that size, as the two enumerate the same placements.
  public func placement(of content: CGSize, in box: CGSize) -> (scaleX: Double, scaleY: Double, origin: CGPoint) {
    guard content.width > 0, content.height > 0 else { return (1, 1, .zero) }
    let rect = gravity.placement(of: content, in: CGRect(origin: .zero, size: box))
    return (rect.width / content.width, rect.height / content.height, rect.origin)
  }

  /// The contents gravity that places an image where this mode places the animation. A view's `top` is the
  /// gravity's `bottom`: on iOS layer contents are flipped (see `ContentsGravity`), a view's content is not.
  private var gravity: ContentsGravity {
    switch self {
    case .scaleToFill: .resize
    case .scaleAspectFit: .resizeAspect
    case .scaleAspectFill: .resizeAspectFill
    case .center: .center
    case .left: .left
    case .right: .right
    case .top: .bottom
    case .bottom: .top
    case .redraw, .topLeft: .bottomLeft
    case .topRight: .bottomRight
    case .bottomLeft: .topLeft
    case .bottomRight: .topRight
    }
  }
}
