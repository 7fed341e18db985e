import Foundation

/// What an animation shows outside its active interval (`CAMediaTimingFillMode`).
///
/// The raw values are the strings Core Animation uses, so documents can name them directly
/// (`CAMediaTimingFillMode`, https://developer.apple.com/documentation/quartzcore/camediatimingfillmode; GNUstep's
/// `CAMediaTiming.m`, https://github.com/gnustep/libs-quartzcore).
public enum FillMode: String, CaseIterable, Hashable, Sendable {
  /// Outside the active interval the animation contributes nothing; the model value shows.
  case removed
  /// After the end, hold the value at the end of the active interval.
  case forwards
  /// Before the start, hold the value at the start of the active interval.
  case backwards
  /// Both of the above.
  case both

  /// Whether the value at the start is held before the active interval.
  public var fillsBackwards: Bool { self == .backwards || self == .both }
  /// Whether the value at the end is held after the active interval.
  public var fillsForwards: Bool { self == .forwards || self == .both }
}

/// The timing of one object in Core Animation's time hierarchy (`CAMediaTiming`): where it sits on its
/// parent's timeline, how fast it plays, how often it repeats and what it shows outside its active interval.
///
/// Time is always an argument: the struct holds no clock. Converting a parent time has the two stages
/// Apple's `CAMediaTiming` overview describes (https://developer.apple.com/documentation/quartzcore/camediatiming):
/// parent time → *active local time* (`beginTime`, `speed`, `timeOffset`), then active local time → *basic local
/// time* in `0...duration` (repeats and autoreverse). ``basicLocalTime(parentTime:)`` adds the fill rules of
/// `fillMode`. Each property's default is the one Apple's property pages give.
///
/// The phases are judged in active local time, exactly as the header formula implies: with a negative
/// `speed` local time runs backwards, so a parent time later than `beginTime` lies *before* the active
/// interval unless `timeOffset` moves it in (the usual idiom is `speed = -1, timeOffset = activeDuration`).
public struct MediaTiming: Hashable, Sendable {
  /// Where active local time 0 sits on the parent's timeline. Default 0 (`CAMediaTiming.beginTime`).
  public var beginTime: Double
  /// The basic duration of one forward pass, in seconds. Default 0; Core Animation substitutes the
  /// transaction's duration for a top-level animation and the group's for a grouped one (Nick Lockwood, "iOS Core
  /// Animation: Advanced Techniques", ch. 9; the example in Apple's `CAAnimationGroup` reference) —
  /// that substitution is the caller's job, not this type's.
  public var duration: Double
  /// Rate of local time relative to parent time. Default 1; negative plays backwards, 0 pauses at
  /// `timeOffset` (`CAMediaTiming.speed`).
  public var speed: Double
  /// An offset added in active local time. Default 0 (`CAMediaTiming.timeOffset`).
  public var timeOffset: Double
  /// How many times to repeat; may be fractional, 0 means once, `.infinity` means forever. Default 0
  /// (`CAMediaTiming.repeatCount`).
  public var repeatCount: Double
  /// How many seconds to repeat for; 0 is ignored and, when positive, takes precedence over
  /// `repeatCount` (Apple calls setting both undefined: `CAMediaTiming.repeatCount`). Default 0.
  public var repeatDuration: Double
  /// Whether each cycle plays forwards and then backwards. Default false (`CAMediaTiming.autoreverses`).
  public var autoreverses: Bool
  /// What shows outside the active interval. Default ``FillMode/removed`` (`CAMediaTiming.fillMode`).
  public var fillMode: FillMode

  /// Creates a timing with Core Animation's defaults for every parameter not given (Apple's `CAMediaTiming`
  /// property pages).
  public init(
    beginTime: Double = 0, duration: Double = 0, speed: Double = 1, timeOffset: Double = 0,
    repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
    fillMode: FillMode = .removed
  ) {
    self.beginTime = beginTime
    self.duration = duration
    self.speed = speed
    self.timeOffset = timeOffset
    self.repeatCount = repeatCount
    self.repeatDuration = repeatDuration
    self.autoreverses = autoreverses
    self.fillMode = fillMode
  }

  /// Where a parent time falls relative to the active interval, and the basic local time inside it.
  public enum Phase: Equatable, Sendable {
    /// Active local time is below 0.
    case before
    /// Inside the active interval; the payload is the basic local time in `0...duration`.
    case active(Double)
    /// Active local time is beyond ``MediaTiming/activeDuration``.
    case after
  }

  /// Active local time for a parent time: `(tp − beginTime) × speed + timeOffset`, the formula in the
  /// `CAMediaTiming.h` header comment (QuartzCore's public header).
  public func activeLocalTime(parentTime tp: Double) -> Double {
    (tp - beginTime) * speed + timeOffset
  }

  /// One repeat cycle: a forward pass, plus a backward pass when autoreversing (`CAMediaTiming.autoreverses`).
  public var cycleDuration: Double { duration * (autoreverses ? 2 : 1) }

