import Foundation
import Testing

@testable import FlipbookSupport

// MARK: - OrderedWorkQueue

@Suite struct OrderedWorkQueueTests {
  /// Squares `input`, sleeping longer for early inputs so that later ones finish first on several threads.
  private static func slowSquare(_ input: Int) -> Int {
    usleep(useconds_t(max(0, 12 - input) * 1000))
    return input * input
  }

  @Test(arguments: [1, 2, 4])
  func resultsComeBackInTheOrderTheInputsWent(jobs: Int) {
    let queue = OrderedWorkQueue<Int, Int>(jobs: jobs) { Self.slowSquare($0) }
    var results: [Int] = []
    for input in 0..<20 {
      queue.waitUntilUncomputed(below: 2 * jobs)
      queue.submit(input)
      results += queue.takeReady()
    }
    while let result = queue.takeNext() { results.append(result) }
    #expect(results == (0..<20).map { $0 * $0 })
    #expect(queue.pending == 0)
    #expect(queue.takeNext() == nil)
  }

  @Test func oneJobComputesOnTheCallersThreadBeforeSubmitReturns() {
    let caller = pthread_self()
    let queue = OrderedWorkQueue<Int, Bool>(jobs: 1) { _ in pthread_equal(pthread_self(), caller) != 0 }
    queue.submit(0)
    #expect(queue.takeReady() == [true])
  }

  @Test func severalJobsComputeAtTheSameTime() {
    let running = Mutex()
    nonisolated(unsafe) var now = 0
    nonisolated(unsafe) var most = 0
    let queue = OrderedWorkQueue<Int, Int>(jobs: 3) { input in
      running.withLock {
        now += 1
        most = max(most, now)
      }
      usleep(20_000)
      running.withLock { now -= 1 }
      return input
    }
    for input in 0..<6 { queue.submit(input) }
    var results: [Int] = []
    while let result = queue.takeNext() { results.append(result) }
    #expect(results == Array(0..<6))
    #expect(running.withLock { most } >= 2, "at most \(most) at once")
  }

  @Test func waitingBoundsTheInputsNotYetComputed() {
    // `outstanding` counts inputs submitted whose work has not ended; the work ends before the queue
    // counts it computed, so it never exceeds the queue's own count.
    let lock = Mutex()
    nonisolated(unsafe) var outstanding = 0
    let queue = OrderedWorkQueue<Int, Int>(jobs: 2) { input in
      usleep(input % 3 == 0 ? 6000 : 1000)
      lock.withLock { outstanding -= 1 }
      return input
    }
    var worst = 0
    for input in 0..<24 {
      queue.waitUntilUncomputed(below: 3)
      worst = max(worst, lock.withLock { outstanding })
      lock.withLock { outstanding += 1 }
      queue.submit(input)
    }
    var results: [Int] = []
    while let result = queue.takeNext() { results.append(result) }
    #expect(worst == 2, "at most \(worst) inputs were waiting when the next went in")
    #expect(results == Array(0..<24))
  }
}
