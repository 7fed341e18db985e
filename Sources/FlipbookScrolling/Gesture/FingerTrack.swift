import FlipbookTiming
import Foundation

// MARK: - FingerKeyframe

/// Where a finger is at one moment of its touch: `translation` points down the screen from where it landed.
public struct FingerKeyframe: Hashable, Sendable {
  /// Seconds on the scene clock.
  public var time: Double
  /// Points the finger has moved DOWN the screen since it landed; positive pulls a list down.
  public var translation: Double
  /// The easing of the motion from this keyframe to the next one; unused on the last keyframe.
  public var curve: TimingFunction
  /// Where across the screen the finger is, in points from the scroll view's left edge; nil: where it was at the
  /// keyframe before (or, before any keyframe says, where the first one that does says).
  public var x: Double?

  /// The finger `translation` points below where it landed at `time`, and `x` points from the left edge when
  /// given, moving on to the next keyframe along `curve`.
  public init(time: Double, translation: Double, curve: TimingFunction = .linear, x: Double? = nil) {
    self.time = time
    self.translation = translation
    self.curve = curve
    self.x = x
  }
}

// MARK: - Touch

/// One finger on the glass, from the moment it lands (`down`) to the moment it lifts (`up`).
///
/// The finger lands at translation 0. Its motion is given by keyframes: before the first keyframe the translation is
/// 0, between two keyframes it moves from one to the next along the first one's ``FingerKeyframe/curve``, and after
/// the last keyframe it holds still. A touch without keyframes is a tap that never moves.
public struct Touch: Hashable, Sendable {
  /// The time the finger lands, in seconds.
  public var down: Double
  /// The time the finger lifts, in seconds; after ``down``.
  public var up: Double
  /// The finger's path, in increasing time order, all within `down...up`.
  public var keyframes: [FingerKeyframe]

  /// A touch from `down` to `up` along `keyframes`, taken as given; `FingerTrack(validating:)` checks it.
  public init(down: Double, up: Double, keyframes: [FingerKeyframe] = []) {
    self.down = down
    self.up = up
    self.keyframes = keyframes
  }

  /// How long the finger stays on the glass, in seconds.
  public var duration: Double { up - down }

  /// Whether the finger is on the glass at `t`: `down <= t < up`.
  public func contains(_ t: Double) -> Bool { t >= down && t < up }

  /// Points the finger has moved down the screen at `t`, with `t` clamped to `down...up`.
  ///
  /// 0 before the first keyframe, the last keyframe's translation after it, and in between the segment's curve maps
  /// the time fraction to the fraction of the distance covered. A time exactly on a keyframe gives that keyframe.
  public func translation(at t: Double) -> Double {
    guard let first = keyframes.first, let last = keyframes.last else { return 0 }
    let time = t.isNaN ? down : min(max(t, down), up)
    if time < first.time { return 0 }
    if time >= last.time { return last.translation }
    // The last keyframe at or before `time`; the one after it is later, since `time < last.time`.
    var index = 0
    while index + 1 < keyframes.count, keyframes[index + 1].time <= time { index += 1 }
    let from = keyframes[index]
    let to = keyframes[index + 1]
    let span = to.time - from.time
    guard span > 0 else { return to.translation }
    let progress = from.curve.value(at: (time - from.time) / span)
    return from.translation + (to.translation - from.translation) * progress
  }

  /// Where across the screen the finger is at `t`, in points from the scroll view's left edge, moving between
  /// keyframes along the same curves as its translation; nil when no keyframe gives an `x` (the caller's default,
  /// the middle of the screen, stands).
  public func x(at t: Double) -> Double? {
    guard let firstGiven = keyframes.first(where: { $0.x != nil })?.x else { return nil }
    var resolved: [Double] = []
    for keyframe in keyframes { resolved.append(keyframe.x ?? resolved.last ?? firstGiven) }
    let time = t.isNaN ? down : min(max(t, down), up)
    guard let lastIndex = keyframes.indices.last, time > keyframes[0].time else { return resolved[0] }
    if time >= keyframes[lastIndex].time { return resolved[lastIndex] }
    var index = 0
    while index + 1 < keyframes.count, keyframes[index + 1].time <= time { index += 1 }
    let span = keyframes[index + 1].time - keyframes[index].time
    guard span > 0 else { return resolved[index + 1] }
    let progress = keyframes[index].curve.value(at: (time - keyframes[index].time) / span)
    return resolved[index] + (resolved[index + 1] - resolved[index]) * progress
  }

