import FlipbookGraphics
import FlipbookLayers
import FlipbookTiming
import Foundation

// MARK: - Keyframes → Core Animation

extension LottieBuildContext {
  /// Shows `keyframes` on `layer`'s property `keyPath`, as lottie-ios's Core Animation engine does
  /// (`CALayer.addAnimation(for:keyframes:value:context:)`, `Sources/Private/CoreAnimation/Animations/
  /// CALayer+addAnimation.swift`, 4.6.1):
  ///
  /// - a dynamic-property override registered for `property` (the customizable name, e.g. "Color") replaces the
  ///   file's keyframes;
  /// - one keyframe sets the value on the layer, no animation;
  /// - otherwise keyframe animations: runs of hold keyframes become discrete, the others linear with one
  ///   `TimingFunction(controlPoints:)` per interval from the easing tangents, a position along a path that
  ///   follows the spatial tangents; key times padded to start at 0 and end at 1; several runs become a group;
  ///   the whole clipped to the played range by ``LottieTimeline/timed(_:)``.
  ///
  /// An expression (`x`) is reported once per keypath as ignored: iOS shows the keyframes (lottie-ios only logs it).
  public func addAnimation<V, T: Animatable>(
    to layer: Layer, _ keyPath: AnimationKeyPath<T>, keyframes: LottieKeyframes<V>, property: String? = nil,
    value: (V) -> T
  ) {
    var source = keyframes.keyframes.map { $0.withValue(value($0.value)) }
    if let property, let override = register(property: property, as: V.self) {
      source = override.keyframes.map { $0.withValue(value($0.value)) }
    } else if keyframes.expression != nil {
      // lottie-ios logs expressions and draws the keyframes; its verdict does not count them.
      report("expressions", kind: .ignored)
    }
    guard let first = source.first else { return }
    if source.count == 1 {
      keyPath.assign(first.value, to: layer)
      return
    }
    guard let animation = animation(keyPath, keyframes: source) else { return }
    do {
      try layer.add(timeline.timed(animation), forKey: keyPath.name)
    } catch {
      report("animation of \(keyPath.name) not built (\(error.message))")
    }
  }

  /// The animation over the whole composition (time 0 at `ip`, lasting the timeline's `animationDuration`) that
  /// moves `keyPath` through `keyframes`, before clipping; nil when it cannot move (fewer than two keyframes).
  public func animation<T: Animatable>(
    _ keyPath: AnimationKeyPath<T>, keyframes: [LottieKeyframe<T>]
  ) -> (any LayerAnimation)? {
    guard keyframes.count > 1 else { return nil }
    if mustUseComplexTimeRemapping {
      // Sampled in composition frames, so built without the layer's own mapping (lottie-ios
      // `context.withoutTimeRemapping()`).
      var global = self
      global.mustUseComplexTimeRemapping = false
      global.timeline.localToGlobalFrame = { $0 }
      return global.animation(keyPath, keyframes: sampledThroughTimeRemapping(keyframes))
    }
    let duration = timeline.animationDuration
    let runs = LottieKeyframeRun.split(keyframes)
    var parts: [KeyframeAnimation<T>] = []
    for (index, run) in runs.enumerated() {
      if let part = segmentAnimation(
        keyPath, run: run, isFirst: index == 0, isLast: index == runs.count - 1, duration: duration)
      {
        parts.append(part)
      }
    }
    if parts.count == 1, parts[0].timing.beginTime == 0, parts[0].timing.duration == duration { return parts[0] }
    guard !parts.isEmpty else { return nil }
    return AnimationGroup(parts, duration: duration)
  }

