import FlipbookGraphics
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
/// 3. compare: in order, each image against the one before it (the previous batch's last image is kept),
///    since a held pull or a spinner stepping at 12 Hz repeats many frames and a comparison costs far less
///    than an encode (see performance.md);
/// 4. encode: the frames that differ are PNG-encoded in parallel (encoding is ~98 % of the work);
/// 5. write: in order, into a hidden folder; a repeated frame gets the previous frame's bytes again.
///
/// Batches of twice the job count keep every thread busy while frames of uneven cost finish, and cap what is
/// held at once to one batch of trees, images and PNGs: memory does not grow with the number of frames.
/// Every frame's bytes are a function of its tree alone and the comparisons run in order, so `jobs` can
/// only change the speed. Only when every frame and the manifest are written does the folder replace the
/// previous output (see `OutputFolder`).
public struct FramePipeline: Sendable {
  /// Threads for rasterizing and encoding; at least 1.
  public var jobs: Int
  /// How frames are encoded; `.fast` by default (Flipbook's own encoder, `FastPNGEncoder`).
  public var pngOptions: PNGOptions
  /// Draws the frames. Nil (the default) uses the source's `scale` and `background`; a renderer given
  /// here must produce the source's `pixelSize`, which each frame is checked against.
  public var renderer: LayerRenderer?

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
    var run = try Run(
      pipeline: self, source: source, frames: frames,
      manifest: Manifest(header: manifestHeader, clock: frames, size: source.pixelSize, scale: source.scale))
    let folder = try OutputFolder(path: directory)
    do throws(RenderError) {
      for start in stride(from: 0, to: frames.count, by: batchSize) {
        try run.renderBatch(start..<min(frames.count, start + batchSize), into: folder)
        progress?(FrameProgress(framesDone: run.framesDone, total: frames.count, elapsedSeconds: clock.seconds))
      }
      try run.finish(into: folder)
    } catch {
      // Let queued writes finish first, so that nothing lands in the folder after it is removed.
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
  /// Writes frame files in the background, created with the first batch.
  var writer: BackgroundWriter?

  init(pipeline: FramePipeline, source: Source, frames: FrameClock, manifest: Manifest) {
    self.source = source
    self.clock = frames
    jobs = max(1, pipeline.jobs)
    pngOptions = pipeline.pngOptions
    renderer = pipeline.renderer ?? LayerRenderer(scale: source.scale, background: source.background)
    expectedSize = source.pixelSize
    self.manifest = manifest
  }

  mutating func renderBatch(_ frames: Range<Int>, into folder: OutputFolder) throws(RenderError) {
    let (trees, infos) = try simulate(frames)
    let images = try rasterize(trees, frames: frames)
    let repeats = compare(images)
    let encoded = try encode(images, skipping: repeats, frames: frames)
    // The batch's images are done with; only the last stays, for the next batch's first comparison.
    imagesHeld.remove(images.count - 1 + (previousImage == nil ? 0 : 1))
    previousImage = images.last
    try write(encoded, repeats: repeats, infos: infos, frames: frames, into: folder)
  }

  /// Step 1, calling thread, in order: the source is only ever touched here.
  private mutating func simulate(_ frames: Range<Int>) throws(RenderError) -> (
    trees: [OwnedTree], infos: [[(key: String, value: ManifestValue)]]
  ) {
    let watch = Stopwatch()
    defer { account(watch.seconds, \.simulate) }
    var trees: [OwnedTree] = []
    var infos: [[(key: String, value: ManifestValue)]] = []
    for index in frames {
      do {
        try source.advance(to: clock.time(ofFrame: index))
      } catch {
        throw .source(error, frame: index, time: seconds(index))
      }
      let snapshot = source.snapshot()
      trees.append(OwnedTree(snapshot.tree))
      infos.append(snapshot.info)
    }
    return (trees, infos)
  }

  /// Step 2, in parallel. The trees are released when this returns; the first failure in frame order is
  /// reported, so the error too is the same for any `jobs`.
  private mutating func rasterize(_ trees: [OwnedTree], frames: Range<Int>) throws(RenderError) -> [Image] {
    let watch = Stopwatch()
    defer { account(watch.seconds, \.rasterize) }
    let renderer = self.renderer
    let imagesHeld = self.imagesHeld
    let results = timedParallelMap(count: trees.count, jobs: jobs) { index in
      Result { () throws(GraphicsError) -> Image in
        let image = try renderer.renderTree(trees[index].root)
        imagesHeld.add()
        return image
      }
    }
    threadSeconds.rasterize += results.reduce(0) { $0 + $1.seconds }
    var images: [Image] = []
    images.reserveCapacity(results.count)
    for (offset, result) in results.enumerated() {
      let index = frames.lowerBound + offset
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

  /// Step 3, in order: whether each image is pixel-identical to the one before it.
  private mutating func compare(_ images: [Image]) -> [Bool] {
    let watch = Stopwatch()
    defer {
      account(watch.seconds, \.compare)
      threadSeconds.compare += watch.seconds
    }
    var previous = previousImage
    return images.map { image in
      defer { previous = image }
      return previous.map { samePixels($0, image) } ?? false
    }
  }

  /// Step 4, in parallel: PNGs of the frames that are not repeats (nil for repeats).
  private mutating func encode(_ images: [Image], skipping repeats: [Bool], frames: Range<Int>) throws(RenderError)
    -> [Data?]
  {
    let watch = Stopwatch()
    defer { account(watch.seconds, \.encode) }
    let options = pngOptions
    let results = timedParallelMap(count: images.count, jobs: jobs) { index in
      Result { () throws(GraphicsError) -> Data? in
        repeats[index] ? nil : try images[index].pngData(options: options)
      }
    }
    threadSeconds.encode += results.reduce(0) { $0 + $1.seconds }
    var encoded: [Data?] = []
    encoded.reserveCapacity(results.count)
    for (offset, result) in results.enumerated() {
      switch result.value {
      case .success(let data): encoded.append(data)
      case .failure(let error):
        let index = frames.lowerBound + offset
        throw .graphics(error, frame: index, time: seconds(index))
      }
    }
    return encoded
  }

  /// Step 5, in order, into the partial folder: the manifest entries now, the files on the background
  /// writer (which first finishes the previous batch's, so a failure stops the render one batch later at
  /// most).
  private mutating func write(
    _ encoded: [Data?], repeats: [Bool], infos: [[(key: String, value: ManifestValue)]], frames: Range<Int>,
    into folder: OutputFolder
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
      files.append((Manifest.fileName(frame: index), data))
      try manifest.addFrame(index: index, repeatsPrevious: repeats[offset], info: infos[offset])
      previousData = data
      framesDone += 1
    }
    writer.enqueue(files)
  }

  /// Frame `index`'s time in seconds, for messages.
  private func seconds(_ index: Int) -> Double { clock.time(ofFrame: index).seconds }

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
    bytesWritten += try folder.write(Data(manifest.json.utf8), named: "manifest.json")
    try folder.commit()
  }

  func summary(seconds: Double) -> RenderSummary {
    var summary = RenderSummary(
      frames: framesDone, uniqueFrames: manifest.uniqueFrames, seconds: seconds, bytesWritten: bytesWritten,
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
