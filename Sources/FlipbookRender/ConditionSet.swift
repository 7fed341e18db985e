#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: - ConditionSet

/// One mutex with a condition variable for each kind of waiter, so that an event wakes only the threads
/// waiting for it. `NSCondition` has one condition per lock: every event had to be a broadcast that woke
/// every waiting thread, most of them to find nothing for them and sleep again (about seven context
/// switches a frame with two workers). `Kind`'s raw values must be 0, 1, 2… in order: they index the
/// conditions.
final class ConditionSet<Kind: RawRepresentable<Int> & CaseIterable>: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let conditions = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: Kind.allCases.count)

  init() {
    precondition(Kind.allCases.map(\.rawValue) == Array(0..<Kind.allCases.count), "raw values must be 0..<count")
    precondition(pthread_mutex_init(mutex, nil) == 0, "pthread_mutex_init failed")
    for index in 0..<Kind.allCases.count {
      precondition(pthread_cond_init(conditions + index, nil) == 0, "pthread_cond_init failed")
    }
  }

  deinit {
    for index in 0..<Kind.allCases.count { pthread_cond_destroy(conditions + index) }
    pthread_mutex_destroy(mutex)
    conditions.deallocate()
    mutex.deallocate()
  }

  /// Runs `body` holding the mutex.
  func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }

  /// Sleeps until `kind` is signalled, releasing the mutex meanwhile; only inside `withLock`, and in a loop
  /// that checks what it waits for (a wake-up may be spurious).
  func wait(for kind: Kind) {
    pthread_cond_wait(conditions + kind.rawValue, mutex)
  }

  /// Wakes one thread waiting for `kind`: for an event only one waiter can use.
  func signal(_ kind: Kind) {
    pthread_cond_signal(conditions + kind.rawValue)
  }

  /// Wakes every thread waiting for `kind`.
  func broadcast(_ kind: Kind) {
    pthread_cond_broadcast(conditions + kind.rawValue)
  }

  /// Wakes every waiting thread, whatever it waits for.
  func broadcastAll() {
    for kind in Kind.allCases { broadcast(kind) }
  }
}
