import FlipbookGraphics
import Foundation

// MARK: - FrameWindow

/// The frames between simulation and writing, shared by the calling thread and the workers without a
/// barrier anywhere: the calling thread adds each frame's tree in order and takes each frame's outcome in
/// order; a drawing thread claims the next tree, publishes its image for the next frame to be compared
/// with, and leaves the frame's outcome. A worker done with a frame claims the next at once, whatever the
/// others are doing, so every core stays busy to the last frame (with batches, the cores waited at the end
/// of each batch for its slowest frame, which cost a third of two cores' time); the calling thread claims
/// one only when it has nothing else to do, and leaves the trees that waiting workers were woken for.
///
/// A drawn image has two uses, its own encoding and the next frame's comparison; after both its storage
/// goes back to the pool. A drawing thread (a worker, or the calling thread) holds at most its own frame's
/// image and the one before it, and the image of the last frame claimed waits only for the next claim, so
/// at most `2 × jobs + 1` images are held, however long the render.
final class FrameWindow: @unchecked Sendable {
  /// What a thread can wait for here: each event wakes only the threads waiting for it.
  enum Wait: Int, CaseIterable {
    /// A worker, for the next frame's tree (or the end, or the render abandoned).
    case tree
    /// A drawing thread, for the image of the frame before its own.
    case neighbour
    /// The calling thread, for a frame's outcome.
    case outcome
  }

  private let lock = ConditionSet<Wait>()
  /// Trees added and not yet claimed, by frame.
  private var trees: [Int: OwnedTree] = [:]
  private var nextClaim = 0
  /// Workers waiting for a tree: each tree added while they wait wakes one of them, and the calling thread
  /// leaves that many trees to them (taking one would wake a worker for nothing).
  private var treeWaiters = 0
  /// No frame from here on will be added: the source failed there, or every frame was added.
  private var end = Int.max
  /// Set when the render fails: workers finish the frame in hand and claim no more.
  private var abandoned = false
  /// Images drawn, by frame, until both uses are over; nil inside for a frame that could not be drawn
  /// (kept, so that the frame after learns it).
  private var drawn: [Int: DrawnImage] = [:]
  private var outcomes: [Int: FrameOutcome] = [:]
  /// The frame whose outcome the calling thread is waiting for, if it is: only that frame's finish wakes it.
  private var awaited: Int?
  private let pool: ImagePool
  private let imagesHeld: HighWaterMark

  init(pool: ImagePool, imagesHeld: HighWaterMark) {
    self.pool = pool
    self.imagesHeld = imagesHeld
  }

  // MARK: Calling thread

  /// Hands frame `index`'s tree to the workers; frames are added in order.
  func add(_ tree: OwnedTree, at index: Int) {
    lock.withLock {
      trees[index] = tree
      lock.signal(.tree)  // one more frame to claim: one waiting worker can have it
    }
  }

  /// No frame from `index` on will be added: workers that run out of frames stop.
  func close(at index: Int) {
    lock.withLock {
      end = index
      lock.broadcastAll()
    }
  }

  /// The render failed: workers stop claiming frames once the one in hand is done.
  func abandon() {
    lock.withLock {
      abandoned = true
      lock.broadcastAll()
    }
  }

  /// The next frame to draw if its tree is already added and more trees are added than workers wait for,
  /// else nil at once: the calling thread, which adds the trees, must never wait for one.
  func claimIfAdded() -> (index: Int, tree: OwnedTree)? {
    lock.withLock { trees.count > treeWaiters ? claimAdded() : nil }
  }

  /// Frame `index`'s outcome, waiting for its worker; each outcome is taken once, in frame order.
  func outcome(of index: Int) -> FrameOutcome {
    lock.withLock {
      waitForOutcome(of: index)
      return outcomes.removeValue(forKey: index)!
    }
  }

  /// Whether frame `index`'s outcome is waiting to be taken: the calling thread lends a hand with another
  /// frame rather than wait for it.
  func hasOutcome(of index: Int) -> Bool {
    lock.withLock { outcomes[index] != nil }
  }

  /// With the lock held.
  private func waitForOutcome(of index: Int) {
    while outcomes[index] == nil {
      awaited = index
      lock.wait(for: .outcome)
    }
    awaited = nil
  }

  // MARK: Drawing threads (the workers, and the calling thread when it draws)

  /// The next frame to draw, waiting for the calling thread to add it; nil once there are no more.
  func claim() -> (index: Int, tree: OwnedTree)? {
    lock.withLock {
      while !abandoned, nextClaim < end, trees[nextClaim] == nil {
        treeWaiters += 1
        lock.wait(for: .tree)
        treeWaiters -= 1
      }
      return claimAdded()
    }
  }

  /// With the lock held.
  private func claimAdded() -> (index: Int, tree: OwnedTree)? {
    guard !abandoned, nextClaim < end, let tree = trees.removeValue(forKey: nextClaim) else { return nil }
    nextClaim += 1
    return (nextClaim - 1, tree)
  }

  /// Frame `index`'s image, or nil when it could not be drawn, for its encoding and the next frame.
  func publish(_ image: Image?, at index: Int) {
    if image != nil { imagesHeld.add() }
    lock.withLock {
      drawn[index] = DrawnImage(image: image, usesLeft: image == nil ? 0 : 2)
      lock.broadcast(.neighbour)
    }
  }

  /// The image frame `index` is compared with: `.some(nil)` for the first frame, nil when the frame
  /// before could not be drawn. It waits only for an earlier frame, which was claimed first and whose
  /// drawing thread publishes it before waiting for anything itself, so the wait always ends.
  func neighbour(of index: Int) -> Image?? {
    guard index > 0 else { return .some(nil) }
    return lock.withLock {
      while drawn[index - 1] == nil { lock.wait(for: .neighbour) }
      guard let image = drawn[index - 1]?.image else { return nil }
      return .some(image)
    }
  }

  /// One use of frame `index`'s image is over; after the second, its storage goes to the pool.
  func release(_ index: Int) {
    let freed: Image? = lock.withLock {
      guard var entry = drawn[index], let image = entry.image else { return nil }
      entry.usesLeft -= 1
      guard entry.usesLeft == 0 else {
        drawn[index] = entry
        return nil
      }
      drawn[index] = nil  // both uses are over: nobody asks for it again
      return image
    }
    guard let freed else { return }
    imagesHeld.remove()
    pool.put(freed)
  }

  /// Frame `index` is done: its outcome waits for the calling thread.
  func finish(_ outcome: FrameOutcome, at index: Int) {
    lock.withLock {
      outcomes[index] = outcome
      if index == awaited { lock.signal(.outcome) }  // only the calling thread waits for outcomes
    }
  }
}

// MARK: - DrawnImage

/// A frame's image and how many of its two uses are still to come.
private struct DrawnImage {
  var image: Image?
  var usesLeft: Int
}

// MARK: - FrameOutcome

/// One frame after its worker: whether it repeats the frame before, its PNG if not, or why it failed.
struct FrameOutcome: @unchecked Sendable {
  var repeats = false
  /// Nil for a repeat (or a failure).
  var data: Data?
  var failure: RenderError?
  var seconds = StageSeconds()
}
