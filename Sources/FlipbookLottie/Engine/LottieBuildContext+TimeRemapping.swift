import FlipbookLayers
import Foundation

// MARK: - Complex time remapping

extension LottieBuildContext {
  /// Keyframes resampled through the time remapping of a precomposition above, which no stretch and shift can
  /// express: one linear keyframe per composition frame from `ip` to `op`, holding the value the layer's own
  /// keyframes give at the remapped frame (lottie-ios `Keyframes.manuallyInterpolatedWithTimeRemapping`,
  /// `Sources/Private/CoreAnimation/Extensions/Keyframes+timeRemapping.swift`, 4.6.1). The frames are composition
  /// frames, so the result is built against a timeline without a layer mapping.
  func sampledThroughTimeRemapping<T: Animatable>(_ keyframes: [LottieKeyframe<T>]) -> [LottieKeyframe<T>] {
    var result: [LottieKeyframe<T>] = []
    var frame = timeline.startFrame
    while frame < timeline.endFrame {
      if let value: T = keyframes.lottieValue(atFrame: globalToLocalFrame(frame)) {
        result.append(LottieKeyframe(value: value, frame: frame))
      }
      frame += 1
    }
    return result
  }
}
