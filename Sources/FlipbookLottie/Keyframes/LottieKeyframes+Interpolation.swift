import FlipbookGraphics
import FlipbookLayers
import FlipbookTiming
import Foundation

// MARK: - Value at a frame

extension Array {
  /// The value keyframes in `self` give at `frame`, as lottie-ios's `KeyframeInterpolator` computes it
  /// (`Sources/Private/Utility/Interpolatable/KeyframeInterpolator.swift` and `KeyframeExtensions.swift`, 4.6.1):
  /// before the first keyframe its value, after the last the last's, inside a hold span the span's start value
  /// (where several keyframes share a time, the last of them: the interpolator walks forward past every keyframe at
  /// or before `frame`, so in-point keyframes `[hidden@0, shown@0, …]` read shown at 0, as iOS draws
  /// `Issues/issue_2330` at progress 0), otherwise eased by the span's timing curve and interpolated — along the
  /// spatial cubic for points, by arc length as Core Animation moves along a path. Nil for no keyframes.
  func lottieValue<T: Animatable>(atFrame frame: Double) -> T? where Element == LottieKeyframe<T> {
    guard let first = self.first, let last = self.last else { return nil }
    if count == 1 || frame < first.frame { return first.value }
    if frame >= last.frame { return last.value }
    // The last keyframe at or before `frame` (binary search: keyframes are in time order).
    var low = 0
    var high = count - 1
    while high - low > 1 {
      let mid = (low + high) / 2
      if self[mid].frame <= frame { low = mid } else { high = mid }
    }
    let from = self[low]
    let to = self[high]
    guard !from.isHold, to.frame > from.frame else { return from.value }
    let linear = (frame - from.frame) / (to.frame - from.frame)
    let c1 = from.outTangent ?? .zero
    let c2 = to.inTangent ?? CGPoint(x: 1, y: 1)
    let progress = TimingFunction(controlPoints: c1.x, c1.y, c2.x, c2.y).value(at: linear)
    if let a = from.value as? CGPoint, let b = to.value as? CGPoint, let out = from.spatialOutTangent,
      let into = to.spatialInTangent, !(out == .zero && into == .zero)
    {
      let c1 = CGPoint(x: a.x + out.x, y: a.y + out.y)
      let c2 = CGPoint(x: b.x + into.x, y: b.y + into.y)
      return LottieSpatialCurve(a, c1, c2, b).point(atLengthFraction: progress) as? T
    }
    return from.value.interpolated(to: to.value, fraction: progress)
  }
}

// MARK: - Spatial curves

/// The cubic a point follows between two keyframes with spatial tangents, walked by arc length as lottie-ios's
/// `CGPoint.interpolate(_:outTangent:inTangent:amount:)` walks it (`Sources/Private/Utility/Extensions/
/// MathKit.swift`, 4.6.1: lengths from 20 samples of the curve). Flipbook measures the same 20 chords and
/// interpolates the curve's parameter linearly inside the chord that holds the distance.
struct LottieSpatialCurve {
  let p0: CGPoint
  let p1: CGPoint
  let p2: CGPoint
  let p3: CGPoint

  /// Chords the length is measured with (lottie-ios's `samples: 20`).
  static let samples = 20

  init(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint) {
    self.p0 = p0
    self.p1 = p1
    self.p2 = p2
    self.p3 = p3
  }

  /// The point at parameter `t` of the Bézier curve.
  func point(at t: Double) -> CGPoint {
    let u = 1 - t
    let a = u * u * u
    let b = 3 * u * u * t
    let c = 3 * u * t * t
    let d = t * t * t
    return CGPoint(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
  }

  /// The point `fraction` of the way along the curve's length.
  func point(atLengthFraction fraction: Double) -> CGPoint {
    if fraction <= 0 { return p0 }
    if fraction >= 1 { return p3 }
    var lengths = [0.0]
    var previous = p0
    for i in 1...Self.samples {
      let next = point(at: Double(i) / Double(Self.samples))
      lengths.append(lengths[i - 1] + hypot(next.x - previous.x, next.y - previous.y))
      previous = next
    }
    let target = fraction * lengths[Self.samples]
    guard lengths[Self.samples] > 0 else { return p0 }
    var i = 1
    while i < Self.samples, lengths[i] < target { i += 1 }
    let span = lengths[i] - lengths[i - 1]
    let local = span > 0 ? (target - lengths[i - 1]) / span : 0
    return point(at: (Double(i - 1) + local) / Double(Self.samples))
  }
}