  /// The length of the active interval in local time (Flipbook's reading of Apple's `repeatCount` and
  /// `repeatDuration` pages, see the manual's Fidelity article): `repeatDuration` if positive,
  /// else `repeatCount` cycles (1 when the count is 0). Infinite when `repeatCount` is infinite.
  public var activeDuration: Double {
    if repeatDuration > 0 { return repeatDuration }
    let count = repeatCount > 0 ? repeatCount : 1
    if count.isInfinite { return cycleDuration > 0 ? .infinity : 0 }
    return count * cycleDuration
  }

  /// The parent time at which playback leaves the active interval.
  ///
  /// `beginTime + activeDuration / |speed|` for the usual cases (positive speed without `timeOffset`, or
  /// negative speed with `timeOffset = activeDuration`); in general the parent time where active local time
  /// crosses the far end of the interval in the direction of play, so it agrees with
  /// ``evaluate(parentTime:)``. Infinite when paused (`speed == 0`) or repeating forever.
  public var endTime: Double {
    guard speed != 0 else { return .infinity }
    let target = speed > 0 ? activeDuration : 0
    return beginTime + (target - timeOffset) / speed
  }

  /// The phase at a parent time, with the basic local time when active.
  ///
  /// Inside the interval: k = floor(t / duration), u = t − k·duration, mirrored (u = duration − u) on odd k
  /// when autoreversing — the fold GNUstep's `CAAnimation.m` uses (https://github.com/gnustep/libs-quartzcore). At
  /// exactly t == activeDuration the result is the end of the last, possibly partial, cycle rather than the start
  /// of the next (Flipbook's choice, see the manual's Fidelity article): repeatDuration 6 on duration 1.5 ends at
  /// u = 1.5, not 0.
  public func evaluate(parentTime: Double) -> Phase {
    let t = activeLocalTime(parentTime: parentTime)
    let end = activeDuration
    // Rounding slack, so that 3 × 0.3 = 0.8999999999999999 still ends at parent time 0.9.
    let slack = Self.roundingTolerance * max(1, end.isFinite ? end : 0)
    if t < -slack { return .before }
    if t > end + slack { return .after }
    if t >= end - slack { return .active(basicLocalTime(activeTime: end, atEnd: true)) }
    return .active(basicLocalTime(activeTime: max(t, 0), atEnd: false))
  }

  /// The basic local time at a parent time with the fill mode applied (`CAMediaTiming.fillMode`): before the
  /// interval the start value (u at active time 0) if filling backwards, after it the end value
  /// (u at `activeDuration`) if filling forwards, otherwise `nil` — the animation contributes nothing.
  public func basicLocalTime(parentTime: Double) -> Double? {
    switch evaluate(parentTime: parentTime) {
    case .active(let u):
      return u
    case .before:
      return fillMode.fillsBackwards ? basicLocalTime(activeTime: 0, atEnd: false) : nil
    case .after:
      return fillMode.fillsForwards ? basicLocalTime(activeTime: activeDuration, atEnd: true) : nil
    }
  }

  /// ``basicLocalTime(parentTime:)`` as a fraction of `duration`, the input of the timing function
  /// (the `CAMediaTiming` overview's basic local time over the duration). A zero duration gives 0; `nil` stays
  /// `nil`.
  public func fraction(parentTime: Double) -> Double? {
    guard let u = basicLocalTime(parentTime: parentTime) else { return nil }
    guard duration > 0 else { return 0 }
    return min(max(u / duration, 0), 1)
  }

  /// Whether `parentTime` lies past the end of the active interval, by more than rounding: the first instant an
  /// animation removed on completion stops showing. At exactly the end it has not ended (the end value shows).
  public func hasEnded(parentTime: Double) -> Bool {
    evaluate(parentTime: parentTime) == .after
  }

  /// Relative tolerance within which a local time counts as exactly the start or the end of the active interval:
  /// a few ulps of binary rounding, far below any frame interval.
  public static let roundingTolerance = 1e-12

  /// Whether two times are one instant up to ``roundingTolerance`` (relative to the larger, at least 1 s): an
  /// end computed as `beginTime + duration` and a frame instant computed from an exact fraction may differ by
  /// an ulp.
  public static func isSameInstant(_ a: Double, _ b: Double) -> Bool {
    abs(a - b) <= roundingTolerance * max(1, abs(a), abs(b))
  }

  /// Folds an active local time inside `0...activeDuration` into one forward pass.
  private func basicLocalTime(activeTime t: Double, atEnd: Bool) -> Double {
    guard duration > 0, t.isFinite else { return 0 }
    let ratio = t / duration
    var k = ratio.rounded(.down)
    // At the very end, a whole number of passes means "the end of the last pass", not "the start of the next".
    // The tolerance absorbs division error such as 0.9 / 0.3 = 3.0000000000000004.
    if atEnd, k > 0, t - k * duration <= 1e-9 * duration { k -= 1 }
    let u = min(max(t - k * duration, 0), duration)
    let odd = k.truncatingRemainder(dividingBy: 2) != 0
    return autoreverses && odd ? duration - u : u
  }
}
