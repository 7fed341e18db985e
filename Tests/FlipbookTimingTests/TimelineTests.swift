import Testing

@testable import FlipbookTiming

@Suite("Timeline: what a preview shows when")
struct TimelineTests {
  /// `count` frames at `rate` from 0.
  func frames(_ count: Int, rate: Int) -> Timeline {
    let clock = FrameClock(start: .zero, rate: Rational(rate), count: count)
    return Timeline(times: Array(clock.times), end: clock.end)!
  }

  func r(_ n: Int64, _ d: Int64 = 1) -> Rational { Rational(n, d)! }

  @Test("Frames become back-to-back entries from 0; times must increase")
  func building() {
    let timeline = frames(3, rate: 60)
    #expect(timeline.entries.map(\.start) == [r(0), r(1, 60), r(1, 30)])
    #expect(timeline.entries.allSatisfy { $0.duration == r(1, 60) })
    #expect(timeline.duration == r(1, 20))
    #expect(Timeline(times: [r(1), r(1)], end: r(2)) == nil)
    #expect(Timeline(times: [r(1)], end: r(1)) == nil)
    #expect(Timeline(times: [r(7, 20), r(11, 30)], end: r(23, 60))?.entries.first?.start == .zero)
  }

  @Test("A cut keeps the frame on screen at its start, trimmed, and ends mid-frame if asked")
  func cutting() {
    let timeline = frames(10, rate: 10).cut(from: r(15, 100), to: r(42, 100))
    #expect(timeline.entries.map(\.frame) == [1, 2, 3, 4])
    #expect(timeline.entries.map(\.duration) == [r(5, 100), r(1, 10), r(1, 10), r(2, 100)])
    #expect(timeline.duration == r(27, 100))
  }

  @Test("Resampling shows the frame on screen at each output time and keeps the length")
  func resampling() {
    // 30 fps to 50 fps: output k at k/50 shows source floor(k·30/50).
    let timeline = frames(6, rate: 30).resampled(rate: r(50))
    #expect(timeline.entries.count == 10)
    #expect(timeline.entries.map(\.frame) == [0, 0, 1, 1, 2, 3, 3, 4, 4, 5])
    #expect(timeline.duration == r(1, 5))
    // A length that is not a whole number of output frames ends with a shorter one.
    let odd = frames(7, rate: 60).resampled(rate: r(50))
    #expect(odd.duration == r(7, 60))
    #expect(odd.entries.last?.duration == r(7, 60) - r(5, 50))
  }

  @Test("Merging joins entries that show the same picture; holds lengthen the first and last")
  func mergingAndHolding() {
    let merged = frames(5, rate: 10).merged { previous, next in next <= 2 }
    #expect(merged.entries.map(\.frame) == [0, 3, 4])
    #expect(merged.entries.map(\.duration) == [r(3, 10), r(1, 10), r(1, 10)])
    let held = merged.holding(first: r(1), last: r(1, 2))
    #expect(held.entries.map(\.start) == [r(0), r(13, 10), r(14, 10)])
    #expect(held.duration == r(2))
  }

  @Test("entryIndex finds the entry on screen at a time")
  func lookup() {
    let timeline = frames(4, rate: 4)
    #expect(timeline.entryIndex(at: r(0)) == 0)
    #expect(timeline.entryIndex(at: r(1, 4)) == 1)
    #expect(timeline.entryIndex(at: r(99, 100)) == 3)
    #expect(timeline.entryIndex(at: r(1)) == nil)
    #expect(timeline.entryIndex(at: r(-1, 100)) == nil)
  }

  @Test("Quantizing to video frames: each frame's start rounds to the nearest tick, the total to the length")
  func quantizing() {
    // A 1.25 s hold at 60 fps is 75 video frames; 7/60 s is 7.
    let timeline = frames(3, rate: 60).holding(first: r(5, 4), last: .zero)
    let ticks = timeline.quantized(ticksPerSecond: r(60), maximumTicks: Int.max)
    #expect(ticks.map(\.frame) == [0, 1, 2] && ticks.map(\.ticks) == [76, 1, 1])
    let ms = frames(3, rate: 60).quantized(ticksPerSecond: r(1000))
    #expect(ms.map(\.ticks) == [17, 16, 17], "starts at 0, 17, 33 ms; the end at 50 ms")
  }
}
