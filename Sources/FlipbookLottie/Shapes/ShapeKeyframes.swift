import FlipbookLayers
import FlipbookTiming
import Foundation

// MARK: - Values at a frame

extension LottieKeyframes {
  /// The value at `frame` as lottie-ios's `KeyframeInterpolator` computes it
  /// (lottie-ios Sources/Private/Utility/Interpolatable/KeyframeExtensions.swift, 4.6.1): the first value before
  /// the first keyframe, the last after the last, a hold keyframe's value until the next one, and between two
  /// keyframes the progress eased by the cubic from the first's out tangent to the second's in tangent (solved
  /// with Core Animation's timing-function solver; the values are sampled finely enough that the solvers'
  /// difference, below 1e-7, does not show). nil when there are no keyframes.
  func value(atFrame frame: Double, interpolate: (Value, Value, Double) -> Value) -> Value? {
    guard let first = keyframes.first, let last = keyframes.last else { return nil }
    if frame <= first.frame { return first.value }
    if frame >= last.frame { return last.value }
    // The last keyframe at or before `frame`: its segment holds the frame.
    var low = 0
    var high = keyframes.count - 1
    while high - low > 1 {
      let middle = (low + high) / 2
      if keyframes[middle].frame <= frame { low = middle } else { high = middle }
    }
    let from = keyframes[low]
    let to = keyframes[high]
    guard to.frame > from.frame, !from.isHold else { return from.value }
    var progress = (frame - from.frame) / (to.frame - from.frame)
    let c1 = from.outTangent ?? .zero
    let c2 = to.inTangent ?? CGPoint(x: 1, y: 1)
    if c1 != .zero || c2 != CGPoint(x: 1, y: 1) {
      progress = TimingFunction(controlPoints: c1.x, c1.y, c2.x, c2.y).value(at: progress)
    }
    return interpolate(from.value, to.value, progress)
  }
}

// MARK: - Combining keyframe groups

/// One animatable property taking part in a combination (a rectangle's size, position and roundness become one
/// path per keyframe), its value type erased.
struct CombinableKeyframes {
  /// The keyframes' timing (frame, hold, easing), values dropped.
  let timings: [LottieKeyframe<Void>]
  /// The value at keyframe `index`, or the only value of a constant.
  let valueAtIndex: (Int) -> Any
  /// The value at a frame, interpolated.
  let valueAtFrame: (Double) -> Any

  /// A property's keyframes with how its values interpolate; nil when it has no keyframe at all.
  init?<V>(_ keyframes: LottieKeyframes<V>, interpolate: @escaping (V, V, Double) -> V) {
    guard let first = keyframes.keyframes.first?.value else { return nil }
    timings = keyframes.keyframes.map { $0.withValue(()) }
    let all = keyframes.keyframes
    valueAtIndex = { index in all.count == 1 ? all[0].value : all[min(index, all.count - 1)].value }
    valueAtFrame = { frame in keyframes.value(atFrame: frame, interpolate: interpolate) ?? first }
  }
}

/// Joining several keyframed properties into one list of keyframes whose values are built from all of them, as
/// lottie-ios does before handing Core Animation one `path` per keyframe (`Keyframes.combined`, lottie-ios
/// Sources/Private/CoreAnimation/Extensions/Keyframes+combined.swift, 4.6.1).
enum ShapeKeyframes {
  /// How finely lottie-ios samples properties whose keyframes do not line up: every tenth of a frame, each
  /// sample a hold keyframe (Keyframes+combined.swift, `manuallyInterpolated`).
  static let sampleStep = 0.1
  /// The most samples one combination takes: a tenth of a frame over 10 000 frames (almost three minutes at
  /// 60 fps); longer spans are sampled more coarsely so time and memory stay bounded.
  static let maxSamples = 100_000

  /// The combined keyframes. When every animated property (more than one keyframe) has the same keyframe
  /// times, holds and easing, there is one combined keyframe per keyframe with that timing (constants repeat
  /// their value) and Core Animation interpolates between them; otherwise the values are sampled every 0.1
  /// frame from the first keyframe to the last as hold keyframes, which Core Animation shows as steps.
  static func combined<R>(_ parts: [CombinableKeyframes], make: ([Any]) -> R) -> LottieKeyframes<R> {
    let animated = parts.filter { $0.timings.count > 1 }
    if let base = animated.first?.timings ?? parts.first?.timings,
      animated.allSatisfy({ sameTiming($0.timings, base) })
    {
      return LottieKeyframes(
        keyframes: base.indices.map { index in base[index].withValue(make(parts.map { $0.valueAtIndex(index) })) })
    }
    let frames = parts.flatMap { $0.timings.map(\.frame) }
    guard let low = frames.min(), let high = frames.max() else { return LottieKeyframes(keyframes: []) }
    let step = max(sampleStep, (high - low) / Double(maxSamples))
    let samples = stride(from: low, to: high, by: step).map { frame in
      LottieKeyframe(value: make(parts.map { $0.valueAtFrame(frame) }), frame: frame, isHold: true)
    }
    return LottieKeyframes(keyframes: samples)
  }

  /// Whether two keyframe lists share their times, holds and easing tangents (spatial tangents do not count, as
  /// in lottie-ios's `hasSameTimingParameters`).
  private static func sameTiming(_ a: [LottieKeyframe<Void>], _ b: [LottieKeyframe<Void>]) -> Bool {
    a.count == b.count
      && zip(a, b).allSatisfy {
        $0.frame == $1.frame && $0.isHold == $1.isHold && $0.inTangent == $1.inTangent
          && $0.outTangent == $1.outTangent
      }
  }
}

// MARK: - Interpolation of the file's value types

/// How lottie-ios interpolates the value types shape items combine (lottie-ios
/// Sources/Private/Utility/Interpolatable/InterpolatableExtensions.swift, 4.6.1): numbers and vectors linearly,
/// paths vertex by vertex.
enum ShapeInterpolation {
  /// A number `amount` of the way from `a` to `b`.
  static func number(_ a: Double, _ b: Double, _ amount: Double) -> Double { a + (b - a) * amount }

  /// A vector, component by component.
  static func vector(_ a: LottieVector, _ b: LottieVector, _ amount: Double) -> LottieVector {
    LottieVector(x: number(a.x, b.x, amount), y: number(a.y, b.y, amount), z: number(a.z, b.z, amount))
  }

  /// A path, vertex by vertex.
  static func path(_ a: LottieBezierPath, _ b: LottieBezierPath, _ amount: Double) -> LottieBezierPath {
    a.interpolated(to: b, amount: amount)
  }

  /// A flat array of numbers (gradient data), element by element over the shorter length.
  static func numbers(_ a: [Double], _ b: [Double], _ amount: Double) -> [Double] {
    zip(a, b).map { number($0, $1, amount) }
  }
}
