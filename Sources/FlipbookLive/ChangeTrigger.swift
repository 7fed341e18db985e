import Foundation

// MARK: - ChangeTrigger

/// Where file events meet the render loop: the watcher's thread calls `note()`, the render loop blocks
/// in `wait()` until a burst of events has settled (`Debouncer`), renders, and waits again. Events that
/// come during a render start the next burst, so a save in the middle of a render is rendered after it.
///
/// The clock is read here and nowhere near the render: the waiting thread sleeps on a condition until the
/// deadline, so an idle watch uses no CPU at all.
public final class ChangeTrigger: @unchecked Sendable {
  /// Quiet time after the last event before rendering: 75 ms. An editor's save (temporary file, rename,
  /// mode change) or a `git checkout` of a few files ends within a few milliseconds to tens of them, and
  /// 75 ms more is under the ~100 ms a person notices, and a small part of the one second a save may take
  /// to show up.
  public static let quietPeriod: Duration = .milliseconds(75)
  /// The longest a render waits behind events that never stop: a file rewritten in a loop still renders
  /// about every 500 ms, within the second a save may take.
  public static let maximumDelay: Duration = .milliseconds(500)

  private let condition = NSCondition()
  private var debouncer = Debouncer<ContinuousClock.Instant>(quietPeriod: quietPeriod, maximumDelay: maximumDelay)

  public init() {}

  /// A file event, now.
  public func note() {
    condition.lock()
    debouncer.note(at: .now)
    condition.signal()
    condition.unlock()
  }

  /// Blocks until a burst of events has settled, then returns.
  public func wait() {
    condition.lock()
    defer { condition.unlock() }
    while true {
      let now = ContinuousClock.now
      if debouncer.fire(at: now) { return }
      if let deadline = debouncer.deadline {
        let remaining = now.duration(to: deadline)
        let seconds = Double(remaining.components.seconds) + Double(remaining.components.attoseconds) * 1e-18
        _ = condition.wait(until: Date(timeIntervalSinceNow: max(seconds, 0)))
      } else {
        condition.wait()
      }
    }
  }
}
