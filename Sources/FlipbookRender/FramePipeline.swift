import FlipbookFrames
import FlipbookGraphics
import FlipbookImageFormats
import FlipbookLayers
import FlipbookTiming
import Foundation

// MARK: - FramePipeline

/// Renders a `FrameSource` to a folder of PNG frames and a `manifest.json`, using every core but with
/// memory bounded by a batch, and with output that is the same byte for byte whatever `jobs` is.
///
/// Frames go through the pipeline in batches of `2 × jobs`:
///
/// 1. simulate: the source is advanced and photographed on the calling thread, in order, because the
///    simulation is stateful and not thread-safe;
/// 2. rasterize: the batch's trees are drawn in parallel (each tree is an independent copy);
/// 3. compare and encode, in parallel: each image against the one before it (the previous batch's last
///    image is kept), since a held pull or a spinner stepping at 12 Hz repeats many frames and a
///    comparison costs far less than an encode (`make bench` times both stages); the frames that differ are
///    PNG-encoded. A worker takes its frame through steps 2 and 3 without waiting for the rest of the
///    batch (`BatchStages`);
/// 4. write: in order, into a hidden folder; a repeated frame gets the previous frame's bytes again.
///
/// Steps 2 and 3 of a batch run in the background while the calling thread simulates the next batch and
/// then writes the one before (its manifest entries; the files go to a background writer), so the work
/// that cannot be parallel overlaps the work that is: the next batch starts as soon as a batch's images
/// are done with, not after it is written. Batches of twice the job count keep
/// every thread busy while frames of uneven cost finish, and cap what is held at once to two batches of
/// trees and one of images and PNGs: memory does not grow with the number of frames. Every frame's bytes
/// are a function of its tree alone and each comparison is between fixed neighbours, so `jobs` can only
/// change the speed. Only when every frame and the manifest are written does the folder replace the
/// previous output (see `OutputFolder`).
public struct FramePipeline: Sendable {
  /// Threads for rasterizing and encoding; at least 1.
  public var jobs: Int
  /// How frames are encoded; `.fast` by default (Flipbook's own encoder, `FastPNGEncoder`).
  public var pngOptions: PNGOptions
  /// Draws the frames. Nil (the default) uses the source's `scale` and `background`; a renderer given
  /// here must produce the source's `pixelSize`, which each frame is checked against.
  public var renderer: LayerRenderer?

  /// A pipeline with `jobs` threads (every core by default), `pngOptions` and an optional `renderer`.
  public init(
    jobs: Int = ProcessInfo.processInfo.activeProcessorCount, pngOptions: PNGOptions = .fast,
    renderer: LayerRenderer? = nil
  ) {
    self.jobs = jobs
    self.pngOptions = pngOptions
    self.renderer = renderer
  }

  /// Frames simulated, rasterized and encoded together.
  var batchSize: Int { 2 * max(1, jobs) }

  /// Renders `source` at each of the frames of `frames` (in order) into the folder at `directory`,
  /// replacing it whole on success and leaving it untouched on failure. `manifestHeader` entries go first
  /// in the manifest (a scene name), then the clock's `fps` and `from`. `progress` is called on the
  /// calling thread after each batch.
  public func render(
    _ source: some FrameSource, frames: FrameClock, to directory: String,
    manifestHeader: [(key: String, value: ManifestValue)] = [], progress: ((FrameProgress) -> Void)? = nil
  ) throws(RenderError) -> RenderSummary {
    let clock = Stopwatch()
    let manifest: Manifest
    do throws(ManifestKeyConflict) {
      manifest = try Manifest(
        header: manifestHeader, clock: frames, size: (source.pixelSize.width, source.pixelSize.height),
        scale: source.scale)
    } catch {
      throw .invalidManifest(reason: error.reason)
    }
    var run = try Run(pipeline: self, source: source, frames: frames, manifest: manifest)
    let folder = try OutputFolder(path: directory, marker: FrameFolder.manifestFileName)
    var inFlight: InFlightBatch?
    do throws(RenderError) {
      for start in stride(from: 0, to: frames.count, by: batchSize) {
        let next: SimulatedBatch
        do throws(RenderError) {
          next = try run.simulate(start..<min(frames.count, start + batchSize))
        } catch {
          // The batch before fails first if it fails at all, as it would have without the overlap.
          if let inFlight { try run.complete(inFlight, into: folder) }
          throw error
        }
        if let done = inFlight {
          // The next batch starts as soon as this one's images are free, before this one is written:
          // the workers never wait for the calling thread's writing and bookkeeping.
          let processed = try run.collect(done)
          inFlight = run.start(next)
          try run.write(processed, of: done.batch, into: folder)
          progress?(FrameProgress(framesDone: run.framesDone, total: frames.count, elapsedSeconds: clock.seconds))
        } else {
          inFlight = run.start(next)
        }
      }
      if let last = inFlight {
        inFlight = nil
        try run.complete(last, into: folder)
        progress?(FrameProgress(framesDone: run.framesDone, total: frames.count, elapsedSeconds: clock.seconds))
      }
      try run.finish(into: folder)
    } catch {
      // Let the batch in the background and queued writes finish first, so that nothing lands in the
      // folder after it is removed.
      _ = inFlight?.wait()
      _ = try? run.writer?.wait()
      folder.discard()
      throw error
    }
    return run.summary(seconds: clock.seconds)
  }
}

