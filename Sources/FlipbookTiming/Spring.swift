import Foundation

/// A damped harmonic oscillator pulling a value from 0 to 1 (`CASpringAnimation`'s model).
///
/// The displacement from the target, y = value − 1, obeys m·y″ + c·y′ + k·y = 0 with y(0) = −1 and
/// y′(0) = `initialVelocity`. With α = c / 2m, ω₀ = √(k/m) and ζ = α/ω₀ the closed forms are
/// y = e^(−αt)·(A·C(t) + B·S(t)), A = −1, B = v₀ + α·A, where
/// - under-damped (ζ < 1, ω = ω₀√(1−ζ²)): C = cos ωt, S = sin(ωt)/ω;
/// - critically damped (ζ = 1): C = 1, S = t;
/// - over-damped (ζ > 1, γ = ω₀√(ζ²−1)): C = cosh γt, S = sinh(γt)/γ.
/// S is written so that it tends to t at ζ → 1 from either side; nothing divides by a vanishing ω or γ.
public struct Spring: Hashable, Sendable {
  /// The mass m. Default 1 (`CASpringAnimation.mass`).
  public var mass: Double
  /// The spring constant k. Default 100 (`CASpringAnimation.stiffness`).
  public var stiffness: Double
  /// The damping coefficient c. Default 10 (`CASpringAnimation.damping`).
  public var damping: Double
  /// The velocity at t = 0 in units of the total distance per second, positive towards the target.
  /// Default 0 (`CASpringAnimation.initialVelocity`).
  public var initialVelocity: Double

