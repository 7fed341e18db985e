import Dispatch
import Foundation

// MARK: - parallelMap

/// Computes `body(0)`, …, `body(count - 1)` on up to `jobs` threads and returns the results in index
/// order. It lives here, at the bottom of the module graph, because both the frame pipeline and the
/// animated PNG encoder deflate independent images in parallel.
///
/// `DispatchQueue.concurrentPerform` alone would use one thread per CPU whatever `jobs` says, so it runs
/// `jobs` workers instead, each taking the next unclaimed index until none are left: frames vary in cost
/// (a frame with a blur, a repeat that is skipped), and claiming beats fixed striding at keeping every
/// worker busy. Which thread computes an item never affects its result, so the output does not depend on
/// `jobs`.
public func parallelMap<R>(count: Int, jobs: Int, _ body: @Sendable (Int) -> R) -> [R] {
  guard count > 0 else { return [] }
  let slots = Slots<R>(count: count)
  let claims = IndexClaims(count: count)
  @Sendable func work(_: Int) {
    while let index = claims.next() {
      slots.store(body(index), at: index)
    }
  }
  let workers = min(max(1, jobs), count)
  if workers == 1 {
    work(0)  // no thread hop for a single job
  } else {
    DispatchQueue.concurrentPerform(iterations: workers, execute: work)
  }
  return slots.collect()
}

// MARK: - IndexClaims

/// Hands out 0, 1, 2, … once each, from any thread.
private final class IndexClaims: @unchecked Sendable {
  private let lock = NSLock()
  private var nextIndex = 0
  private let count: Int

  init(count: Int) {
    self.count = count
  }

  func next() -> Int? {
    lock.lock()
    defer { lock.unlock() }
    guard nextIndex < count else { return nil }
    defer { nextIndex += 1 }
    return nextIndex
  }
}

// MARK: - Slots

/// Fixed storage that worker threads fill, one distinct index each.
///
/// `@unchecked Sendable` because the compiler cannot see the discipline that makes it safe: every index is
/// written by exactly one worker (`IndexClaims` hands each out once), nothing is read until
/// `concurrentPerform` has returned (which happens after every iteration finished, ordering all writes
/// before the reads), and distinct elements of raw memory never overlap. A Swift array would not do: a
/// mutation through a class property is an exclusive access to the whole array, which concurrent workers
/// would violate even at different indices.
private final class Slots<Element>: @unchecked Sendable {
  private let buffer: UnsafeMutablePointer<Element?>
  private let count: Int

  init(count: Int) {
    self.count = count
    buffer = .allocate(capacity: count)
    buffer.initialize(repeating: nil, count: count)
  }

  deinit {
    buffer.deinitialize(count: count)
    buffer.deallocate()
  }

  func store(_ value: Element, at index: Int) {
    buffer[index] = value
  }

  /// Every stored element, in index order; call only once all workers have finished.
  func collect() -> [Element] {
    (0..<count).map { index in
      guard let value = buffer[index] else { preconditionFailure("parallelMap: slot \(index) was never filled") }
      return value
    }
  }
}
