import Dispatch
import FlipbookFrames
import FlipbookGraphics
import FlipbookImageFormats
import FlipbookLayers
import FlipbookSupport
import FlipbookTiming
import Foundation

// MARK: - SimulatedBatch

/// A batch after step 1: each frame's independent layer tree and its manifest entries.
struct SimulatedBatch: @unchecked Sendable {
  let frames: Range<Int>
  let trees: [OwnedTree]
  let states: [FrameState?]
  let infos: [[(key: String, value: ManifestValue)]]
}

// MARK: - ProcessedBatch

/// A batch after steps 2 and 3: its images, which frames repeat the one before, and the PNGs of the rest.
struct ProcessedBatch: Sendable {
  var images: [Image] = []
  var repeats: [Bool] = []
  /// Nil for a repeat.
  var encoded: [Data?] = []
  var threadSeconds = StageSeconds()
  var wallSeconds = StageSeconds()
}

// MARK: - BatchStages

/// The parallel stages of the pipeline: rasterizing a batch's trees, then comparing each image with
/// its neighbour and encoding the ones that differ. Nothing here touches the source or the folder, so it
/// runs on any thread while the calling thread simulates the next batch.
struct BatchStages: Sendable {
  let renderer: LayerRenderer
  let jobs: Int
  let pngOptions: PNGOptions
  let expectedSize: PixelSize
  let clock: FrameClock
  let imagesHeld: HighWaterMark
  /// Images already written, whose storage the next frames are drawn into.
  let pool: ImagePool

  /// Steps 2 and 3 for `batch`, whose first frame follows `previous`. The first failure in frame order
  /// is reported, so the error too is the same for any `jobs`.
  ///
  /// Each worker takes a frame through both steps: it rasterizes the frame and publishes the image, then
  /// waits for the image before it (the previous worker's frame, claimed earlier, so already being drawn),
  /// compares the two and encodes. No worker waits at a barrier between rasterizing and encoding for the
  /// slowest frame of the batch, and a frame that repeats its neighbour frees its worker for the next.
  func process(_ batch: SimulatedBatch, after previous: Image?) -> Result<ProcessedBatch, RenderError> {
    Result { () throws(RenderError) -> ProcessedBatch in
      let renderer = self.renderer
      let imagesHeld = self.imagesHeld
      let pool = self.pool
      let trees = batch.trees
      let expectedSize = self.expectedSize
      let options = pngOptions
      let drawn = DrawnImages(count: trees.count, previous: previous)
      let watch = Stopwatch()
      let results = parallelMap(count: trees.count, jobs: jobs) { offset -> FrameOutcome in
        var outcome = FrameOutcome()
        let index = batch.frames.lowerBound + offset
        let rasterizing = Stopwatch()
        do throws(RenderError) {
          var recycled = pool.take()
          let image: Image
          do throws(GraphicsError) {
            image = try renderer.renderTree(trees[offset].root, recycling: &recycled)
          } catch {
            throw .graphics(error, frame: index, time: seconds(index))
          }
          imagesHeld.add()
          outcome.image = image
          let size = PixelSize(width: image.width, height: image.height)
          guard size == expectedSize else {
            throw .frameSize(frame: index, time: seconds(index), expected: expectedSize, actual: size)
          }
        } catch {
          outcome.failure = error
        }
        outcome.seconds.rasterize = rasterizing.seconds
        drawn.publish(outcome.failure == nil ? outcome.image : nil, at: offset)
        guard outcome.failure == nil, let image = outcome.image else { return outcome }
        // A neighbour that failed fails the batch at an earlier frame: nothing to compare or encode.
        guard case .some(let neighbour) = drawn.neighbour(of: offset) else { return outcome }
        let comparing = Stopwatch()
        outcome.repeats = neighbour.map { samePixels($0, image) } ?? false
        outcome.seconds.compare = comparing.seconds
        let encoding = Stopwatch()
        do throws(GraphicsError) {
          outcome.data = outcome.repeats ? nil : try image.pngData(options: options)
        } catch {
          outcome.failure = .graphics(error, frame: index, time: seconds(index))
        }
        outcome.seconds.encode = encoding.seconds
        return outcome
      }
      var processed = ProcessedBatch()
      var sum = StageSeconds()
      for result in results {
        if let image = result.image { processed.images.append(image) }
        if let failure = result.failure { throw failure }
        processed.repeats.append(result.repeats)
        processed.encoded.append(result.data)
        sum.rasterize += result.seconds.rasterize
        sum.compare += result.seconds.compare
        sum.encode += result.seconds.encode
      }
      processed.threadSeconds = sum
      // The steps overlap on the workers, so the batch's wall time is shared out between them in
      // proportion to their thread time (the wall figures are for reporting only).
      let wall = watch.seconds, busy = sum.rasterize + sum.compare + sum.encode
      processed.wallSeconds.rasterize = busy > 0 ? wall * sum.rasterize / busy : 0
      processed.wallSeconds.encode = wall - processed.wallSeconds.rasterize
      return processed
    }
  }

