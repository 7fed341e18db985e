import FlipbookJSON
import FlipbookTiming

// MARK: - FrameTime

/// When a frame shows (or for how long), as exactly as its source records it.
enum FrameTime: Equatable, CustomStringConvertible, Sendable {
  /// An exact time: an animated PNG's summed delays, or a manifest's `from + index / fps`.
  case exact(Rational)
  /// A manifest's `time` number (written with six decimals), compared as a number.
  case seconds(Double)

  var seconds: Double {
    switch self {
    case .exact(let fraction): fraction.seconds
    case .seconds(let value): value
    }
  }

  /// `31/60` or `0.516667`: the value as its source gives it, without the unit.
  var text: String {
    switch self {
    case .exact(let fraction): fraction.description
    case .seconds(let value): JSONValue.format(value)
    }
  }

  var description: String { "\(text) s" }
}

// MARK: - TimingDifference

/// A frame that shows at another time, or for another duration, than its counterpart: a difference even
/// when the pixels are equal, since the animation plays differently.
struct TimingDifference: Equatable, Sendable {
  enum Kind: String, Sendable {
    /// An animated PNG frame's delay (how long it shows).
    case delay
    /// A frame folder's frame time (when it shows), from the manifests.
    case time
  }

  let kind: Kind
  let expected: FrameTime
  let actual: FrameTime

  /// `shows for 1/5 s, expected 1/10 s` or `at 0.516667 s, expected 0.5 s`.
  var summary: String {
    switch kind {
    case .delay: "shows for \(actual), expected \(expected)"
    case .time: "at \(actual), expected \(expected)"
    }
  }
}
