// MARK: - Debouncer

/// Turns a burst of file events into one render: it fires once no event has come for `quietPeriod`, or
/// `maximumDelay` after the burst's first event if events never stop (a file rewritten over and over).
///
/// A save is rarely one event: an editor writes a temporary file, renames it over the document and
/// changes its mode (vim, VS Code), a `git checkout` touches several files, and a render started after
/// the first of them would read a half-made state and then be redone. The debouncer is only arithmetic
/// on instants; whoever drives it reads the clock (`ChangeTrigger`), so tests give it instants of their
/// own and never sleep.
public struct Debouncer<Instant: InstantProtocol>: Sendable where Instant: Sendable, Instant.Duration: Sendable {
  public let quietPeriod: Instant.Duration
  public let maximumDelay: Instant.Duration
  /// The first and the last event of the burst not yet fired.
  private var first: Instant?
  private var last: Instant?

  public init(quietPeriod: Instant.Duration, maximumDelay: Instant.Duration) {
    self.quietPeriod = quietPeriod
    self.maximumDelay = maximumDelay
  }

  /// Notes an event at `now`.
  public mutating func note(at now: Instant) {
    if first == nil { first = now }
    last = now
  }

  /// When the burst fires, if one is pending.
  public var deadline: Instant? {
    guard let first, let last else { return nil }
    return min(last.advanced(by: quietPeriod), first.advanced(by: maximumDelay))
  }

  /// Whether the pending burst is due at `now`; if it is, it is consumed (the next event starts another).
  public mutating func fire(at now: Instant) -> Bool {
    guard let deadline, now >= deadline else { return false }
    first = nil
    last = nil
    return true
  }
}
