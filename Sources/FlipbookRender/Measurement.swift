import Foundation

// MARK: - Stopwatch

/// Seconds since a start, with `ContinuousClock` (monotonic: a clock change mid-render cannot make a
/// stage take negative time). For reporting only.
struct Stopwatch {
  private let start = ContinuousClock.now

  var seconds: Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
  }

  /// Runs `body` and adds its duration to `total`.
  static func time<T, E: Error>(_ total: inout Double, _ body: () throws(E) -> T) throws(E) -> T {
    let watch = Stopwatch()
    defer { total += watch.seconds }
    return try body()
  }
}

// MARK: - HighWaterMark

/// Counts things held at once from any thread and remembers the most ever held. The pipeline counts its
/// frame images with it so the tests can check that memory is bounded by the batch, not by the number of
/// frames, without measuring RSS (which is noisy and allocator-dependent).
final class HighWaterMark: @unchecked Sendable {
  private let lock = NSLock()
  private var current = 0
  private var highest = 0

  func add(_ count: Int = 1) {
    lock.lock()
    defer { lock.unlock() }
    current += count
    highest = max(highest, current)
  }

  func remove(_ count: Int = 1) {
    lock.lock()
    defer { lock.unlock() }
    current -= count
  }

  var peak: Int {
    lock.lock()
    defer { lock.unlock() }
    return highest
  }
}