  /// Frame `index`'s time in seconds, for messages.
  private func seconds(_ index: Int) -> Double { clock.time(ofFrame: index).seconds }
}

// MARK: - FrameOutcome

/// One frame after steps 2 and 3 on its worker.
private struct FrameOutcome: @unchecked Sendable {
  /// Nil when the frame could not be drawn.
  var image: Image?
  var repeats = false
  /// Nil for a repeat (or a failure).
  var data: Data?
  var failure: RenderError?
  var seconds = StageSeconds()
}

// MARK: - DrawnImages

/// The batch's images as their workers draw them, so that each frame's worker can compare it with the
/// frame before. `neighbour(of:)` waits only for an earlier frame, which `parallelMap` handed out first
/// and whose worker publishes it before waiting for anything itself, so the wait always ends.
private final class DrawnImages: @unchecked Sendable {
  private let condition = NSCondition()
  /// Per frame: nil until drawn, then the image, or nil inside when it could not be drawn.
  private var images: [Image??]
  private let previous: Image?

  init(count: Int, previous: Image?) {
    images = Array(repeating: nil, count: count)
    self.previous = previous
  }

  func publish(_ image: Image?, at offset: Int) {
    condition.lock()
    images[offset] = .some(image)
    condition.broadcast()
    condition.unlock()
  }

  /// The image frame `offset` is compared with: `.some(nil)` when there is none (the first frame of a
  /// render), nil when the frame before could not be drawn.
  func neighbour(of offset: Int) -> Image?? {
    guard offset > 0 else { return .some(previous) }
    condition.lock()
    defer { condition.unlock() }
    while images[offset - 1] == nil { condition.wait() }
    guard case .some(.some(let image)) = images[offset - 1] else { return nil }
    return .some(image)
  }
}

// MARK: - InFlightBatch

/// A batch whose parallel stages run on a background thread; `wait()` blocks until they are done.
final class InFlightBatch: @unchecked Sendable {
  let batch: SimulatedBatch
  private let done = DispatchSemaphore(value: 0)
  /// Written once by the background thread before `done` is signalled, read only after waiting on it.
  private var result: Result<ProcessedBatch, RenderError>?
  private var waited = false

  init(batch: SimulatedBatch, _ work: @escaping @Sendable () -> Result<ProcessedBatch, RenderError>) {
    self.batch = batch
    DispatchQueue.global().async {
      self.result = work()
      self.done.signal()
    }
  }

  /// The stages' result; may be called more than once (the first call waits).
  func wait() -> Result<ProcessedBatch, RenderError> {
    if !waited {
      done.wait()
      waited = true
    }
    return result!
  }

  /// The stages' result, no longer kept here (so that its images' storage can be reused).
  func take() -> Result<ProcessedBatch, RenderError> {
    let taken = wait()
    result = .success(ProcessedBatch())
    return taken
  }
}

// MARK: - ImagePool

/// Written frames' images, kept for their storage: a worker draws its next frame into one instead of a
/// fresh zeroed buffer. Bounded, so it holds no more than the pipeline already does.
final class ImagePool: @unchecked Sendable {
  private let lock = NSLock()
  private var images: [Image] = []
  private let capacity: Int

  init(capacity: Int) { self.capacity = capacity }

  func take() -> Image? { lock.withLock { images.popLast() } }

  func put(_ image: Image) {
    lock.withLock { if images.count < capacity { images.append(image) } }
  }
}

/// Whether two images have the same size and pixels, compared as raw memory (the frames are large and
/// mostly equal, so this is the common case and worth a memcmp rather than an element-wise loop).
func samePixels(_ a: Image, _ b: Image) -> Bool {
  guard a.width == b.width, a.height == b.height, a.pixels.count == b.pixels.count else { return false }
  return a.pixels.withUnsafeBytes { pa in
    b.pixels.withUnsafeBytes { pb in
      pa.count == pb.count && (pa.count == 0 || memcmp(pa.baseAddress!, pb.baseAddress!, pa.count) == 0)
    }
  }
}
