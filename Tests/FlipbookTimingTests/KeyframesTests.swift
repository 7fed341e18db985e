import Testing

@testable import FlipbookTiming

@Suite struct KeyframesTests {
  @Test func linearKeyTimesPlaceTheSegments() {
    let timeline = KeyframeTimeline(count: 3, keyTimes: [0, 0.25, 1])
    let (index, local) = timeline.locate(0.125)
    #expect(index == 0 && local == 0.5)
    let later = timeline.locate(0.625)
    #expect(later.index == 1 && later.localFraction == 0.5)
    #expect(timeline.locate(0) == (0, 0))
    #expect(timeline.locate(1) == (1, 1))
    #expect(timeline.locate(-1) == (0, 0))
    #expect(timeline.locate(2) == (1, 1))
  }

  @Test func withoutKeyTimesSegmentsAreEven() {
    let timeline = KeyframeTimeline(count: 5)
    #expect(timeline.keyTimes == [0, 0.25, 0.5, 0.75, 1])
    let (index, local) = timeline.locate(0.6)
    #expect(index == 2 && abs(local - 0.4) < 1e-12)
  }

  @Test func perSegmentTimingFunctionsShapeTheLocalFraction() {
    let timeline = KeyframeTimeline(count: 3, keyTimes: [0, 0.25, 1], timingFunctions: [.easeIn, .linear])
    let (index, local) = timeline.locate(0.125)
    #expect(index == 0 && abs(local - TimingFunction.easeIn.value(at: 0.5)) < 1e-12)
    #expect(abs(local - 0.315357) < 1e-5)
    #expect(timeline.locate(0.625) == (1, 0.5))
    // A short array leaves the remaining segments linear.
    let short = KeyframeTimeline(count: 3, timingFunctions: [.easeOut])
    #expect(short.locate(0.75) == (1, 0.5))
  }

  @Test func discreteWithoutKeyTimesHoldsEachValueEqually() {
    let timeline = KeyframeTimeline(count: 4, mode: .discrete)
    #expect(timeline.keyTimes == [0, 0.25, 0.5, 0.75, 1])
    #expect(timeline.locate(0).index == 0)
    #expect(timeline.locate(0.24).index == 0)
    #expect(timeline.locate(0.25).index == 1)
    #expect(timeline.locate(0.8).index == 3)
    #expect(timeline.locate(1) == (3, 0))
  }

  @Test func discreteWithKeyTimesHoldsUntilTheNextTime() {
    let timeline = KeyframeTimeline(count: 3, keyTimes: [0, 0.1, 0.9, 1], mode: .discrete)
    #expect(timeline.locate(0.05).index == 0)
    #expect(timeline.locate(0.1).index == 1)
    #expect(timeline.locate(0.89).index == 1)
    #expect(timeline.locate(0.95).index == 2)
    #expect(timeline.locate(1).index == 2)
    // n entries are not enough for discrete: evenly spaced instead.
    let wrong = KeyframeTimeline(count: 3, keyTimes: [0, 0.1, 1], mode: .discrete)
    #expect(wrong.locate(0.5).index == 1)
  }

  @Test func pacedTimesFollowDistance() {
    let timeline = KeyframeTimeline(count: 3, keyTimes: [0, 0.9, 1], mode: .paced, distances: [1, 3])
    #expect(timeline.keyTimes == [0, 0.25, 1])
    #expect(timeline.locate(0.25) == (0, 1))
    #expect(timeline.locate(0.125) == (0, 0.5))
    let (index, local) = timeline.locate(0.625)
    #expect(index == 1 && local == 0.5)
  }

  @Test func pacedIgnoresTimingFunctionsAndFallsBackWithoutDistances() {
    let timeline = KeyframeTimeline(
      count: 3, mode: .cubicPaced, timingFunctions: [.easeIn, .easeIn], distances: [3, 1])
    #expect(timeline.locate(0.375) == (0, 0.5))
    #expect(KeyframeTimeline(count: 3, mode: .paced, distances: [0, 0]).keyTimes == [0, 0.5, 1])
    #expect(KeyframeTimeline(count: 3, mode: .paced, distances: [2]).keyTimes == [0, 0.5, 1])
  }

  @Test func invalidKeyTimesFallBackToEvenSpacing() {
    for keyTimes in [[0, 1], [0, 0.7, 0.5, 1], [0.1, 0.5, 1], [0, 0.5, 0.9]] as [[Double]] {
      let count = keyTimes.count == 2 ? 3 : keyTimes.count
      let timeline = KeyframeTimeline(count: count, keyTimes: keyTimes)
      #expect(timeline.keyTimes == KeyframeTimeline(count: count).keyTimes)
    }
  }

  @Test func validationExplainsTheProblem() {
    #expect(
      KeyframeTimeline.validate(keyTimes: [0, 1], count: 3, mode: .linear)
        == "keyTimes must have 3 entries for 3 values")
    #expect(
      KeyframeTimeline.validate(keyTimes: [0, 0.6, 0.4, 1], count: 4, mode: .cubic) == "keyTimes must not decrease")
    #expect(
      KeyframeTimeline.validate(keyTimes: [0.1, 0.5, 1], count: 3, mode: .linear)
        == "keyTimes must start at 0 and end at 1")
    #expect(
      KeyframeTimeline.validate(keyTimes: [0, 0.5, 0.9], count: 3, mode: .linear)
        == "keyTimes must start at 0 and end at 1")
    let discrete = KeyframeTimeline.validate(keyTimes: [0, 0.5, 1], count: 3, mode: .discrete)
    #expect(discrete?.hasPrefix("keyTimes must have 4 entries for 3 values") == true)
    #expect(KeyframeTimeline.validate(keyTimes: [0, 0.5, 1], count: 3, mode: .linear) == nil)
    #expect(KeyframeTimeline.validate(keyTimes: [0, 1], count: 3, mode: .paced) == nil)
    #expect(KeyframeTimeline.validate(keyTimes: nil, count: 3, mode: .linear) == nil)
    #expect(
      KeyframeTimeline.validate(keyTimes: [0, .nan, 1], count: 3, mode: .linear) == "keyTimes must be finite numbers")
  }

  @Test func repeatedKeyTimesJump() {
    let timeline = KeyframeTimeline(count: 4, keyTimes: [0, 0.5, 0.5, 1])
    #expect(timeline.locate(0.5) == (0, 1))
    #expect(timeline.locate(0.75) == (2, 0.5))
  }

  @Test func degenerateCounts() {
    #expect(KeyframeTimeline(count: 1).locate(0.5) == (0, 0))
    #expect(KeyframeTimeline(count: 0).locate(0.5) == (0, 0))
    #expect(CalculationMode(rawValue: "cubicPaced") == .cubicPaced)
    #expect(CalculationMode.allCases.count == 5)
  }
}
