// MARK: - LottieLoopMode

/// How playback repeats (lottie-ios `LottieLoopMode`).
public enum LottieLoopMode: Hashable, Sendable {
  /// Plays once and rests on the last frame.
  case playOnce
  /// Loops forever.
  case loop
  /// Plays forwards, then backwards, forever.
  case autoReverse
  /// Plays `n` times.
  case `repeat`(Double)
  /// Plays forwards then backwards, `n` times.
  case repeatBackwards(Double)

  /// The clip's repeat count and autoreverse, as lottie-ios maps them (`caAnimationConfiguration`,
  /// `Sources/Public/Animation/LottieAnimationLayer.swift`, 4.6.1); "forever" is an infinite count here.
  public var timing: (repeatCount: Double, autoreverses: Bool) {
    switch self {
    case .playOnce: (1, false)
    case .loop: (.infinity, false)
    case .autoReverse: (.infinity, true)
    case .repeat(let n): (n, false)
    case .repeatBackwards(let n): (n, true)
    }
  }
}
