import Foundation

// MARK: - Converting between layers' time spaces

/// `CALayer`'s `convertTime(_:from:)` and `convertTime(_:to:)`: a time in one layer's local time space expressed in
/// another's. Each level maps its parent's time t to `(t − beginTime) × speed + timeOffset` (the `CAMediaTiming.h`
/// header's formula, as `MediaTiming.activeLocalTime(parentTime:)` applies it); nil stands for the tree's root parent
/// time, the context's clock (Core Animation's absolute time, `CACurrentMediaTime()`).
extension Layer {
  /// The time `t` of `layer`'s time space (nil: the root parent time) in this layer's time space.
  ///
  /// The conversion climbs from `layer` to the nearest ancestor the two share, then descends to this layer,
  /// so a paused layer above both changes nothing. Climbing out of a paused layer (speed 0), where every
  /// parent time shows the same local time, takes the parent time at its `beginTime`.
  public func convertTime(_ t: Double, from layer: Layer?) -> Double {
    let down = ancestorsFromRoot
    let up = layer?.ancestorsFromRoot ?? []
    var shared = 0
    while shared < down.count, shared < up.count, down[shared] === up[shared] { shared += 1 }
    let parentTime = up[shared...].reversed().reduce(t) { time, level in level.parentTime(ofLocalTime: time) }
    return down[shared...].reduce(parentTime) { time, level in level.localTime(fromParentTime: time) }
  }

  /// The time `t` of this layer's time space in `layer`'s (nil: the root parent time).
  public func convertTime(_ t: Double, to layer: Layer?) -> Double {
    guard let layer else { return rootParentTime(ofLocalTime: t) }
    return layer.convertTime(t, from: self)
  }

  /// This layer's time `t` as the tree's root parent time.
  private func rootParentTime(ofLocalTime t: Double) -> Double {
    ancestorsFromRoot.reversed().reduce(t) { time, level in level.parentTime(ofLocalTime: time) }
  }

  /// The superlayer's time at which this layer's local time reads `local`: the inverse of
  /// `localTime(fromParentTime:)`, or `beginTime` when paused (any parent time gives the same local time).
  func parentTime(ofLocalTime local: Double) -> Double {
    guard speed != 0 else { return beginTime }
    return (local - timeOffset) / speed + beginTime
  }
}
