import Foundation
import Testing

@testable import FlipbookTiming

@Suite struct DecayTests {
  @Test func ratesAreTheCitedConstants() {
    #expect(DecelerationRate.normal == 0.998)
    #expect(DecelerationRate.fast == 0.99)
  }

  @Test func normalRateMatchesTheReference() {
    // −1/(1000·ln 0.998): time constant ≈ 0.4995 s; 1000 pt/s travels ≈ 499.5 pt (ScrollMechanics' closed form).
    let decay = Decay(initialValue: 0, initialVelocity: 1000)
    #expect(abs(decay.timeConstant - 0.4995) < 1e-4)
    #expect(abs(decay.destination - 499.5) < 0.05)
    #expect(abs(decay.value(at: 60) - decay.destination) < 1e-9)
  }

  @Test func fastRateMatchesTheReference() {
    let decay = Decay(initialValue: 10, initialVelocity: 1000, rate: DecelerationRate.fast)
    #expect(abs(decay.destination - 10 - 99.5) < 0.05)
  }

  @Test func velocityDecaysPerMillisecond() {
    let decay = Decay(initialVelocity: -800)
    #expect(decay.value(at: 0) == 0)
    #expect(abs(decay.velocity(at: 0.001) - (-800 * 0.998)) < 1e-9)
    #expect(abs(decay.velocity(at: 0.5) - (-800 * pow(0.998, 500))) < 1e-9)
    // The velocity is the derivative of the position.
    let h = 1e-6
    let numeric = (decay.value(at: 0.3 + h) - decay.value(at: 0.3 - h)) / (2 * h)
    #expect(abs(numeric - decay.velocity(at: 0.3)) < 1e-4)
  }

  @Test func durationsReachTheirThresholds() {
    let decay = Decay(initialVelocity: 1000)
    let t = decay.duration(threshold: 10)
    #expect(abs(decay.velocity(at: t) - 10) < 1e-9)
    let s = decay.duration(distanceThreshold: 0.5)
    #expect(abs(decay.destination - decay.value(at: s) - 0.5) < 1e-9)
    #expect(decay.duration(threshold: 2000) == 0)
  }
}
