import Foundation

/// A cubic Bézier easing curve from (0,0) to (1,1) (`CAMediaTimingFunction`), mapping an animation's
/// time fraction to its progress fraction.
///
/// The x coordinates of the control points are clamped to `0...1` so the curve is a function of time,
/// which is the range Core Animation accepts; y may leave `0...1` (overshoot).
public struct TimingFunction: Hashable, Sendable {
  /// x of the first control point, in `0...1`.
  public let c1x: Double
  /// y of the first control point.
  public let c1y: Double
  /// x of the second control point, in `0...1`.
  public let c2x: Double
  /// y of the second control point.
  public let c2y: Double

  /// Creates a curve with control points (c1x, c1y) and (c2x, c2y), like
  /// `CAMediaTimingFunction(controlPoints:_:_:_:)`.
  public init(controlPoints c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
    self.c1x = min(max(c1x, 0), 1)
    self.c1y = c1y
    self.c2x = min(max(c2x, 0), 1)
    self.c2y = c2y
  }

  /// `kCAMediaTimingFunctionLinear` (0,0,1,1): what `CAAnimation.timingFunction == nil` means
  /// (https://developer.apple.com/documentation/quartzcore/caanimation/timingfunction).
  ///
  /// The control points of the named functions below are those of Apple's `CAMediaTimingFunctionName` pages
  /// (https://developer.apple.com/documentation/quartzcore/camediatimingfunctionname), the values the tests of
  /// DTW-Thalion/libs-quartzcore check against Apple's QuartzCore (https://github.com/DTW-Thalion/libs-quartzcore).
  public static let linear = TimingFunction(controlPoints: 0, 0, 1, 1)
  /// `kCAMediaTimingFunctionEaseIn` (0.42,0,1,1).
  public static let easeIn = TimingFunction(controlPoints: 0.42, 0, 1, 1)
  /// `kCAMediaTimingFunctionEaseOut` (0,0,0.58,1).
  public static let easeOut = TimingFunction(controlPoints: 0, 0, 0.58, 1)
  /// `kCAMediaTimingFunctionEaseInEaseOut` (0.42,0,0.58,1), also UIView's default curve
  /// (https://developer.apple.com/documentation/uikit/uiview/animationcurve).
  public static let easeInEaseOut = TimingFunction(controlPoints: 0.42, 0, 0.58, 1)
  /// `kCAMediaTimingFunctionDefault` (0.25,0.1,0.25,1), as Apple's page for `CAMediaTimingFunctionName.default`
  /// gives it; implicit layer actions use it (Nick Lockwood, "iOS Core Animation: Advanced Techniques", ch. 10).
  public static let `default` = TimingFunction(controlPoints: 0.25, 0.1, 0.25, 1)

  /// The named function for "linear", "easeIn", "easeOut", "easeInEaseOut" or "default"; `nil` otherwise.
  public init?(name: String) {
    switch name {
    case "linear": self = .linear
    case "easeIn": self = .easeIn
    case "easeOut": self = .easeOut
    case "easeInEaseOut": self = .easeInEaseOut
    case "default": self = .default
    default: return nil
    }
  }

  /// The progress at time fraction `x`.
  ///
  /// Solves Bx(s) = x for the curve parameter s and returns By(s), the method of WebKit's `UnitBezier.h`
  /// (https://github.com/WebKit/WebKit/blob/main/Source/WebCore/platform/graphics/UnitBezier.h): an 11-sample table
  /// seeds Newton's method, which stops once |Bx(s) − x| < 1e-7; if Newton stalls (flat derivative) or wanders out
  /// of its bracket, bisection finishes the job. Input outside `0...1` is clamped and the ends return exactly 0 and
  /// 1, as Core Animation does (the evaluation tests of DTW-Thalion/libs-quartzcore, checked against Apple's).
  public func value(at x: Double) -> Double {
    guard !x.isNaN else { return 0 }
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    return sampleY(solveParameter(for: x))
  }

  /// Tolerance on x of the solver (WebKit's Newton epsilon, `UnitBezier.h`).
  static let solverEpsilon = 1e-7

  // Polynomial coefficients: B(s) = ((a·s + b)·s + c)·s (WebKit's `UnitBezier.h`).
  private var cx: Double { 3 * c1x }
  private var bx: Double { 3 * (c2x - c1x) - cx }
  private var ax: Double { 1 - cx - bx }
  private var cy: Double { 3 * c1y }
  private var by: Double { 3 * (c2y - c1y) - cy }
  private var ay: Double { 1 - cy - by }

  private func sampleX(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
  private func sampleY(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
  private func slopeX(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

  /// The parameter s in `0...1` with Bx(s) ≈ x. Bx is non-decreasing because both x control points lie in `0...1`.
  private func solveParameter(for x: Double) -> Double {
    // Seed: find the sample interval holding x and interpolate linearly inside it.
    let samples = 10
    var lo = 0.0
    var hi = 1.0
    var previous = 0.0
    var seed = x
    for i in 1...samples {
      let s = Double(i) / Double(samples)
      let value = sampleX(s)
      if value >= x {
        lo = Double(i - 1) / Double(samples)
        hi = s
        seed = value > previous ? lo + (x - previous) / (value - previous) * (hi - lo) : lo
        break
      }
      previous = value
    }
    // Newton, kept inside the bracket [lo, hi].
    var s = seed
    for _ in 0..<8 {
      let error = sampleX(s) - x
      if abs(error) < Self.solverEpsilon { return s }
      let slope = slopeX(s)
      if abs(slope) < 1e-7 { break }
      let next = s - error / slope
      if next < lo || next > hi { break }
      s = next
    }
    // Bisection fallback.
    while hi - lo > 1e-12 {
      s = (lo + hi) / 2
      let value = sampleX(s)
      if abs(value - x) < Self.solverEpsilon { return s }
      if value < x { lo = s } else { hi = s }
    }
    return (lo + hi) / 2
  }
}