// MARK: - Run

/// The state of one render between batches: what the next batch needs from the last (the previous
/// frame's image and bytes), the manifest so far, and the accounting.
private struct Run<Source: FrameSource> {
  let source: Source
  /// When each frame is.
  let clock: FrameClock
  let jobs: Int
  let pngOptions: PNGOptions
  let renderer: LayerRenderer
  let expectedSize: PixelSize
  var manifest: Manifest

  /// The last frame of the previous batch, which the first frame of the next is compared with.
  var previousImage: Image?
  /// The bytes of the last frame written, written again for a frame that repeats it.
  var previousData: Data?
  var framesDone = 0
  var bytesWritten = 0
  var threadSeconds = StageSeconds()
  var wallSeconds = StageSeconds()
  let imagesHeld = HighWaterMark()
  /// Storage of written images for the next frames to be drawn into.
  let pool: ImagePool
  /// Writes frame files in the background, created with the first batch.
  var writer: BackgroundWriter?

  init(pipeline: FramePipeline, source: Source, frames: FrameClock, manifest: Manifest) {
    self.source = source
    self.clock = frames
    jobs = max(1, pipeline.jobs)
    pngOptions = pipeline.pngOptions
    renderer = pipeline.renderer ?? LayerRenderer(scale: source.scale, background: source.background)
    expectedSize = source.pixelSize
    pool = ImagePool(capacity: 2 * jobs + 1)
    self.manifest = manifest
  }

  /// Steps 2 and 3 for `batch`, started in the background against the last image written so far.
  func start(_ batch: SimulatedBatch) -> InFlightBatch {
    let stages = BatchStages(
      renderer: renderer, jobs: jobs, pngOptions: pngOptions, expectedSize: expectedSize, clock: clock,
      imagesHeld: imagesHeld, pool: pool)
    let previous = previousImage
    return InFlightBatch(batch: batch) { stages.process(batch, after: previous) }
  }

  /// Waits for a batch's background stages, then writes it (step 4).
  mutating func complete(_ inFlight: InFlightBatch, into folder: OutputFolder) throws(RenderError) {
    let processed = try collect(inFlight)
    try write(processed, of: inFlight.batch, into: folder)
  }

  /// Waits for a batch's background stages and takes its figures. Its images are done with; only the
  /// last stays, for the next batch's first comparison, and the rest go to the pool for the next batch to
  /// draw into. What is left to write comes back.
  mutating func collect(_ inFlight: InFlightBatch) throws(RenderError) -> ProcessedBatch {
    var processed = try inFlight.take().get()
    threadSeconds.rasterize += processed.threadSeconds.rasterize
    threadSeconds.compare += processed.threadSeconds.compare
    threadSeconds.encode += processed.threadSeconds.encode
    wallSeconds.rasterize += processed.wallSeconds.rasterize
    wallSeconds.encode += processed.wallSeconds.encode
    imagesHeld.remove(processed.images.count - 1 + (previousImage == nil ? 0 : 1))
    // The images compared and encoded are done with: their storage goes to the pool, all but the last,
    // which the next batch's first frame is compared with.
    let images = processed.images
    processed.images = []
    if let previous = previousImage { pool.put(previous) }
    previousImage = images.last
    for image in images.dropLast() { pool.put(image) }
    return processed
  }

