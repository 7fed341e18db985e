import Foundation

/// A lock for the few process-wide caches (fonts). `Synchronization.Mutex` needs macOS 15, so this wraps
/// `NSLock`, which Foundation has everywhere.
public final class Mutex: @unchecked Sendable {
  private let lock = NSLock()

  /// An unlocked lock.
  public init() {}

  /// Runs `body` holding the lock.

  public func withLock<T>(_ body: () throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }
}
