import Foundation
import Testing

@testable import FlipbookTiming

@Suite struct SpringTests {
  @Test func defaultsMatchCASpringAnimation() {
    let spring = Spring()
    #expect(spring.mass == 1 && spring.stiffness == 100 && spring.damping == 10 && spring.initialVelocity == 0)
    #expect(spring.dampingRatio == 0.5)
  }

  @Test(arguments: [0.05, 0.1, 0.3, 0.7])
  func criticallyDampedMatchesTheClosedForm(t: Double) {
    // m 1, k 100, c 20: ζ = 1, ω = 10; x(t) = 1 − (1 + ωt)·e^(−ωt), the critically damped closed form.
    let spring = Spring(mass: 1, stiffness: 100, damping: 20)
    #expect(spring.dampingRatio == 1)
    #expect(abs(spring.value(at: t) - (1 - (1 + 10 * t) * exp(-10 * t))) < 1e-12)
    #expect(abs(spring.velocity(at: t) - 100 * t * exp(-10 * t)) < 1e-10)
  }

  @Test func initialConditionsHold() {
    for damping in [5.0, 20, 40] {
      let spring = Spring(damping: damping, initialVelocity: 3)
      #expect(spring.value(at: 0) == 0)
      #expect(abs(spring.value(at: 1e-9)) < 1e-8)
      #expect(abs(spring.velocity(at: 1e-9) - 3) < 1e-5)
    }
  }

  @Test func underDampedOvershoots() {
    // ζ = 0.5: the first peak at π/ω overshoots by e^(−πζ/√(1−ζ²)) ≈ 16.3 %.
    let spring = Spring()
    let omega = 10 * (0.75).squareRoot()
    let peak = spring.value(at: .pi / omega)
    #expect(peak > 1)
    #expect(abs(peak - (1 + exp(-.pi * 0.5 / 0.75.squareRoot()))) < 1e-12)
    #expect(abs(spring.velocity(at: .pi / omega)) < 1e-9)
  }

  @Test func overDampedCreepsWithoutOvershoot() {
    let spring = Spring(damping: 50)
    var previous = 0.0
    for i in 1...400 {
      let value = spring.value(at: Double(i) / 100)
      #expect(value >= previous && value < 1)
      previous = value
    }
    // Closed form with roots r = −ω₀(ζ ∓ √(ζ²−1)), ζ = 2.5, ω₀ = 10.
    let (r1, r2) = (-10 * (2.5 - 5.25.squareRoot()), -10 * (2.5 + 5.25.squareRoot()))
    let c1 = r2 / (r1 - r2)
    let c2 = -1 - c1
    let t = 0.37
    #expect(abs(spring.value(at: t) - (1 + c1 * exp(r1 * t) + c2 * exp(r2 * t))) < 1e-12)
  }

  @Test func nearCriticalIsContinuous() {
    let critical = Spring(damping: 20)
    for damping in [20 - 1e-9, 20 + 1e-9] {
      let spring = Spring(damping: damping)
      for t in [0.01, 0.1, 0.5, 2] {
        #expect(abs(spring.value(at: t) - critical.value(at: t)) < 1e-9)
      }
    }
  }

  @Test func criticalSettlingMatchesSampling() {
    // Independently: sample (1 + ωt)·e^(−ωt) every 10 µs and keep the last time it is ≥ 0.001.
    var last = 0.0
    var t = 0.0
    while t < 3 {
      if (1 + 10 * t) * exp(-10 * t) >= 0.001 { last = t }
      t += 1e-5
    }
    let settling = Spring(mass: 1, stiffness: 100, damping: 20).settlingDuration
    #expect(abs(settling - last) < 2e-5)
    #expect(abs(settling - 0.9233) < 1e-3)
  }

  @Test(arguments: [5.0, 10, 14, 20, 30, 60])
  func settledSpringsStaySettled(damping: Double) {
    for velocity in [-2.0, 0, 5, 30] {
      let spring = Spring(damping: damping, initialVelocity: velocity)
      let settling = spring.settlingDuration
      #expect(settling.isFinite && settling > 0)
      var t = settling
      while t < settling * 3 + 1 {
        #expect(abs(1 - spring.value(at: t)) <= Spring.settlingThreshold * (1 + 1e-9))
        t += 0.001
      }
    }
  }

  @Test func undampedNeverSettles() {
    #expect(Spring(damping: 0).settlingDuration == .infinity)
  }

  @Test(arguments: [0.3, 0.5, 0.8, 1, 1.5])
  func uiViewSpringSettlesAtItsDuration(dampingRatio: Double) {
    for (velocity, duration) in [(0.0, 0.5), (0.0, 2), (1.5, 0.8), (-0.5, 1)] {
      let spring = Spring.uiView(dampingRatio: dampingRatio, initialVelocity: velocity, duration: duration)
      #expect(spring.mass == 1)
      #expect(abs(spring.dampingRatio - dampingRatio) < 1e-9)
      #expect(abs(spring.settlingDuration - duration) < 1e-6 * duration)
      #expect(abs(1 - spring.value(at: duration)) <= Spring.settlingThreshold * (1 + 1e-6))
    }
  }
}
