import FlipbookFrames
import FlipbookGraphics
import FlipbookImageFormats
import FlipbookLayers
import FlipbookTiming
import Foundation

// MARK: - FramePipeline

/// Renders a `FrameSource` to a folder of PNG frames and a `manifest.json`, using every core but with
/// memory bounded by a window of frames, and with output that is the same byte for byte whatever `jobs` is.
///
/// 1. simulate: the calling thread advances and photographs the source, in order, because the
///    simulation is stateful and not thread-safe, and keeps `2 × batchSize` frames ahead of the taking
///    (one frame, with one job);
/// 2. draw, compare and encode: `jobs` workers take the frames in order, each a frame at a time through
///    every step (`FrameWorker`), with no barrier between frames (`FrameWindow`);
/// 3. write: the calling thread takes the outcomes in order, adds the manifest entries and hands the
///    files a batch at a time to a background writer, into a hidden folder; a repeated frame gets the
///    previous frame's bytes again.
///
/// So the work that cannot be parallel (the simulation, the manifest, the writing) overlaps the work that
/// is (with one job, the calling thread does step 2 itself and writes each batch as it comes), and memory
/// does not grow with the number of frames: the window's trees and PNGs, and at most `batchSize + 1`
/// images. Only when every frame and the manifest are written does the folder replace the
/// previous output (see `OutputFolder`).
public struct FramePipeline: Sendable {
  /// Threads for rasterizing and encoding; at least 1. With 1 (or a single frame), the calling thread
  /// does everything itself, simulating, drawing, encoding and writing each frame in turn: one job is one
  /// core, as `--jobs 1` says, not a worker with the simulation and the writer running beside it (12-26 %
  /// of a core more on the reference scene, and 13 % more CPU time in all, for the same wall time), which
  /// matters to whoever runs several renders side by side.
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

  /// Frames written (and reported) together; with the frame before, also the most images held at once.
  var batchSize: Int { 2 * max(1, jobs) }

  /// Renders `source` at each of the frames of `frames` (in order) into the folder at `directory`,
  /// replacing it whole on success and leaving it untouched on failure. `manifestHeader` entries go first
  /// in the manifest (a scene name), then the clock's `fps` and `from`. `progress` is called on the
  /// calling thread after each batch is written. The first failure in frame order is the one reported,
  /// whatever `jobs` is.
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
    let threads = min(max(1, jobs), max(1, frames.count))
    var run = Run(pipeline: self, source: source, frames: frames, manifest: manifest, alone: threads == 1)
    let folder = try OutputFolder(path: directory, marker: FrameFolder.manifestFileName)
    let workers = DispatchGroup()
    if threads > 1 {
      for _ in 0..<threads {
        DispatchQueue.global().async(group: workers) { [worker = run.worker, window = run.window] in
          worker.run(window)
        }
      }
    }
    do throws(RenderError) {
      try run.renderAll(into: folder) {
        progress?(FrameProgress(framesDone: $0, total: frames.count, elapsedSeconds: clock.seconds))
      }
      workers.wait()
    } catch {
      // Let the workers and the queued writes finish first, so that nothing lands in the folder after
      // it is removed.
      run.window.abandon()
      workers.wait()
      _ = try? run.writer?.wait()
      folder.discard()
      throw error
    }
    return run.summary(seconds: clock.seconds)
  }
}

// MARK: - Run

/// The calling thread's side of one render: simulating ahead of the workers, then taking their outcomes
/// in order into the manifest and the writer, with the accounting.
private struct Run<Source: FrameSource> {
  let source: Source
  /// When each frame is.
  let clock: FrameClock
  let batchSize: Int
  /// Frames simulated and not yet taken, at most: the trees and PNGs held (beside the batch being
  /// gathered and the one being written).
  let ahead: Int
  let worker: FrameWorker
  let window: FrameWindow
  var manifest: Manifest

  /// Each simulated frame's manifest entries, until it is written.
  var entries: [Int: (state: FrameState?, info: [(key: String, value: ManifestValue)])] = [:]
  /// The bytes of the last frame written, written again for a frame that repeats it.
  var previousData: Data?
  var framesDone = 0
  var bytesWritten = 0
  var threadSeconds = StageSeconds()
  var wallSeconds = StageSeconds()
  let imagesHeld = HighWaterMark()
  /// Writes frame files in the background, created with the first batch.
  var writer: BackgroundWriter?
  /// No worker threads: the calling thread draws and encodes each frame itself when it takes it, and
  /// writes each batch before going on.
  let alone: Bool
  /// The calling thread's wait for a whole batch (`FrameWindow.awaitOutcome(of:)`), not yet counted in a
  /// frame's wall time: the next frame taken counts it.
  var batchWait = 0.0

