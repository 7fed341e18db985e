import Testing

@testable import FlipbookTiming

@Suite struct MediaTimingTests {
  @Test func defaultsMatchCoreAnimation() {
    let timing = MediaTiming()
    #expect(timing.beginTime == 0 && timing.duration == 0 && timing.speed == 1 && timing.timeOffset == 0)
    #expect(timing.repeatCount == 0 && timing.repeatDuration == 0 && !timing.autoreverses)
    #expect(timing.fillMode == .removed)
    #expect(FillMode.allCases.map(\.rawValue) == ["removed", "forwards", "backwards", "both"])
  }

  @Test func activeLocalTimeFollowsTheHeaderFormula() {
    let timing = MediaTiming(beginTime: 2, speed: 3, timeOffset: 0.5)
    #expect(timing.activeLocalTime(parentTime: 4) == 6.5)
  }

  @Test func activeDurationCountsCyclesRepeatsAndRepeatDuration() {
    // Lockwood ch. 9: duration 2, repeatCount 3.5 → 7 s.
    #expect(MediaTiming(duration: 2, repeatCount: 3.5).activeDuration == 7)
    #expect(MediaTiming(duration: 2, autoreverses: true).cycleDuration == 4)
    #expect(MediaTiming(duration: 2, repeatCount: 2, autoreverses: true).activeDuration == 8)
    #expect(MediaTiming(duration: 1.5, repeatDuration: 6).activeDuration == 6)
    #expect(MediaTiming(duration: 1, repeatCount: .infinity).activeDuration == .infinity)
    #expect(MediaTiming(duration: 1).activeDuration == 1)
  }

  @Test func phasesAroundTheActiveInterval() {
    let timing = MediaTiming(beginTime: 1, duration: 2)
    #expect(timing.evaluate(parentTime: 0.5) == .before)
    #expect(timing.evaluate(parentTime: 1) == .active(0))
    #expect(timing.evaluate(parentTime: 2) == .active(1))
    #expect(timing.evaluate(parentTime: 3) == .active(2))
    #expect(timing.evaluate(parentTime: 3.01) == .after)
  }

  @Test func repeatsFoldIntoOnePass() {
    let timing = MediaTiming(duration: 1.5, repeatDuration: 6)
    #expect(timing.evaluate(parentTime: 1.6) == .active(1.6 - 1.5))
    #expect(timing.evaluate(parentTime: 3) == .active(0))
    // Exactly at the end: the end of the last cycle, not the start of the next (Flipbook's choice, see the manual's
    // Fidelity article).
    #expect(timing.evaluate(parentTime: 6) == .active(1.5))
  }

  @Test func partialLastCycleEndsMidway() throws {
    // Book value repeatDuration 5 on 1.5 s groups → 3⅓ cycles ending at f = 1/3 (`CAMediaTiming.repeatDuration`).
    let timing = MediaTiming(duration: 1.5, repeatDuration: 5, fillMode: .forwards)
    let end = try #require(timing.fraction(parentTime: 5))
    #expect(abs(end - 1.0 / 3) < 1e-12)
    #expect(timing.fraction(parentTime: 7) == end)
  }

  @Test func wholeCycleEndSurvivesDivisionError() {
    // 0.9 / 0.3 is 3.0000000000000004 in binary floating point.
    let timing = MediaTiming(duration: 0.3, repeatDuration: 0.9)
    #expect(timing.evaluate(parentTime: 0.9) == .active(0.3))
    // And 3 × 0.3 = 0.8999999999999999 still counts parent time 0.9 as the end.
    let counted = MediaTiming(duration: 0.3, repeatCount: 3)
    guard case .active(let u) = counted.evaluate(parentTime: 0.9) else {
      Issue.record("expected active")
      return
    }
    #expect(abs(u - 0.3) < 1e-12)
    #expect(counted.evaluate(parentTime: 0.9 + 1e-9) == .after)
  }

  @Test func autoreverseMirrorsOddPasses() {
    let timing = MediaTiming(duration: 2, repeatCount: 1, autoreverses: true)
    #expect(timing.evaluate(parentTime: 0.5) == .active(0.5))
    #expect(timing.evaluate(parentTime: 2.5) == .active(1.5))
    #expect(timing.evaluate(parentTime: 4) == .active(0))
    // repeatCount 1.5 with autoreverse ends on the far value (UIKit's "add 0.5").
    let half = MediaTiming(duration: 2, repeatCount: 1.5, autoreverses: true)
    #expect(half.evaluate(parentTime: 6) == .active(2))
  }

  @Test(
    arguments: [
      (FillMode.removed, nil, nil), (.forwards, nil, 1.0), (.backwards, 0.0, nil), (.both, 0.0, 1.0),
    ] as [(FillMode, Double?, Double?)])
  func fillModesHoldTheEnds(mode: FillMode, before: Double?, after: Double?) {
    // The table of DTW-Thalion/libs-quartzcore's fillmode.m (https://github.com/DTW-Thalion/libs-quartzcore).
    let timing = MediaTiming(beginTime: 1, duration: 1, fillMode: mode)
    #expect(timing.fraction(parentTime: 0) == before)
    #expect(timing.fraction(parentTime: 5) == after)
    #expect(timing.fraction(parentTime: 1.5) == 0.5)
  }

  @Test func zeroDurationGivesFractionZero() {
    let timing = MediaTiming(fillMode: .both)
    #expect(timing.fraction(parentTime: 0) == 0)
    #expect(timing.fraction(parentTime: 3) == 0)
  }

  @Test func speedScalesAndEndTimeFollows() {
    let timing = MediaTiming(beginTime: 1, duration: 2, speed: 2)
    #expect(timing.evaluate(parentTime: 1.5) == .active(1))
    #expect(timing.endTime == 2)
    #expect(MediaTiming(beginTime: 1, duration: 2, speed: 0.5).endTime == 5)
    #expect(MediaTiming(duration: 1, repeatCount: .infinity).endTime == .infinity)
  }

  @Test func zeroSpeedPausesAtTimeOffset() {
    let timing = MediaTiming(duration: 2, speed: 0, timeOffset: 0.75)
    #expect(timing.evaluate(parentTime: 0) == .active(0.75))
    #expect(timing.evaluate(parentTime: 100) == .active(0.75))
    #expect(timing.endTime == .infinity)
  }

  @Test func negativeSpeedPlaysBackwards() {
    let timing = MediaTiming(duration: 2, speed: -1, timeOffset: 2)
    #expect(timing.evaluate(parentTime: 0) == .active(2))
    #expect(timing.evaluate(parentTime: 0.5) == .active(1.5))
    #expect(timing.evaluate(parentTime: 2) == .active(0))
    #expect(timing.evaluate(parentTime: 2.5) == .before)
    #expect(timing.endTime == 2)
    // Without timeOffset, local time is negative from the start.
    #expect(MediaTiming(duration: 2, speed: -1).evaluate(parentTime: 1) == .before)
  }
}
