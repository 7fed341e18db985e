import FlipbookGraphics
import FlipbookLayers
import FlipbookTiming
import Foundation

// MARK: - Value at a frame

extension Array {
  /// The value keyframes in `self` give at `frame`, as lottie-ios's `KeyframeInterpolator` computes it
  /// (`Sources/Private/Utility/Interpolatable/KeyframeInterpolator.swift` and `KeyframeExtensions.swift`, 4.6.1):
  /// before the first keyframe its value, after the last the last's, inside a hold span the span's start value,
  /// otherwise eased by the span's timing curve and interpolated — along the spatial cubic for points, by arc
  /// length as Core Animation moves along a path. Nil for no keyframes.
  func lottieValue<T: Animatable>(atFrame frame: Double) -> T? where Element == LottieKeyframe<T> {
    guard let first = self.first, let last = self.last else { return nil }
    if count == 1 || frame <= first.frame { return first.value }
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
      var path = Path()
      path.move(to: a)
      path.addCurve(
        to: b, control1: CGPoint(x: a.x + out.x, y: a.y + out.y), control2: CGPoint(x: b.x + into.x, y: b.y + into.y))
      return PathMeasure(path).point(atFraction: progress) as? T
    }
    return from.value.interpolated(to: to.value, fraction: progress)
  }
}
