import Foundation

/// How a keyframe animation moves between its values (`CAAnimationCalculationMode`,
/// https://developer.apple.com/documentation/quartzcore/cakeyframeanimation/calculationmode).
public enum CalculationMode: String, CaseIterable, Hashable, Sendable {
  /// Piecewise linear between keyframes at their key times (the default).
  case linear
  /// A step function: each value is held until the next key time.
  case discrete
  /// Linear, with key times generated for constant velocity; keyTimes and timing functions are ignored.
  case paced
  /// A Kochanek–Bartels (Catmull-Rom when unshaped) spline through the values; see ``CubicSpline``.
  case cubic
  /// The cubic spline with key times generated for constant velocity; keyTimes and timing functions are ignored.
  case cubicPaced

  /// Whether key times come from the distances between values rather than from `keyTimes`.
  public var isPaced: Bool { self == .paced || self == .cubicPaced }
}

/// The timing of a keyframe animation, independent of the values' type: which segment a fraction of the
/// animation falls in and how far along it (`CAKeyframeAnimation`'s `keyTimes`, `timingFunctions` and
/// `calculationMode`: https://developer.apple.com/documentation/quartzcore/cakeyframeanimation).
///
/// The caller maps the result back onto its values — interpolating linearly, through ``CubicSpline``, or
/// (for ``CalculationMode/discrete``) just picking a value.
public struct KeyframeTimeline: Hashable, Sendable {
  /// The number of keyframe values.
  public let count: Int
  /// The calculation mode.
  public let mode: CalculationMode
  /// The effective key times: `count` entries (`count + 1` for discrete), from 0 to 1, never decreasing.
  public let keyTimes: [Double]
  /// The per-segment timing functions in effect (empty for paced modes or when none were given).
  public let timingFunctions: [TimingFunction]

  /// Builds the timeline.
  ///
  /// - Parameters:
  ///   - count: the number of keyframe values.
  ///   - keyTimes: fractions of the duration at which the values are reached. Invalid arrays (see
  ///     ``validate(keyTimes:count:mode:)``) are ignored and the keyframes spaced evenly, as Core Animation
  ///     does (`CAKeyframeAnimation.keyTimes`). Ignored in paced modes.
  ///   - mode: the calculation mode.
  ///   - timingFunctions: one function per segment shaping its local fraction
  ///     (`CAKeyframeAnimation.timingFunctions`). Segments without one (a short array) are linear. Ignored in paced
  ///     and discrete modes.
  ///   - distances: for paced modes, the `count − 1` distances between consecutive values; key times are
  ///     proportional to the cumulative distance. A wrong count or a zero total falls back to even spacing.
  public init(
    count: Int, keyTimes: [Double]? = nil, mode: CalculationMode = .linear,
    timingFunctions: [TimingFunction]? = nil, distances: [Double] = []
  ) {
    self.count = max(count, 0)
    self.mode = mode
    let stops = Self.stopCount(count: self.count, mode: mode)
    if mode.isPaced {
      self.keyTimes = Self.pacedTimes(distances: distances, stops: stops)
      self.timingFunctions = []
    } else {
      if let keyTimes, Self.validate(keyTimes: keyTimes, count: self.count, mode: mode) == nil {
        self.keyTimes = keyTimes
      } else {
        self.keyTimes = Self.evenTimes(stops: stops)
      }
      self.timingFunctions = mode == .discrete ? [] : (timingFunctions ?? [])
    }
  }

  /// Why `keyTimes` would be ignored for `count` values in `mode`, or `nil` if they are valid (or not
  /// needed: `nil`, or a paced mode). Lets a document loader reject what Core Animation would silently ignore.
  ///
  /// Rules (`CAKeyframeAnimation.keyTimes`): linear and cubic need one key time per value, discrete one more than
  /// the values; the first must be 0, the last 1, and they must not decrease.
  public static func validate(keyTimes: [Double]?, count: Int, mode: CalculationMode) -> String? {
    guard let keyTimes, !mode.isPaced else { return nil }
    let expected = stopCount(count: count, mode: mode)
    if keyTimes.count != expected {
      let reason = mode == .discrete ? " (discrete mode needs one more key time than values)" : ""
      return "keyTimes must have \(expected) entries for \(count) values\(reason)"
    }
    if keyTimes.contains(where: { !$0.isFinite }) { return "keyTimes must be finite numbers" }
    if zip(keyTimes, keyTimes.dropFirst()).contains(where: { $0 > $1 }) { return "keyTimes must not decrease" }
    if let first = keyTimes.first, let last = keyTimes.last, first != 0 || last != 1 {
      return "keyTimes must start at 0 and end at 1"
    }
    return nil
  }

  /// Where the global fraction `fraction` (clamped to `0...1`) falls.
  ///
  /// - Interpolating modes: the segment i from value i to value i + 1 with keyTimes[i] < fraction ≤
  ///   keyTimes[i + 1] (segment 0 also owns fraction 0), so a fraction on a key time is the *end* of the earlier
  ///   segment; `localFraction` is the position inside it after that segment's timing function.
  /// - Discrete: the index of the value held, value i from keyTimes[i] up to (not including) keyTimes[i + 1],
  ///   the last value at fraction 1; `localFraction` is 0.
  /// - Zero or one value: `(0, 0)`.
  public func locate(_ fraction: Double) -> (index: Int, localFraction: Double) {
    let f = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
    guard count > 1 else { return (0, 0) }
    if mode == .discrete {
      // The last value whose key time has been reached.
      var index = 0
      for i in 1..<count where keyTimes[i] <= f { index = i }
      return (index, 0)
    }
    // The first segment whose end has not been passed.
    var index = count - 2
    for i in 0..<(count - 1) where f <= keyTimes[i + 1] {
      index = i
      break
    }
    let start = keyTimes[index]
    let length = keyTimes[index + 1] - start
    let local = length > 0 ? min(max((f - start) / length, 0), 1) : 1
    let shaped = index < timingFunctions.count ? timingFunctions[index].value(at: local) : local
    return (index, shaped)
  }

  // MARK: - Key time generation

  /// Key times needed for `count` values: one per value, one more for discrete (`CAKeyframeAnimation.keyTimes`).
  private static func stopCount(count: Int, mode: CalculationMode) -> Int {
    mode == .discrete ? count + 1 : count
  }

  /// `stops` evenly spaced key times from 0 to 1 (a single stop is 0).
  private static func evenTimes(stops: Int) -> [Double] {
    guard stops > 1 else { return Array(repeating: 0, count: stops) }
    return (0..<stops).map { Double($0) / Double(stops - 1) }
  }

  /// Key times proportional to cumulative distance, for constant velocity (`CAKeyframeAnimation.calculationMode`,
  /// paced).
  private static func pacedTimes(distances: [Double], stops: Int) -> [Double] {
    let lengths = distances.map { $0.isFinite ? abs($0) : 0 }
    let total = lengths.reduce(0, +)
    guard stops > 1, lengths.count == stops - 1, total > 0 else { return evenTimes(stops: stops) }
    var times = [0.0]
    var sum = 0.0
    for length in lengths.dropLast() {
      sum += length
      times.append(sum / total)
    }
    times.append(1)
    return times
  }
}
