import FlipbookLayers
import Foundation

// MARK: - Complex time remapping

extension LottieBuildContext {
  /// Keyframes resampled one per composition frame through the time remapping of a precomposition above, when the
  /// remapping is not a simple stretch and shift (lottie-ios `Keyframes.manuallyInterpolatedWithTimeRemapping`,
  /// `Sources/Private/CoreAnimation/Extensions/Keyframes+timeRemapping.swift`, 4.6.1). Until it is built the
  /// keyframes pass through unchanged.
  func sampledThroughTimeRemapping<T: Animatable>(_ keyframes: [LottieKeyframe<T>]) -> [LottieKeyframe<T>] {
    keyframes
  }
}
