import FlipbookScrolling
import FlipbookTiming
import Testing

@Suite("A touch's x")
struct FingerTrackXTests {
  @Test("x is nil with no keyframe giving it; otherwise carried forward, taken back to the landing, and eased")
  func interpolation() {
    let none = Touch(down: 0, up: 1, keyframes: [FingerKeyframe(time: 0, translation: 0)])
    #expect(none.x(at: 0.5) == nil)
    let touch = Touch(
      down: 0, up: 2,
      keyframes: [
        FingerKeyframe(time: 0, translation: 0),
        FingerKeyframe(time: 0.5, translation: 10, curve: .easeIn, x: 100),
        FingerKeyframe(time: 1.5, translation: 10, x: 300),
        FingerKeyframe(time: 1.8, translation: 20),
      ])
    #expect(touch.x(at: 0.2) == 100, "before the first x, the first x")
    let eased = TimingFunction.easeIn.value(at: 0.5)
    #expect(abs((touch.x(at: 1.0) ?? 0) - (100 + 200 * eased)) < 1e-12)
    #expect(touch.x(at: 1.9) == 300, "carried past the keyframe without x")
  }
}
