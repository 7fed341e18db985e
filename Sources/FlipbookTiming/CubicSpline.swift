import Foundation

/// The spline of the cubic calculation modes: Kochanek–Bartels (TCB) tangents and cubic Hermite segments
/// (`CAKeyframeAnimation`'s `tensionValues`, `continuityValues`, `biasValues`:
/// https://developer.apple.com/documentation/quartzcore/cakeyframeanimation).
///
/// Values are component vectors, so scalars (`[x]`), points (`[x, y]`), sizes and colors all work. With tension,
/// continuity and bias all 0 the tangent at an interior key is half the chord from its neighbours — Catmull-Rom.
public enum CubicSpline {
  /// The tangents at each keyframe: `incoming` ends the segment arriving at a key, `outgoing` starts the one leaving.
  ///
  /// At interior key i, with chords L = Pᵢ − Pᵢ₋₁ and R = Pᵢ₊₁ − Pᵢ and tension T, continuity C, bias B
  /// (Kochanek & Bartels 1984):
  /// - outgoing = (1−T)/2 · [(1+B)(1−C)·L + (1−B)(1+C)·R]
  /// - incoming = (1−T)/2 · [(1+B)(1+C)·L + (1−B)(1−C)·R]
  ///
  /// so positive tension tightens the curve, positive continuity turns each tangent towards its own segment's
  /// chord (sharper corners) and positive bias favours the arriving chord, matching Apple's descriptions.
  /// Missing or short parameter arrays count as 0.
  ///
  /// Endpoints have only one chord. They use it for both tangents, scaled by (1 − T): the missing chord is taken
  /// equal to the present one (zero tangent difference), which makes continuity and bias meaningless there and so
  /// ignored. Two keyframes therefore give a straight line, and the curve leaves and enters the ends along the
  /// end chords.
  public static func tangents(
    values: [[Double]], tension: [Double]?, continuity: [Double]?, bias: [Double]?
  ) -> (incoming: [[Double]], outgoing: [[Double]]) {
    let n = values.count
    guard n > 1 else { return (values.map(zero), values.map(zero)) }
    func parameter(_ array: [Double]?, _ i: Int) -> Double {
      guard let array, i < array.count, array[i].isFinite else { return 0 }
      return array[i]
    }
    var incoming: [[Double]] = []
    var outgoing: [[Double]] = []
    incoming.reserveCapacity(n)
    outgoing.reserveCapacity(n)
    for i in 0..<n {
      let t = parameter(tension, i)
      if i == 0 || i == n - 1 {
        let chord = i == 0 ? difference(values[1], values[0]) : difference(values[n - 1], values[n - 2])
        let tangent = scaled(chord, 1 - t)
        incoming.append(tangent)
        outgoing.append(tangent)
        continue
      }
      let c = parameter(continuity, i)
      let b = parameter(bias, i)
      let left = difference(values[i], values[i - 1])
      let right = difference(values[i + 1], values[i])
      let half = (1 - t) / 2
      outgoing.append(combine(left, half * (1 + b) * (1 - c), right, half * (1 - b) * (1 + c)))
      incoming.append(combine(left, half * (1 + b) * (1 + c), right, half * (1 - b) * (1 - c)))
    }
    return (incoming, outgoing)
  }

  /// The cubic Hermite segment from `p0` (leaving with tangent `m0`) to `p1` (arriving with tangent `m1`) at
  /// parameter `t` in `0...1`: h₀₀·p0 + h₁₀·m0 + h₀₁·p1 + h₁₁·m1.
  public static func interpolate(
    _ p0: [Double], _ p1: [Double], outgoing m0: [Double], incoming m1: [Double], t: Double
  ) -> [Double] {
    let t2 = t * t
    let t3 = t2 * t
    let h00 = 2 * t3 - 3 * t2 + 1
    let h10 = t3 - 2 * t2 + t
    let h01 = -2 * t3 + 3 * t2
    let h11 = t3 - t2
    let n = min(p0.count, p1.count, m0.count, m1.count)
    return (0..<n).map { h00 * p0[$0] + h10 * m0[$0] + h01 * p1[$0] + h11 * m1[$0] }
  }

  private static func zero(_ v: [Double]) -> [Double] { Array(repeating: 0, count: v.count) }

  private static func difference(_ a: [Double], _ b: [Double]) -> [Double] { zip(a, b).map { $0 - $1 } }

  private static func scaled(_ a: [Double], _ s: Double) -> [Double] { a.map { $0 * s } }

  private static func combine(_ a: [Double], _ wa: Double, _ b: [Double], _ wb: Double) -> [Double] {
    zip(a, b).map { wa * $0 + wb * $1 }
  }
}
