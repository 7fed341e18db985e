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
/// 2. draw, compare and encode: `jobs - 1` workers take the frames in order, each a frame at a time through
///    every step (`FrameWorker`), with no barrier between frames (`FrameWindow`), and the calling thread
///    takes the next frame too whenever it has nothing else to do;
/// 3. write: the calling thread takes the outcomes in order, adds the manifest entries and writes the
///    files a batch at a time into a hidden folder; a repeated frame gets the previous frame's bytes again.
///
/// So `jobs` threads run, one a core, and the work that cannot be parallel (the simulation, the manifest,
/// the writing) takes the calling thread's time away from drawing only as far as it needs: where creating
/// files is slow, the calling thread draws fewer frames. Memory does not grow with the number of frames:
/// the window's trees and PNGs, and at most `batchSize + 1` images. Only when every frame and the manifest
/// are written does the folder replace the previous output (see `OutputFolder`).
public struct FramePipeline: Sendable {
  /// Threads for simulating, rasterizing, encoding and writing; at least 1: the calling thread and
  /// `jobs - 1` workers. With 1 (or a single frame), the calling thread does everything itself,
  /// simulating, drawing, encoding and writing each frame in turn: one job is one core, as `--jobs 1`
  /// says, which matters to whoever runs several renders side by side. Earlier, `jobs` workers drew while
  /// the calling thread and a writer thread ran beside them, more threads than cores: on the reference
  /// scene with two jobs, the calling thread drawing instead made whole runs 5-8 % faster for 1-3 % less
  /// CPU time, in memory and on the disk alike.
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
    // The calling thread is one of the jobs: it draws frames too whenever it has nothing else to do.
    var workersStarted = 0
    for _ in 1..<threads {
      DispatchQueue.global().async(group: workers) { [worker = run.worker, window = run.window] in
        worker.run(window)
      }
      workersStarted += 1
    }
    do throws(RenderError) {
      try run.renderAll(into: folder) {
        progress?(FrameProgress(framesDone: $0, total: frames.count, elapsedSeconds: clock.seconds))
      }
      workers.wait()
    } catch {
      // Let the workers finish the frames in hand first: they use the window, the trees and the pool.
      run.window.abandon()
      workers.wait()
      folder.discard()
      throw error
    }
    var summary = run.summary(seconds: clock.seconds)
    summary.workersStarted = workersStarted
    return summary
  }
}

// MARK: - Run

/// The calling thread's side of one render: simulating ahead of the workers, drawing frames itself when
/// it would otherwise wait, and taking the outcomes in order into the manifest and the folder, with the
/// accounting.
private struct Run<Source: FrameSource> {
  let source: Source
  /// When each frame is.
  let clock: FrameClock
  let batchSize: Int
  /// Frames simulated and not yet taken, at most: the trees and PNGs held (beside the batch being
  /// gathered).
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
  /// No worker threads: the calling thread draws every frame itself, each as soon as it is simulated.
  let alone: Bool

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

  /// Simulates every frame into the window, keeping `ahead` frames ahead of the taking, takes each frame's
  /// outcome in order and writes them a batch at a time, then the manifest. A source that fails at a frame fails
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
      // With `ahead` frames simulated, rather than wait for the next frame's outcome, the calling thread
      // draws a frame itself (alone, the one it just simulated).
      if !window.hasOutcome(of: framesDone) {
        let drawn = worker.workIfAdded(on: window)
        precondition(drawn != nil || !alone, "frame \(framesDone) was not in the window")
        if let drawn {
          // Its own thread's seconds are wall time as it saw it.
          wallSeconds.add(drawn)
          continue
        }
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
    let outcome = window.outcome(of: index)
    let waited = watch.seconds
    if let failure = outcome.failure { throw failure }
    threadSeconds.add(outcome.seconds)
    // The calling thread's wait for a worker is the frame's wall time as it saw it, shared out between
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

  /// Step 3 for a batch of files, on the calling thread (see `FramePipeline.jobs`).
  private mutating func write(_ files: [(name: String, data: Data)], into folder: OutputFolder) throws(RenderError) {
    let watch = Stopwatch()
    defer { account(watch.seconds, \.write) }
    for file in files { bytesWritten += try folder.write(file.data, named: file.name) }
  }

  /// After the last frame: the manifest, then the swap.
  private mutating func finish(into folder: OutputFolder) throws(RenderError) {
    try write([(FrameFolder.manifestFileName, Data(manifest.json.utf8))], into: folder)
    let watch = Stopwatch()
    defer { account(watch.seconds, \.write) }
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

  /// Adds the calling thread's time to a stage only it runs (simulating, writing): its wall time and its
  /// thread time are the same.
  private mutating func account(_ seconds: Double, _ stage: WritableKeyPath<StageSeconds, Double>) {
    wallSeconds[keyPath: stage] += seconds
    threadSeconds[keyPath: stage] += seconds
  }
}