  /// One run of keyframes with the same calculation mode as a keyframe animation placed in the composition's
  /// time: its span runs from its first to its last keyframe, stretched to the composition's start (first run)
  /// and end (last run) so every instant is covered, as lottie-ios's `animationGroup(for:animationSegments:…)`
  /// places its segments. Keyframes outside `ip…op` widen the span instead of giving key times outside 0…1.
  private func segmentAnimation<T: Animatable>(
    _ keyPath: AnimationKeyPath<T>, run: [LottieKeyframe<T>], isFirst: Bool, isLast: Bool, duration: Double
  ) -> KeyframeAnimation<T>? {
    let times = run.map { timeline.time(forFrame: $0.frame) }
    guard let firstTime = times.first, let lastTime = times.last else { return nil }
    let start = isFirst ? min(0, firstTime) : firstTime
    let end = isLast ? max(duration, lastTime) : lastTime
    guard end > start else { return nil }
    var keyTimes: [Double] = []
    for time in times {
      var fraction = time == end ? 1 : min(max((time - start) / (end - start), 0), 1)
      // One run is one keyframe animation over the whole composition, whose key times lottie-ios stores as
      // `Float` (`NSNumber(value: Float(progressTime))` in `keyframeAnimation(for:keyframes:…)`); a group's runs
      // keep `Double` key times. The rounding decides which hold value shows at a keyframe's exact frame: where
      // the `Float` lies past it, iOS still shows the value before (lottie-ios's references for TypeFace/H at
      // progress 0.25: frame 8, whose key time 8/33 rounds up by 7e-9).
      if isFirst && isLast { fraction = Double(Float(fraction)) }
      keyTimes.append(max(fraction, keyTimes.last ?? 0))
    }
    var values = run.map(\.value)
    var timingFunctions = zip(run, run.dropFirst()).map { from, to in
      // Segment k → k + 1 eases with k's out tangent and k + 1's in tangent (lottie-ios `timingFunctions(for:)`).
      let c1 = from.outTangent ?? .zero
      let c2 = to.inTangent ?? CGPoint(x: 1, y: 1)
      return TimingFunction(controlPoints: c1.x, c1.y, c2.x, c2.y)
    }
    // Key times must start at 0 and end at 1 (`CAKeyframeAnimation.keyTimes`): pad with the first and last
    // values, linearly (lottie-ios `validate(values:keyTimes:timingFunctions:for:context:)`).
    let padsStart = keyTimes[0] != 0
    let padsEnd = keyTimes[keyTimes.count - 1] != 1
    if padsStart {
      keyTimes.insert(0, at: 0)
      values.insert(values[0], at: 0)
      timingFunctions.insert(.linear, at: 0)
    }
    if padsEnd {
      keyTimes.append(1)
      values.append(values[values.count - 1])
      timingFunctions.append(.linear)
    }
    var animation = KeyframeAnimation(keyPath: keyPath, values: values, duration: end - start)
    animation.timing.beginTime = start
    animation.keyTimes = keyTimes
    if run[0].isHold {
      // Discrete keyframes take one key time more than values: the last value only marks the end.
      animation.calculationMode = .discrete
      animation.values.removeLast()
      // A run of one hold keyframe leaves a discrete animation of a single value, and iOS does not show it: the
      // layer keeps its own value over that span. Measured, not documented: lottie-ios's references for
      // `Issues/pr_1632_1` and `pr_1632_2` (the samples of its mixed hold keyframes, lottie-ios #1644) show the
      // fill opaque where the hold keyframe says 0 %.
      if animation.values.count == 1 { return nil }
    } else {
      animation.timingFunctions = timingFunctions
      if keyPath.name == AnimationKeyPath<CGPoint>.position.name, let points = run.map(\.value) as? [CGPoint] {
        animation.path = Self.spatialPath(run, points: points, padsStart: padsStart, padsEnd: padsEnd)
      }
    }
    return animation
  }

  /// The path a position follows through `run`: a cubic from each keyframe to the next whose control points are
  /// the keyframes' spatial tangents (relative to their values), a line where both are zero or absent
  /// (lottie-ios `path(keyframes:value:)`). Padding key times become zero-length lines so each line or curve is
  /// one keyframe segment. lottie-ios closes its path; the closing segment lies past the last key time and is
  /// never reached, so Flipbook leaves it out.
  static func spatialPath<T>(_ run: [LottieKeyframe<T>], points: [CGPoint], padsStart: Bool, padsEnd: Bool) -> Path {
    var path = Path()
    path.move(to: points[0])
    if padsStart { path.addLine(to: points[0]) }
    for i in 0..<(points.count - 1) {
      let from = points[i]
      let to = points[i + 1]
      if let c1 = run[i].spatialOutTangent, let c2 = run[i + 1].spatialInTangent, !(c1 == .zero && c2 == .zero) {
        path.addCurve(
          to: to, control1: CGPoint(x: from.x + c1.x, y: from.y + c1.y),
          control2: CGPoint(x: to.x + c2.x, y: to.y + c2.y))
      } else {
        path.addLine(to: to)
      }
    }
    if padsEnd { path.addLine(to: points[points.count - 1]) }
    return path
  }
}

// MARK: - Runs

/// Splitting keyframes into runs of one calculation mode (lottie-ios `segmentsSplitByCalculationMode()`): where
/// `isHold` changes, the keyframe ends one run and starts the next, so each run knows its full length.
enum LottieKeyframeRun {
  static func split<T>(_ keyframes: [LottieKeyframe<T>]) -> [[LottieKeyframe<T>]] {
    var runs: [[LottieKeyframe<T>]] = []
    var current: [LottieKeyframe<T>] = []
    for keyframe in keyframes {
      guard let last = current.last else {
        current.append(keyframe)
        continue
      }
      current.append(keyframe)
      if keyframe.isHold != last.isHold {
        runs.append(current)
        current = [keyframe]
      }
    }
    runs.append(current)
    return runs
  }
}