  /// The finger's velocity as it lifts, in points per second (positive is down the screen):
  /// `(translation(at: up) − translation(at: up − sampleInterval)) / sampleInterval`.
  ///
  /// This is how `UIPanGestureRecognizer.velocity(in:)` is estimated: from the last touch samples before the finger
  /// lifts (the digitizer reports touches once per display frame, so the default interval is 1/60 s), not from the
  /// instantaneous slope of the gesture. A finger held still for at least `sampleInterval` before lifting therefore
  /// releases at 0, and a curve that eases into the lift releases slowly. The earlier sample is clamped to ``down``,
  /// so a touch shorter than the interval averages its whole motion over the full interval. A non-positive or
  /// non-finite interval gives 0.
  public func releaseVelocity(sampleInterval: Double = 1.0 / 60) -> Double {
    guard sampleInterval > 0, sampleInterval.isFinite else { return 0 }
    return (translation(at: up) - translation(at: up - sampleInterval)) / sampleInterval
  }
}

// MARK: - FingerTrack

/// Everything the finger does in a gesture script: touches one after another, never two at once.
public struct FingerTrack: Hashable, Sendable {
  /// The touches, in time order, each lifting strictly before the next lands.
  public var touches: [Touch]

  /// A track of `touches`, taken as given; the throwing initializer checks them first.
  public init(touches: [Touch] = []) {
    self.touches = touches
  }

  /// The index of the touch on the glass at `t` (`down <= t < up`), if any.
  public func touchIndex(at t: Double) -> Int? {
    touches.firstIndex { $0.contains(t) }
  }

  /// The touch on the glass at `t` (`down <= t < up`), if any.
  public func touch(at t: Double) -> Touch? {
    touchIndex(at: t).map { touches[$0] }
  }

  /// The landings and liftings at times in `range` (half-open, so consecutive frame intervals see each event once),
  /// in time order; at equal times a lift comes before a landing, then lower touch indexes first.
  public func events(in range: Range<Double>) -> [TouchEvent] {
    events { range.contains($0) }
  }

  /// The landings and liftings at times in `range` (inclusive), in time order; see ``events(in:)-(Range<Double>)``.
  public func events(in range: ClosedRange<Double>) -> [TouchEvent] {
    events { range.contains($0) }
  }

  private func events(where included: (Double) -> Bool) -> [TouchEvent] {
    var result: [TouchEvent] = []
    for (index, touch) in touches.enumerated() {
      if included(touch.down) { result.append(TouchEvent(time: touch.down, kind: .down, touch: index)) }
      if included(touch.up) { result.append(TouchEvent(time: touch.up, kind: .up, touch: index)) }
    }
    return result.sorted { a, b in
      if a.time != b.time { return a.time < b.time }
      if a.kind != b.kind { return a.kind == .up }
      return a.touch < b.touch
    }
  }
}

// MARK: - TouchEvent

/// A finger landing on or lifting from the glass.
public struct TouchEvent: Hashable, Sendable {
  /// Whether the finger lands or lifts.
  public enum Kind: Hashable, Sendable {
    /// The finger lands (`touchesBegan`).
    case down
    /// The finger lifts (`touchesEnded`).
    case up
  }

  /// Seconds on the scene clock.
  public var time: Double
  /// Landing or lifting.
  public var kind: Kind
  /// The index of the touch in ``FingerTrack/touches``.
  public var touch: Int

  /// Touch number `touch` landing or lifting at `time`.
  public init(time: Double, kind: Kind, touch: Int) {
    self.time = time
    self.kind = kind
    self.touch = touch
  }
}

// MARK: - Validation

extension FingerTrack {
  /// Times must lie within `0...timeLimit` seconds.
  public static let timeLimit: Double = 3600
  /// Translations must lie within `-translationLimit...translationLimit` points.
  public static let translationLimit: Double = 10_000

