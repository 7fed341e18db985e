import Foundation

// MARK: - OrderedWorkQueue

/// Computes `work(input)` for inputs handed in one at a time, on `jobs` threads, and hands the results
/// back in the order the inputs came. It serves streaming encoders that must write their pieces in order
/// but can compute each on its own: the caller keeps reading and preparing the next inputs while the
/// threads compute, where `parallelMap` over a batch would leave threads idle at each batch's end and the
/// caller idle while the batch runs.
///
/// The caller bounds the memory: `pending` counts the inputs given but whose results were not yet taken,
/// and `takeNext()` waits for the oldest. With one job no thread is started: `submit` computes the result
/// before it returns. Which thread computes an input never changes its result, so the results do not
/// depend on `jobs`.
///
/// Not thread-safe itself: one caller submits and takes. The threads stop once the queue is released.
public final class OrderedWorkQueue<Input: Sendable, Output: Sendable> {
  /// How many threads compute; 1 computes on the caller's thread.
  public let jobs: Int
  private let shared: Shared
  private let work: @Sendable (Input) -> Output
  private var started = false

  /// A queue whose results come from `work`, computed on `jobs` threads (at least 1).
  public init(jobs: Int, work: @escaping @Sendable (Input) -> Output) {
    self.jobs = max(1, jobs)
    self.work = work
    shared = Shared()
  }

  deinit {
    shared.close()
  }

  /// Inputs submitted whose results have not been taken.
  public var pending: Int { shared.withLock { $0.submitted - $0.taken } }

  /// Waits until fewer than `limit` inputs are still to be computed (waiting or being computed). Inputs
  /// usually outweigh results (frames against their compressed bytes), so this bounds the memory without
  /// making the threads wait on the oldest result: a slow input ahead does not stop the others.
  public func waitUntilUncomputed(below limit: Int) {
    shared.waitUntilUncomputed(below: max(1, limit))
  }

  /// Queues `input`; with one job, computes its result now.
  public func submit(_ input: Input) {
    if jobs == 1 {
      let output = work(input)
      shared.withLock { state in
        state.results[state.submitted] = output
        state.submitted += 1
        state.computed += 1
      }
      return
    }
    if !started { startThreads() }
    shared.enqueue(input)
  }

  /// The results at the front that are ready, in order, without waiting.
  public func takeReady() -> [Output] {
    shared.withLock { state in
      var ready: [Output] = []
      while let output = state.results.removeValue(forKey: state.taken) {
        ready.append(output)
        state.taken += 1
      }
      return ready
    }
  }

  /// The oldest result not yet taken, waiting for it; nil when every result was taken.
  public func takeNext() -> Output? {
    shared.waitForNext()
  }

  private func startThreads() {
    started = true
    for _ in 0..<jobs {
      let shared = self.shared
      let work = self.work
      let thread = Thread {
        while let (index, input) = shared.nextInput() {
          shared.store(work(input), at: index)
        }
      }
      thread.name = "OrderedWorkQueue"
      thread.start()
    }
  }

  // MARK: - Shared

  /// The state the caller and the threads share, behind one condition variable.
  private final class Shared: @unchecked Sendable {
    struct State {
      var inputs: [(index: Int, input: Input)] = []
      var results: [Int: Output] = [:]
      var submitted = 0
      var computed = 0
      var taken = 0
      var closed = false
    }

    private let condition = NSCondition()
    private var state = State()

    func withLock<T>(_ body: (inout State) -> T) -> T {
      condition.lock()
      defer { condition.unlock() }
      return body(&state)
    }

    func enqueue(_ input: Input) {
      condition.lock()
      state.inputs.append((state.submitted, input))
      state.submitted += 1
      condition.broadcast()
      condition.unlock()
    }

    /// The next input for a thread, waiting for one; nil once the queue is closed and drained.
    func nextInput() -> (Int, Input)? {
      condition.lock()
      defer { condition.unlock() }
      while state.inputs.isEmpty && !state.closed { condition.wait() }
      guard !state.inputs.isEmpty else { return nil }
      // The caller keeps few inputs waiting, so taking the first is cheap; holding it no longer frees
      // its memory as soon as its result is stored.
      let next = state.inputs.removeFirst()
      return (next.index, next.input)
    }

    func store(_ output: Output, at index: Int) {
      condition.lock()
      state.results[index] = output
      state.computed += 1
      condition.broadcast()
      condition.unlock()
    }

    func waitUntilUncomputed(below limit: Int) {
      condition.lock()
      defer { condition.unlock() }
      while state.submitted - state.computed >= limit { condition.wait() }
    }

    func waitForNext() -> Output? {
      condition.lock()
      defer { condition.unlock() }
      guard state.taken < state.submitted else { return nil }
      while state.results.index(forKey: state.taken) == nil { condition.wait() }
      let output = state.results.removeValue(forKey: state.taken)
      state.taken += 1
      return output
    }

    /// Lets the threads finish what they hold and stop.
    func close() {
      condition.lock()
      state.closed = true
      condition.broadcast()
      condition.unlock()
    }
  }
}
