import FlipbookGraphics
import FlipbookTiming
import Foundation

// MARK: - LayerAnimation

/// What every animation kind shares (`CAAnimation`): media timing, an optional timing function, removal
/// on completion, and a completion called when it stops.
///
/// Animations are values: `Layer.add(_:forKey:)` stores a copy, as Core Animation copies an animation
/// when it is added, so changing the original afterwards changes nothing on screen.
public protocol LayerAnimation {
  /// beginTime, duration, speed, timeOffset, repeats, autoreverse, fill mode.
  var timing: MediaTiming { get set }
  /// nil is linear for explicit animations (`CAAnimation.timingFunction`'s default).
  var timingFunction: TimingFunction? { get set }
  /// Removed from the layer once its active duration has passed (default true).
  var isRemovedOnCompletion: Bool { get set }
  /// Called once when the animation stops: `true` when it ran to its end, `false` when it was removed or
  /// replaced first (`animationDidStop(_:finished:)`).
  var completion: ((Bool) -> Void)? { get set }
  /// The key paths it animates, for dumps and error messages.
  var keyPathNames: [String] { get }
  /// The kind's name in scene documents and dumps (`basic`, `spring`, `keyframe`, `group`), so that
  /// `inspect` names an attached animation the way a document would declare it.
  var typeName: String { get }
  /// Writes the animated values into `presentation` at `parentTime`, the layer's local time.
  func apply(to presentation: Layer, parentTime: Double)
  /// Fills in what Core Animation fills in when the animation is added: a nil from-value becomes the
  /// value on screen (`onScreen` is a presentation copy of the layer at that moment) and a zero duration
  /// becomes `defaultDuration`.
  mutating func prepare(onScreen: Layer, defaultDuration: Double)
  /// Rejects what Core Animation would silently mishandle: wrong value counts, bad key times, a key path
  /// the layer does not have. Returns a message, or nil when the animation is sound.
  func validate(for layer: Layer) -> String?
}

/// The highest repeat cycle counted: far past any repeat count a document may give (a million), and
/// exactly representable as both `Double` and `Int`, so an extreme time clamps instead of trapping.
private let maxCycleIndex = 1e15

extension LayerAnimation {
  /// The eased fraction 0...1 of the current cycle and the index of the cycle, or nil when the
  /// animation contributes nothing at `parentTime` (outside its active interval without fill).
  func progress(at parentTime: Double) -> (fraction: Double, iteration: Int)? {
    guard let local = timing.basicLocalTime(parentTime: parentTime) else { return nil }
    let duration = timing.duration
    let raw = duration > 0 ? local / duration : 1
    let eased = timingFunction?.value(at: raw) ?? raw
    return (eased, iteration(at: parentTime))
  }

  /// Which repeat cycle `parentTime` falls in (0 for the first), clamped to the active interval.
  func iteration(at parentTime: Double) -> Int {
    let cycle = timing.cycleDuration
    guard cycle > 0 else { return 0 }
    let active = min(max(timing.activeLocalTime(parentTime: parentTime), 0), timing.activeDuration)
    let cycles = (active / cycle).rounded(.down)
    var k = cycles.isNaN ? 0 : Int(exactly: min(cycles, maxCycleIndex)) ?? 0
    // At the very end of a whole number of cycles the value is the end of the last one, not the next.
    if active > 0, active == timing.activeDuration, Double(k) * cycle == active { k -= 1 }
    return max(k, 0)
  }

  /// True when, at `parentTime`, the animation has ended and is removed (so contributes nothing). At exactly
  /// the end (up to rounding) it is not yet: the end value shows, the model value only from a later time.
  func isRemoved(at parentTime: Double) -> Bool {
    isRemovedOnCompletion && timing.activeDuration.isFinite && timing.hasEnded(parentTime: parentTime)
  }
}

/// A rotation mode for keyframe animations along a path (`CAAnimationRotationMode`).
public enum RotationMode: String, CaseIterable, Sendable {
  /// The layer turns to follow the path's tangent.
  case auto = "auto"
  /// The tangent plus a half turn.
  case autoReverse = "autoReverse"
}