  /// Step 4 for a collected batch.
  mutating func write(_ processed: ProcessedBatch, of batch: SimulatedBatch, into folder: OutputFolder)
    throws(RenderError)
  {
    try write(
      processed.encoded, repeats: processed.repeats, states: batch.states, infos: batch.infos, frames: batch.frames,
      into: folder)
  }

  /// Step 1, calling thread, in order: the source is only ever touched here.
  mutating func simulate(_ frames: Range<Int>) throws(RenderError) -> SimulatedBatch {
    let watch = Stopwatch()
    defer { account(watch.seconds, \.simulate) }
    var trees: [OwnedTree] = []
    var states: [FrameState?] = []
    var infos: [[(key: String, value: ManifestValue)]] = []
    for index in frames {
      do {
        try source.advance(to: clock.time(ofFrame: index))
      } catch {
        throw .source(error, frame: index, time: clock.time(ofFrame: index).seconds)
      }
      let snapshot = source.snapshot()
      trees.append(OwnedTree(snapshot.tree))
      states.append(snapshot.state)
      infos.append(snapshot.info)
    }
    return SimulatedBatch(frames: frames, trees: trees, states: states, infos: infos)
  }

  /// Step 4, in order, into the partial folder: the manifest entries now, the files on the background
  /// writer (which first finishes the previous batch's, so a failure stops the render one batch later at
  /// most).
  private mutating func write(
    _ encoded: [Data?], repeats: [Bool], states: [FrameState?], infos: [[(key: String, value: ManifestValue)]],
    frames: Range<Int>, into folder: OutputFolder
  ) throws(RenderError) {
    let watch = Stopwatch()
    defer { account(watch.seconds, \.write) }
    let writer = self.writer ?? BackgroundWriter(folder: folder)
    self.writer = writer
    let (bytes, seconds) = try writer.wait()
    bytesWritten += bytes
    threadSeconds.write += seconds
    var files: [(name: String, data: Data)] = []
    for (offset, index) in frames.enumerated() {
      // A repeat's previous frame always has bytes: the first frame is never a repeat.
      guard let data = encoded[offset] ?? previousData else { preconditionFailure("repeat without a previous frame") }
      files.append((FrameFolder.frameFileName(index: index), data))
      do throws(ManifestKeyConflict) {
        try manifest.addFrame(
          index: index, repeatsPrevious: repeats[offset], state: states[offset], info: infos[offset])
      } catch {
        throw .invalidManifest(reason: error.reason)
      }
      previousData = data
      framesDone += 1
    }
    writer.enqueue(files)
  }

  /// After the last batch: the manifest, then the swap.
  mutating func finish(into folder: OutputFolder) throws(RenderError) {
    let watch = Stopwatch()
    defer {
      account(watch.seconds, \.write)
      threadSeconds.write += watch.seconds
    }
    if let writer {
      let (bytes, seconds) = try writer.wait()
      bytesWritten += bytes
      threadSeconds.write += seconds
    }
    bytesWritten += try folder.write(Data(manifest.json.utf8), named: FrameFolder.manifestFileName)
    try folder.commit()
  }

  func summary(seconds: Double) -> RenderSummary {
    var summary = RenderSummary(
      frames: framesDone, uniqueFrames: manifest.uniqueFrames ?? framesDone, seconds: seconds,
      bytesWritten: bytesWritten,
      stageThreadSeconds: threadSeconds, stageWallSeconds: wallSeconds)
    summary.peakImagesHeld = imagesHeld.peak
    return summary
  }

  /// Adds wall time to a stage; the simulate stage runs on one thread, so its thread time is the same.
  private mutating func account(_ seconds: Double, _ stage: WritableKeyPath<StageSeconds, Double>) {
    wallSeconds[keyPath: stage] += seconds
    if stage == \StageSeconds.simulate { threadSeconds.simulate += seconds }
  }
}
