import Dispatch
import FlipbookGraphics
import FlipbookImageFormats
import FlipbookLayers
import FlipbookTiming
import Foundation

// MARK: - SimulatedBatch

/// A batch after step 1: each frame's independent layer tree and its manifest entries.
struct SimulatedBatch: @unchecked Sendable {
  let frames: Range<Int>
  let trees: [OwnedTree]
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
  func process(_ batch: SimulatedBatch, after previous: Image?) -> Result<ProcessedBatch, RenderError> {
    Result { () throws(RenderError) -> ProcessedBatch in
      var processed = ProcessedBatch()
      let rasterizing = Stopwatch()
      processed.images = try rasterize(batch, into: &processed)
      processed.wallSeconds.rasterize = rasterizing.seconds
      let encoding = Stopwatch()
      try compareAndEncode(batch, after: previous, into: &processed)
      processed.wallSeconds.encode = encoding.seconds
      return processed
    }
  }

  /// Step 2, in parallel. The trees are released when the batch is.
  private func rasterize(_ batch: SimulatedBatch, into processed: inout ProcessedBatch) throws(RenderError)
    -> [Image]
  {
    let renderer = self.renderer
    let imagesHeld = self.imagesHeld
    let pool = self.pool
    let trees = batch.trees
    let results = timedParallelMap(count: trees.count, jobs: jobs) { index in
      Result { () throws(GraphicsError) -> Image in
        var recycled = pool.take()
        let image = try renderer.renderTree(trees[index].root, recycling: &recycled)
        imagesHeld.add()
        return image
      }
    }
    processed.threadSeconds.rasterize += results.reduce(0) { $0 + $1.seconds }
    var images: [Image] = []
    images.reserveCapacity(results.count)
    for (offset, result) in results.enumerated() {
      let index = batch.frames.lowerBound + offset
      switch result.value {
      case .success(let image):
        let size = PixelSize(width: image.width, height: image.height)
        guard size == expectedSize else {
          throw .frameSize(frame: index, time: seconds(index), expected: expectedSize, actual: size)
        }
        images.append(image)
      case .failure(let error):
        throw .graphics(error, frame: index, time: seconds(index))
      }
    }
    return images
  }

  /// Step 3, in parallel: each image against its fixed neighbour (the one before it in the batch, or
  /// `previous` for the first), then a PNG of each that differs.
  private func compareAndEncode(
    _ batch: SimulatedBatch, after previous: Image?, into processed: inout ProcessedBatch
  ) throws(RenderError) {
    let images = processed.images
    let options = pngOptions
    let results = parallelMap(count: images.count, jobs: jobs) { index in
      let comparing = Stopwatch()
      let neighbour = index == 0 ? previous : images[index - 1]
      let repeats = neighbour.map { samePixels($0, images[index]) } ?? false
      let compareSeconds = comparing.seconds
      let encoding = Stopwatch()
      let data = Result { () throws(GraphicsError) -> Data? in
        repeats ? nil : try images[index].pngData(options: options)
      }
      return (repeats: repeats, data: data, compare: compareSeconds, encode: encoding.seconds)
    }
    for (offset, result) in results.enumerated() {
      processed.threadSeconds.compare += result.compare
      processed.threadSeconds.encode += result.encode
      switch result.data {
      case .success(let data):
        processed.repeats.append(result.repeats)
        processed.encoded.append(data)
      case .failure(let error):
        let index = batch.frames.lowerBound + offset
        throw .graphics(error, frame: index, time: seconds(index))
      }
    }
  }

  /// Frame `index`'s time in seconds, for messages.
  private func seconds(_ index: Int) -> Double { clock.time(ofFrame: index).seconds }
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
