import FlipbookGraphics
import Foundation

// MARK: - Gradient key paths

// `CAGradientLayer` documents `colors`, `locations`, `startPoint` and `endPoint` as animatable (`CAGradientLayer.h`);
// only gradient layers have them.

extension AnimationKeyPath where Value == [Color] {
  /// `colors` of a gradient layer, blended colour by colour.
  ///
  /// As in Core Animation, an animation whose colours are not as many as the layer's own `colors` shows nothing:
  /// the layer keeps its colours (lottie-ios sizes the model's `colors` to the animation's for that reason:
  /// "Core Animation ignores the gradient animation when the number of provided colors does not match the
  /// expected count", `Sources/Private/CoreAnimation/Animations/GradientAnimations.swift`, 4.6.1).
  public static let colors = AnimationKeyPath(
    "colors", applies: { $0 is GradientLayer }, get: { ($0 as? GradientLayer)?.colors ?? [] },
    set: { layer, value in
      guard let gradient = layer as? GradientLayer else { return }
      if gradient.isPresentation, value.count != gradient.colors.count { return }
      gradient.colors = value
    })
}

extension AnimationKeyPath where Value == [Double] {
  /// `locations` of a gradient layer, blended stop by stop.
  ///
  /// As in Core Animation, an animation of `locations` shows nothing on a layer whose `locations` is nil (lottie-ios
  /// sets them to `[]` first "for the animations below to actually take effect", `GradientAnimations.swift`, 4.6.1).
  /// Nil reads as the empty array.
  public static let locations = AnimationKeyPath(
    "locations", applies: { $0 is GradientLayer }, get: { ($0 as? GradientLayer)?.locations ?? [] },
    set: { layer, value in
      guard let gradient = layer as? GradientLayer else { return }
      if gradient.isPresentation, gradient.locations == nil { return }
      gradient.locations = value
    })
}

extension AnimationKeyPath where Value == CGPoint {
  /// `startPoint` of a gradient layer, in unit coordinates of its bounds.
  public static let startPoint = AnimationKeyPath(
    "startPoint", applies: { $0 is GradientLayer },
    get: { ($0 as? GradientLayer)?.startPoint ?? CGPoint(x: 0.5, y: 0) },
    set: { ($0 as? GradientLayer)?.startPoint = $1 })
  /// `endPoint` of a gradient layer, in unit coordinates of its bounds.
  public static let endPoint = AnimationKeyPath(
    "endPoint", applies: { $0 is GradientLayer }, get: { ($0 as? GradientLayer)?.endPoint ?? CGPoint(x: 0.5, y: 1) },
    set: { ($0 as? GradientLayer)?.endPoint = $1 })
}
