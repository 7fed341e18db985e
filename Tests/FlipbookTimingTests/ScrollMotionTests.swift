import Foundation
import Testing

@testable import FlipbookTiming

@Suite("Scroll motion after release")
struct ScrollMotionTests {
  @Test("Released beyond the top edge, it springs back without overshoot and settles")
  func bounceBack() {
    // A pull released at −65 pt at rest, resting range 0...500.
    let motion = ScrollMotion(position: -65, velocity: 0, limits: 0...500)
    #expect(motion.bounceStart == 0 && motion.restingPosition == 0)
    #expect(motion.position(at: 0) == -65)
    // Critically damped from rest: (d0 + ω·d0·t)·e^(−ωt).
    let t = 0.1
    #expect(abs(motion.position(at: t) - (-65 * (1 + 10 * t) * exp(-10 * t))) < 1e-9)
    let samples = stride(from: 0.0, through: 2, by: 0.01).map { motion.position(at: $0) }
    #expect(samples.allSatisfy { $0 <= 0 }, "never past the edge")
    #expect(zip(samples, samples.dropFirst()).allSatisfy { $0 <= $1 }, "monotonic")
    // Within 0.25 pt after ≈ 0.8 s (ScrollMechanics' spring, https://github.com/super-ultra/ScrollMechanics).
    #expect(abs(motion.settleTime - 0.8) < 0.05)
    #expect(abs(motion.position(at: motion.settleTime)) <= 0.25 + 1e-9)
  }

  @Test("Inside the limits it decelerates to x0 − v0/k: 1000 pt/s travels 499.5 pt at 0.998")
  func deceleration() {
    let motion = ScrollMotion(position: 100, velocity: 1000, limits: 0...10_000)
    #expect(motion.bounceEdge == nil)
    #expect(abs(motion.restingPosition - 100 - 499.5) < 0.1)
    #expect(abs(motion.velocity(at: 0) - 1000) < 1e-9)
    #expect(motion.phase(at: 100) == .decelerating)
    let fast = ScrollMotion(position: 0, velocity: 1000, limits: 0...10_000, rate: DecelerationRate.fast)
    #expect(abs(fast.restingPosition - 99.5) < 0.1)
  }

  @Test("Deceleration that reaches an edge hands over to the spring with the speed it had there")
  func crossing() {
    // Flung upwards (towards negative offsets) from 20 pt at −1000 pt/s: it would stop at −479.5.
    let motion = ScrollMotion(position: 20, velocity: -1000, limits: 0...500)
    #expect(motion.bounceEdge == 0)
    let tc = motion.bounceStart
    #expect(abs(motion.position(at: tc)) < 1e-9)
    let before = motion.velocity(at: tc - 1e-9)
    let after = motion.velocity(at: tc + 1e-9)
    #expect(abs(before - after) < 1e-3, "velocity is continuous at the hand-over")
    // It overshoots past the edge, then returns.
    let lowest = stride(from: tc, through: tc + 1, by: 0.005).map { motion.position(at: $0) }.min()!
    #expect(lowest < -5)
    #expect(abs(motion.position(at: motion.settleTime)) <= 0.25 + 1e-9)
  }

  @Test("A spring's settle time bounds the displacement for good")
  func settleBound() {
    let spring = BounceSpring.scrollView
    for (d0, v0) in [(65.0, 0.0), (-40.0, 300.0), (0.0, -800.0), (10.0, -2000.0)] {
      let settle = spring.settleTime(from: d0, velocity: v0, threshold: 0.25)
      let after = stride(from: settle, through: settle + 2, by: 0.001).map {
        abs(spring.displacement(from: d0, velocity: v0, at: $0))
      }
      #expect(after.allSatisfy { $0 <= 0.25 + 1e-9 })
    }
  }
}
