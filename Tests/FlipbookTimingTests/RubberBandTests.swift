import Testing

@testable import FlipbookTiming

@Suite struct RubberBandTests {
  @Test(arguments: [(5.0, 2.74), (10, 5.47), (100, 52.02), (400, 178.98), (960, 340.65)])
  func offsetsMatchTheChpwnTable(distance: Double, offset: Double) {
    // Grant Paul's (@chpwn) formula at d = 960, as tabulated in "Analysis of Apple's rubber band scrolling"
    // (squareb.wordpress.com, 2013).
    #expect(abs(RubberBand.offset(distance: distance, dimension: 960) - offset) < 0.005)
    #expect(abs(RubberBand.offset(distance: -distance, dimension: 960) + offset) < 0.005)
  }

  @Test(arguments: [
    (416.0, 60.0, 127.5), (416, 65, 140.1), (416, 110, 271.9),
    (460, 60, 125.5), (460, 65, 137.6), (460, 110, 262.9),
    (480, 60, 124.7), (480, 65, 136.7), (480, 110, 259.5),
    (568, 60, 122.0), (568, 65, 133.5), (568, 110, 248.0),
    (667, 60, 119.9), (667, 65, 130.9), (667, 110, 239.5),
  ])
  func inverseMatchesThePullThresholdTable(dimension: Double, offset: Double, distance: Double) {
    #expect(abs(RubberBand.distance(offset: offset, dimension: dimension) - distance) < 0.05)
  }

  @Test func inverseRoundTrips() {
    for x in [-300.0, -1, 0, 0.5, 42, 1000] {
      let b = RubberBand.offset(distance: x, dimension: 568)
      #expect(abs(RubberBand.distance(offset: b, dimension: 568) - x) < 1e-9 * max(1, abs(x)))
    }
    #expect(RubberBand.coefficient == 0.55)
    #expect(RubberBand.distance(offset: 568, dimension: 568) == .infinity)
  }
}
