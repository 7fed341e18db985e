import Foundation
import Testing

@testable import FlipbookLive

/// The debouncer on instants the test makes up: no clock is read and nothing sleeps.
@Suite("Debouncer")
struct DebouncerTests {
  static let start = ContinuousClock.now
  static func at(_ milliseconds: Int) -> ContinuousClock.Instant { start.advanced(by: .milliseconds(milliseconds)) }

  /// `fire(at:)` outside `#expect`, whose expansion cannot call a mutating method.
  func fire(_ debouncer: inout Debouncer<ContinuousClock.Instant>, _ milliseconds: Int) -> Bool {
    debouncer.fire(at: Self.at(milliseconds))
  }

  static func make() -> Debouncer<ContinuousClock.Instant> {
    Debouncer(quietPeriod: .milliseconds(75), maximumDelay: .milliseconds(500))
  }

  @Test("An editor's burst (write, rename, chmod within 3 ms) is one render, 75 ms after its last event")
  func burst() {
    var debouncer = Self.make()
    #expect(debouncer.deadline == nil)
    #expect(!fire(&debouncer, 0))
    for ms in [0, 1, 3] { debouncer.note(at: Self.at(ms)) }
    #expect(debouncer.deadline == Self.at(78))
    #expect(!fire(&debouncer, 77))
    #expect(fire(&debouncer, 78))
    // Fired once: nothing more is pending until the next event.
    #expect(!fire(&debouncer, 1000))
    #expect(debouncer.deadline == nil)
  }

  @Test("Events 50 ms apart keep postponing the render, but never past 500 ms after the first")
  func neverQuiet() {
    var debouncer = Self.make()
    var renders: [Int] = []
    for ms in stride(from: 0, through: 1200, by: 10) {
      if ms % 50 == 0 { debouncer.note(at: Self.at(ms)) }
      if debouncer.fire(at: Self.at(ms)) { renders.append(ms) }
    }
    // 500 ms after the first event of each burst: 0 → 500, then the burst starting at 550 → 1050.
    #expect(renders == [500, 1050])
  }

  @Test("Two saves further apart than the quiet period are two renders")
  func twoSaves() {
    var debouncer = Self.make()
    var renders: [Int] = []
    for ms in 0...400 {
      if ms == 0 || ms == 200 { debouncer.note(at: Self.at(ms)) }
      if debouncer.fire(at: Self.at(ms)) { renders.append(ms) }
    }
    #expect(renders == [75, 275])
  }

  @Test("The trigger returns once a burst has settled, whichever thread noted it")
  func trigger() {
    let trigger = ChangeTrigger()
    for _ in 0..<5 { trigger.note() }
    let started = ContinuousClock.now
    trigger.wait()
    let waited = started.duration(to: .now)
    #expect(waited >= ChangeTrigger.quietPeriod - .milliseconds(5))
    #expect(waited < .seconds(1))
    // Blocked with nothing pending, it wakes for a note from another thread.
    Thread.detachNewThread { trigger.note() }
    trigger.wait()
  }
}