  /// Something wrong with a finger track, located by touch and field so a decoder can point at its source.
  public struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
    /// The part of a touch the problem is in.
    public enum Field: Hashable, Sendable {
      /// The time the finger lands.
      case down
      /// The time the finger lifts.
      case up
      /// The `time` of the keyframe at this index.
      case keyframeTime(Int)
      /// The `translation` of the keyframe at this index.
      case keyframeTranslation(Int)
    }

    /// The index of the touch.
    public var touch: Int
    /// The part of that touch that is wrong.
    public var field: Field
    /// What is wrong, without the location (a decoder adds its JSON path).
    public var message: String

    /// A problem in `field` of touch `touch`.
    public init(touch: Int, field: Field, message: String) {
      self.touch = touch
      self.field = field
      self.message = message
    }

    public var description: String {
      let place =
        switch field {
        case .down: "down"
        case .up: "up"
        case .keyframeTime(let i): "keyframes[\(i)].time"
        case .keyframeTranslation(let i): "keyframes[\(i)].translation"
        }
      return "touches[\(touch)].\(place): \(message)"
    }
  }

  /// Every problem in `touches`, touch by touch and in field order (down, up, then each keyframe's time and
  /// translation); empty when the track is valid.
  ///
  /// Every number must be finite, times within `0...3600` s and translations within ±10,000 pt; a finger must lift
  /// after it lands and strictly before the next one lands; keyframe times must increase strictly and lie within
  /// `down...up`.
  public static func validate(_ touches: [Touch]) -> [Problem] {
    var problems: [Problem] = []
    for index in touches.indices {
      problems += validate(touches[index], index: index, previous: index > 0 ? touches[index - 1] : nil)
    }
    return problems
  }

  /// The problems of one touch, numbered `index`, which comes after `previous` (nil for the first touch).
  public static func validate(_ touch: Touch, index: Int, previous: Touch?) -> [Problem] {
    var problems: [Problem] = []
    func report(_ field: Problem.Field, _ message: String) {
      problems.append(Problem(touch: index, field: field, message: message))
    }
    let downProblem = checkTime(touch.down)
    if let downProblem { report(.down, downProblem) }
    let downOK = downProblem == nil
    if downOK, let previous, previous.up.isFinite, touch.down <= previous.up {
      let relation = touch.down == previous.up ? "just as" : "before"
      report(
        .down,
        "touches overlap: this finger lands at \(touch.down) s \(relation) the previous one lifts at \(previous.up) s")
    }
    let upProblem = checkTime(touch.up)
    if let upProblem { report(.up, upProblem) }
    let upOK = upProblem == nil
    if downOK, upOK, touch.up <= touch.down { report(.up, "the finger must lift after it lands") }
    let boundsOK = downOK && upOK && touch.up > touch.down
    var latest: Double?
    for (k, keyframe) in touch.keyframes.enumerated() {
      if let problem = checkTime(keyframe.time) {
        report(.keyframeTime(k), problem)
      } else {
        if let latest, keyframe.time <= latest {
          report(.keyframeTime(k), "keyframe times must increase (\(keyframe.time) after \(latest))")
        } else if boundsOK, keyframe.time < touch.down {
          report(.keyframeTime(k), "\(keyframe.time) is before the finger lands at \(touch.down)")
        } else if boundsOK, keyframe.time > touch.up {
          report(.keyframeTime(k), "\(keyframe.time) is after the finger lifts at \(touch.up)")
        }
        latest = max(latest ?? keyframe.time, keyframe.time)
      }
      let y = keyframe.translation
      if !y.isFinite {
        report(.keyframeTranslation(k), "\(y) is not a finite number")
      } else if abs(y) > translationLimit {
        report(.keyframeTranslation(k), "\(y) pt is beyond the ±\(Int(translationLimit)) pt a finger can travel")
      }
    }
    return problems
  }

  /// Why `t` is not a usable time, or nil if it is.
  private static func checkTime(_ t: Double) -> String? {
    if !t.isFinite { return "\(t) is not a finite number" }
    if t < 0 || t > timeLimit { return "\(t) s is outside 0...\(Int(timeLimit)) s" }
    return nil
  }

  /// Creates a track after checking it, throwing the first problem of ``validate(_:)``.
  public init(validating touches: [Touch]) throws(Problem) {
    if let problem = Self.validate(touches).first { throw problem }
    self.init(touches: touches)
  }
}