  init(pipeline: FramePipeline, source: Source, frames: FrameClock, manifest: Manifest, alone: Bool) {
    self.source = source
    self.clock = frames
    self.alone = alone
    batchSize = pipeline.batchSize
    // Alone, a frame is drawn as soon as it is simulated, while its tree is still in the cache.
    ahead = alone ? 1 : 2 * pipeline.batchSize
    let pool = ImagePool(capacity: pipeline.batchSize + 1)
    worker = FrameWorker(
      renderer: pipeline.renderer ?? LayerRenderer(scale: source.scale, background: source.background),
      pngOptions: pipeline.pngOptions, expectedSize: source.pixelSize, clock: frames, pool: pool)
    window = FrameWindow(pool: pool, imagesHeld: imagesHeld)
    self.manifest = manifest
  }

  /// Simulates every frame into the window, keeping `ahead` frames ahead of the writing, and writes
  /// each frame's outcome as it comes, in order, then the manifest. A source that fails at a frame fails
  /// the render there, after the frames before it (whose own failures come first).
  mutating func renderAll(into folder: OutputFolder, progress: (Int) -> Void) throws(RenderError) {
    var simulated = 0
    var sourceFailure: RenderError?
    var files: [(name: String, data: Data)] = []
    /// Whether frames are left to simulate: none after the source failed.
    func moreToSimulate() -> Bool { sourceFailure == nil && simulated < clock.count }
    if clock.count == 0 { window.close(at: 0) }
    while framesDone < simulated || moreToSimulate() {
      if moreToSimulate(), simulated - framesDone < ahead {
        do throws(RenderError) {
          try simulate(simulated)
          simulated += 1
        } catch {
          sourceFailure = error
        }
        if sourceFailure != nil || simulated == clock.count { window.close(at: simulated) }
        continue
      }
      if !alone, files.isEmpty {
        let watch = Stopwatch()
        window.awaitOutcome(of: min(framesDone + batchSize, simulated) - 1)
        batchWait = watch.seconds
      }
      files.append(try take(framesDone))
      // A batch is over when it is full, or when no frame is left to take or to simulate (alone, with one
      // frame simulated ahead, every frame taken catches up with the simulation).
      if files.count == batchSize || (framesDone == simulated && !moreToSimulate()) {
        try write(files, into: folder)
        files = []
        progress(framesDone)
      }
    }
    if let sourceFailure { throw sourceFailure }
    try finish(into: folder)
  }

  /// Step 1 for frame `index`: the source is only ever touched here.
  private mutating func simulate(_ index: Int) throws(RenderError) {
    let watch = Stopwatch()
    defer { account(watch.seconds, \.simulate) }
    do {
      try source.advance(to: clock.time(ofFrame: index))
    } catch {
      throw .source(error, frame: index, time: clock.time(ofFrame: index).seconds)
    }
    let snapshot = source.snapshot()
    entries[index] = (snapshot.state, snapshot.info)
    window.add(OwnedTree(snapshot.tree), at: index)
  }

  /// Frame `index`'s outcome, waited for, in the manifest: its file's name and bytes.
  private mutating func take(_ index: Int) throws(RenderError) -> (name: String, data: Data) {
    let watch = Stopwatch()
    if alone {
      // The frame's tree is in the window (it was just simulated), so `work` neither waits nor finds none.
      let worked = worker.work(on: window)
      precondition(worked, "frame \(index) was not in the window")
    }
    let outcome = window.outcome(of: index)
    let waited = watch.seconds + batchWait
    batchWait = 0
    if let failure = outcome.failure { throw failure }
    threadSeconds.rasterize += outcome.seconds.rasterize
    threadSeconds.compare += outcome.seconds.compare
    threadSeconds.encode += outcome.seconds.encode
    // The calling thread's wait for the workers is their wall time as it saw it, shared out between
    // rasterizing and encoding in proportion to their thread time (for reporting only).
    let busy = outcome.seconds.rasterize + outcome.seconds.compare + outcome.seconds.encode
    let rasterizing = busy > 0 ? waited * outcome.seconds.rasterize / busy : 0
    wallSeconds.rasterize += rasterizing
    wallSeconds.encode += waited - rasterizing
    // A repeat's previous frame always has bytes: the first frame is never a repeat.
    guard let data = outcome.data ?? previousData else { preconditionFailure("repeat without a previous frame") }
    let entry = entries.removeValue(forKey: index)
    do throws(ManifestKeyConflict) {
      try manifest.addFrame(
        index: index, repeatsPrevious: outcome.repeats, state: entry?.state ?? nil, info: entry?.info ?? [])
    } catch {
      throw .invalidManifest(reason: error.reason)
    }
    previousData = data
    framesDone += 1
    return (FrameFolder.frameFileName(index: index), data)
  }

  /// Step 3 for a batch of files: on the background writer, which first finishes the previous batch's
  /// (so a failure stops the render one batch later at most).
  private mutating func write(_ files: [(name: String, data: Data)], into folder: OutputFolder) throws(RenderError) {
    let watch = Stopwatch()
    defer { account(watch.seconds, \.write) }
    let writer = self.writer ?? BackgroundWriter(folder: folder, inBackground: !alone)
    self.writer = writer
    let (bytes, seconds) = try writer.wait()
    bytesWritten += bytes
    threadSeconds.write += seconds
    writer.enqueue(files)
  }

  /// After the last frame: the manifest, then the swap.
  private mutating func finish(into folder: OutputFolder) throws(RenderError) {
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
