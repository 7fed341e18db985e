import FlipbookGraphics
import FlipbookTiming
import Foundation

// MARK: - AnimationGroup

/// Runs several animations in one time space (`CAAnimationGroup`).
///
/// Children are evaluated at the group's basic local time, so the group's repeats, autoreverse, speed and
/// timing function apply to all of them; a child's `beginTime` is an offset from the group's start and is
/// not rewritten when the group is added; a child with no duration takes the group's; children are
/// clipped to the group's duration (a 10 s child in a 5 s group shows its first 5 s). Only the group's
/// completion and removal count.
public struct AnimationGroup: LayerAnimation {
  /// The children, evaluated in the group's time.
  public var animations: [any LayerAnimation]
  public var timing = MediaTiming()
  public var timingFunction: TimingFunction?
  public var isRemovedOnCompletion = true
  public var completion: ((Bool) -> Void)?

  /// A group of `animations` lasting `duration` seconds (0 takes the transaction's duration when added).
  public init(_ animations: [any LayerAnimation], duration: Double = 0) {
    self.animations = animations
    self.timing.duration = duration
  }

  public var keyPathNames: [String] { animations.flatMap(\.keyPathNames) }
  public var typeName: String { "group" }

  public mutating func prepare(onScreen: Layer, defaultDuration: Double) {
    if timing.duration <= 0 { timing.duration = defaultDuration }
    for i in animations.indices {
      var child = animations[i]
      // A child's removal is ignored in a group: it holds or disappears by its fill mode alone.
      child.isRemovedOnCompletion = false
      child.prepare(onScreen: onScreen, defaultDuration: timing.duration)
      animations[i] = child
    }
  }

  public func validate(for layer: Layer) -> String? {
    for (i, child) in animations.enumerated() {
      if let problem = child.validate(for: layer) { return "animations[\(i)]: \(problem)" }
    }
    return nil
  }

  public func apply(to presentation: Layer, parentTime: Double) {
    guard !isRemoved(at: parentTime), let local = timing.basicLocalTime(parentTime: parentTime) else { return }
    var groupTime = local
    if let timingFunction, timing.duration > 0 {
      groupTime = timingFunction.value(at: local / timing.duration) * timing.duration
    }
    for child in animations {
      // Clipped to the group: a child's own fill and removal apply inside the group's time only.
      child.apply(to: presentation, parentTime: groupTime)
    }
  }
}