  /// Creates a spring; the defaults are `CASpringAnimation`'s.
  public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0) {
    self.mass = mass
    self.stiffness = stiffness
    self.damping = damping
    self.initialVelocity = initialVelocity
  }

  /// The threshold of ``settlingDuration``: the spring counts as settled once it stays within 0.001 of the
  /// total distance of its target — a thousandth, under half a point for moves of up to 500 pt. Apple does
  /// not publish the threshold `CASpringAnimation.settlingDuration` uses; this is a choice.
  public static let settlingThreshold = 0.001

  /// The undamped angular frequency ω₀ = √(k/m), in radians per second.
  public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

  /// The damping ratio ζ = c / (2·√(k·m)): below 1 the spring overshoots, 1 is critical, above 1 it creeps.
  public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

  /// The fraction of the way from 0 to 1 at time `t` (seconds); 0 for t ≤ 0.
  public func value(at t: Double) -> Double {
    guard t > 0 else { return 0 }
    return 1 + displacement(at: t)
  }

  /// The rate of change of ``value(at:)``, in total distances per second; `initialVelocity` for t ≤ 0.
  public func velocity(at t: Double) -> Double {
    guard t > 0 else { return initialVelocity }
    let (a, b) = coefficients
    let (_, dc, _, ds) = basis(at: t)
    return a * dc + b * ds
  }

  /// The time after which |1 − value| stays below ``settlingThreshold``.
  ///
  /// Every regime is bounded by |y(t)| ≤ (|A| + |B|·t)·e^(−λt), with λ = α (under, critical) or α − γ
  /// (over), because |sin ωt / ω| ≤ t and sinh(γt)/γ ≤ t·cosh γt. Under-damped springs additionally obey
  /// the envelope |y| ≤ R·e^(−αt), R = √(A² + (B/ω)²). For an under-damped spring the result is the earlier
  /// of the two bounds' crossing times: a guarantee that varies continuously with the parameters (so
  /// ``uiView(dampingRatio:initialVelocity:duration:)`` can solve for it) and that tends to the critical value as
  /// ζ → 1. Critically and over-damped springs cross zero at most once, so their exact last crossing is found by
  /// scanning back from the bound and bisecting. Infinite without damping.
  public var settlingDuration: Double {
    let epsilon = Self.settlingThreshold
    guard mass > 0, stiffness > 0, damping > 0 else { return .infinity }
    let (a, b) = coefficients
    let zeta = dampingRatio
    let alpha = damping / (2 * mass)
    let omega0 = naturalFrequency
    let lambda = zeta > 1 ? alpha - omega0 * (zeta * zeta - 1).squareRoot() : alpha
    let bound = Self.crossing(a: abs(a), b: abs(b), rate: lambda, epsilon: epsilon)
    if zeta < 1 {
      let omega = omega0 * (1 - zeta * zeta).squareRoot()
      let amplitude = (a * a + (b / omega) * (b / omega)).squareRoot()
      let envelope = amplitude > epsilon ? log(amplitude / epsilon) / alpha : 0
      return min(bound, envelope)
    }
    return lastExceedance(before: bound, epsilon: epsilon)
  }

  /// A UIKit-style spring (`UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:…)`):
  /// mass 1, damping ratio `dampingRatio`, and the stiffness for which ``settlingDuration`` equals `duration`.
  ///
  /// Apple publishes no formula for this mapping (as for the bounce-back spring, ``BounceSpring``); this is the
  /// inferred model, consistent with the parameters' documented meanings: stiffness k is found by bisection on ω₀ = √k,
  /// and the damping is c = 2·ζ·√(k·m). `initialVelocity` is UIKit's: relative to the total animation distance per
  /// second (1 = the whole distance in one second), the same unit as ``initialVelocity``.
  /// - Precondition: `dampingRatio > 0` and `duration > 0`.
  public static func uiView(dampingRatio: Double, initialVelocity: Double, duration: Double) -> Spring {
    precondition(dampingRatio > 0 && duration > 0, "a UIView spring needs a positive damping ratio and duration")
    func spring(_ omega0: Double) -> Spring {
      Spring(mass: 1, stiffness: omega0 * omega0, damping: 2 * dampingRatio * omega0, initialVelocity: initialVelocity)
    }
    // Settling time falls as the spring stiffens; bracket the root, then bisect in log space.
    var lo = 1 / duration
    var hi = 1 / duration
    while spring(lo).settlingDuration < duration, lo > 1e-9 { lo /= 2 }
    while spring(hi).settlingDuration > duration, hi < 1e9 { hi *= 2 }
    for _ in 0..<200 {
      let mid = (lo * hi).squareRoot()
      if spring(mid).settlingDuration > duration { lo = mid } else { hi = mid }
      if hi / lo - 1 < 1e-13 { break }
    }
    return spring((lo * hi).squareRoot())
  }

  // MARK: - Closed form

  /// A and B of y = e^(−αt)·(A·C + B·S).
  private var coefficients: (a: Double, b: Double) {
    let a = -1.0
    return (a, initialVelocity + damping / (2 * mass) * a)
  }

  private func displacement(at t: Double) -> Double {
    let (a, b) = coefficients
    let (c, _, s, _) = basis(at: t)
    return a * c + b * s
  }

  /// e^(−αt)·C(t), its derivative, e^(−αt)·S(t) and its derivative, for the current regime.
  private func basis(at t: Double) -> (c: Double, dc: Double, s: Double, ds: Double) {
    let alpha = damping / (2 * mass)
    let omega0 = naturalFrequency
    let zeta = alpha / omega0
    if zeta < 1 {
      let omega = omega0 * (1 - zeta * zeta).squareRoot()
      let decay = exp(-alpha * t)
      let (cosine, sine) = (cos(omega * t), sin(omega * t))
      let sinc = omega > 0 ? sine / omega : t
      return (
        decay * cosine, decay * (-alpha * cosine - omega * sine), decay * sinc, decay * (cosine - alpha * sinc)
      )
    }
    if zeta == 1 {
      let decay = exp(-alpha * t)
      return (decay, -alpha * decay, decay * t, decay * (1 - alpha * t))
    }
    // Over-damped: combine the exponentials first so that cosh and sinh cannot overflow.
    let gamma = omega0 * (zeta * zeta - 1).squareRoot()
    let slow = exp((gamma - alpha) * t)
    let fast = exp((-gamma - alpha) * t)
    let coshPart = (slow + fast) / 2
    let sinhPart = (slow - fast) / 2
    // sinh(γt)/γ loses digits to cancellation when γt is small; evaluate it directly there.
    let sinc = gamma * t < 1 ? exp(-alpha * t) * sinh(gamma * t) / gamma : sinhPart / gamma
    return (coshPart, -alpha * coshPart + gamma * sinhPart, sinc, coshPart - alpha * sinc)
  }

  // MARK: - Settling search

  /// The time after which (a + b·t)·e^(−λt) stays below ε (a, b ≥ 0, λ > 0).
  private static func crossing(a: Double, b: Double, rate lambda: Double, epsilon: Double) -> Double {
    func f(_ t: Double) -> Double { (a + b * t) * exp(-lambda * t) }
    // f rises until 1/λ − a/b, then falls for good.
    let peak = b > 0 ? max(0, 1 / lambda - a / b) : 0
    guard f(peak) >= epsilon else { return 0 }
    var lo = peak
    var hi = peak + 1 / lambda
    while f(hi) >= epsilon { (lo, hi) = (hi, hi * 2) }
    for _ in 0..<200 where hi - lo > 1e-12 * hi {
      let mid = (lo + hi) / 2
      if f(mid) >= epsilon { lo = mid } else { hi = mid }
    }
    return hi
  }

  /// The last time |y| reaches ε, given that it stays below ε after `bound`. Used for critically and
  /// over-damped springs, whose displacement changes sign at most once, so a fine scan cannot miss a lobe.
  private func lastExceedance(before bound: Double, epsilon: Double) -> Double {
    guard bound > 0 else { return 0 }
    let steps = 4096
    let h = bound / Double(steps)
    var i = steps
    while i > 0, abs(displacement(at: Double(i) * h)) < epsilon { i -= 1 }
    guard i < steps else { return bound }
    var lo = Double(i) * h
    var hi = lo + h
    for _ in 0..<100 where hi - lo > 1e-13 * hi {
      let mid = (lo + hi) / 2
      if abs(displacement(at: mid)) >= epsilon { lo = mid } else { hi = mid }
    }
    return hi
  }
}
