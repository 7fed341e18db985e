import FlipbookFrames
import FlipbookGraphics
import FlipbookImageFormats
import FlipbookLayers
import Foundation
import Testing

@testable import FlipbookRender

@Suite("FramePipeline")
struct FramePipelineTests {
  @Test("writes numbered frames and a manifest with sizes, times, repeat flags and info in order")
  func filesAndManifest() throws {
    let scratch = Scratch()
    defer { scratch.cleanup() }
    let source = MovingSquareSource()
    let summary = try FramePipeline(jobs: 2).render(
      source, frames: MovingSquareSource.times(3), to: scratch.path("out"),
      manifestHeader: [("scene", "test")])

    let files = try scratch.contents(of: "out")
    #expect(files.keys.sorted() == ["frame_000000.png", "frame_000001.png", "frame_000002.png", "manifest.json"])
    let manifest = String(decoding: files["manifest.json"]!, as: UTF8.self)
    #expect(
      manifest == """
        {
          "version": "1.0",
          "scene": "test",
          "fps": 60,
          "from": 0,
          "frameCount": 3,
          "uniqueFrames": 2,
          "size": [40, 30],
          "scale": 1,
          "frames": [
            {"file": "frame_000000.png", "index": 0, "time": 0, "repeatsPrevious": false, "step": 0, "label": "s0"},
            {"file": "frame_000001.png", "index": 1, "time": 0.016667, "repeatsPrevious": true, "step": 0, "label": "s0"},
            {"file": "frame_000002.png", "index": 2, "time": 0.033333, "repeatsPrevious": false, "step": 1, "label": "s1"}
          ]
        }

        """)
    // Valid JSON, too.
    let parsed = try JSONSerialization.jsonObject(with: files["manifest.json"]!) as? [String: Any]
    #expect(parsed?["frameCount"] as? Int == 3)

    // A repeat is the previous frame's bytes; the frames decode to the scene.
    #expect(files["frame_000001.png"] == files["frame_000000.png"])
    #expect(files["frame_000002.png"] != files["frame_000001.png"])
    let first = try Image(pngData: files["frame_000000.png"]!)
    #expect(first.width == 40 && first.height == 30)
    #expect(first.pixel(x: 6, y: 12) == RGBA8(255, 0, 0))
    #expect(first.pixel(x: 30, y: 25) == RGBA8(255, 255, 255))

    #expect(summary.frames == 3)
    #expect(summary.uniqueFrames == 2)
    #expect(summary.bytesWritten == files.values.reduce(0) { $0 + $1.count })
    #expect(summary.seconds >= 0 && summary.framesPerSecond >= 0)
    #expect(summary.stageThreadSeconds.encode > 0 && summary.stageWallSeconds.rasterize > 0)
    #expect(source.advancedTo == Array(MovingSquareSource.times(3).times))
  }

  @Test("the output is byte-for-byte the same for 1, 2 and 3 jobs")
  func sameBytesForAnyJobs() throws {
    let scratch = Scratch()
    defer { scratch.cleanup() }
    let times = MovingSquareSource.times(13)  // not a multiple of any batch size
    var outputs: [[String: Data]] = []
    for jobs in [1, 2, 3] {
      _ = try FramePipeline(jobs: jobs).render(MovingSquareSource(), frames: times, to: scratch.path("out\(jobs)"))
      outputs.append(try scratch.contents(of: "out\(jobs)"))
    }
    #expect(outputs[0].count == 14)
    #expect(outputs[1] == outputs[0])
    #expect(outputs[2] == outputs[0])
  }

  @Test("identical frames are detected across batch boundaries and not encoded again")
  func repeats() throws {
    let scratch = Scratch()
    defer { scratch.cleanup() }
    // jobs 1 → batches of 2, jobs 3 → batches of 6: odd counts put pairs across batch boundaries.
    for (jobs, count) in [(1, 9), (3, 17)] {
      let summary = try FramePipeline(jobs: jobs).render(
        MovingSquareSource(), frames: MovingSquareSource.times(count), to: scratch.path("out"))
      #expect(summary.frames == count)
      #expect(summary.uniqueFrames == (count + 1) / 2)
      let files = try scratch.contents(of: "out")
      for frame in stride(from: 1, to: count, by: 2) {
        #expect(files[FrameFolder.frameFileName(index: frame)] == files[FrameFolder.frameFileName(index: frame - 1)])
      }
      let manifest = String(decoding: files["manifest.json"]!, as: UTF8.self)
      #expect(manifest.components(separatedBy: "\"repeatsPrevious\": true").count - 1 == count / 2)
    }
  }

  @Test("memory is bounded: never more than two images a job plus one, however long the render")
  func boundedMemory() throws {
    let scratch = Scratch()
    defer { scratch.cleanup() }
    for jobs in [1, 2, 3] {
      let pipeline = FramePipeline(jobs: jobs)
      let short = try pipeline.render(MovingSquareSource(), frames: MovingSquareSource.times(20), to: scratch.path("a"))
      let long = try pipeline.render(MovingSquareSource(), frames: MovingSquareSource.times(300), to: scratch.path("b"))
      #expect(long.frames == 300)
      // Each worker holds its frame and the one before; the last frame claimed waits for the next claim.
      for summary in [short, long] {
        #expect(summary.peakImagesHeld <= pipeline.batchSize + 1)
        // A frame's image is held until the next frame, drawn meanwhile, has been compared with it.
        #expect(summary.peakImagesHeld >= 2)
      }
    }
  }

  @Test(
    "progress is reported on the calling thread after each batch",
    arguments: [(1, [2, 4, 6, 8, 10]), (2, [4, 8, 10])])
  func progress(jobs: Int, batchEnds: [Int]) throws {
    let scratch = Scratch()
    defer { scratch.cleanup() }
    let caller = pthread_self()
    var reports: [FrameProgress] = []
    var onCaller = true
    _ = try FramePipeline(jobs: jobs).render(
      MovingSquareSource(), frames: MovingSquareSource.times(10), to: scratch.path("out"),
      progress: { report in
        reports.append(report)
        onCaller = onCaller && pthread_equal(pthread_self(), caller) != 0
      })
    #expect(reports.map(\.framesDone) == batchEnds)
    #expect(reports.allSatisfy { $0.total == 10 })
    #expect(reports.map(\.elapsedSeconds) == reports.map(\.elapsedSeconds).sorted())
    #expect(onCaller)
  }

  @Test(
    "n jobs draw on n threads at most, the calling thread among them; one job is the calling thread alone",
    .timeLimit(.minutes(1)))
  func jobsAreThreads() throws {
    let scratch = Scratch()
    defer { scratch.cleanup() }
    for jobs in [1, 2, 3] {
      let source = MovingSquareSource()
      let probe = ThreadProbeLayer()
      probe.caller = pthread_self()
      source.addDecoration(probe)
      let summary = try FramePipeline(jobs: jobs).render(
        source, frames: MovingSquareSource.times(30), to: scratch.path("out"))
      let drawn = probe.recorder.drawn
      let threads = Set(drawn.map { $0.thread }).count
      let onCaller = drawn.filter { $0.onCaller }.count
      #expect(drawn.count == 30, "jobs \(jobs): every frame drawn once")
      #expect(summary.workersStarted == jobs - 1, "jobs \(jobs): \(summary.workersStarted) workers")
      #expect(threads <= jobs, "jobs \(jobs): drawn on \(threads) threads")
      // The probe makes the workers slow (below), so the calling thread always finds a frame to draw while
      // it would otherwise wait.
      #expect(jobs == 1 ? onCaller == 30 : onCaller > 0, "jobs \(jobs): \(onCaller) of 30 on the calling thread")
    }
  }

  @Test("no frames still makes a folder with a manifest")
  func noFrames() throws {
    let scratch = Scratch()
    defer { scratch.cleanup() }
    let summary = try FramePipeline(jobs: 2).render(
      MovingSquareSource(), frames: MovingSquareSource.times(0), to: scratch.path("out"))
    #expect(summary.frames == 0)
    let files = try scratch.contents(of: "out")
    #expect(files.keys.sorted() == ["manifest.json"])
    #expect(String(decoding: files["manifest.json"]!, as: UTF8.self).contains("\"frames\": []"))
  }

  @Test("a renderer that disagrees with the source's pixel size is an error naming the frame", arguments: [1, 2])
  func sizeMismatch(jobs: Int) {
    let scratch = Scratch()
    defer { scratch.cleanup() }
    let pipeline = FramePipeline(jobs: jobs, renderer: LayerRenderer(scale: 2))
    let error = renderError {
      try pipeline.render(MovingSquareSource(), frames: MovingSquareSource.times(4), to: scratch.path("out"))
    }
    guard case .frameSize(let frame, _, let expected, let actual) = error else {
      Issue.record("expected a frameSize error, got \(String(describing: error))")
      return
    }
    #expect(frame == 0 && expected == PixelSize(width: 40, height: 30) && actual == PixelSize(width: 80, height: 60))
    #expect(error?.description == "frame 0 (t = 0 s) is 80x60 pixels, not the 40x30 the source declared")
    #expect((try? scratch.entries()) == [])
  }

  @Test("manifest keys that the pipeline writes, or duplicates, are refused")
  func manifestKeys() {
    let scratch = Scratch()
    defer { scratch.cleanup() }
    let pipeline = FramePipeline(jobs: 2)
    let header = renderError {
      try pipeline.render(
        MovingSquareSource(), frames: MovingSquareSource.times(2), to: scratch.path("out"),
        manifestHeader: [("frameCount", 1)])
    }
    #expect(header?.description.contains("\"frameCount\"") == true)
    let source = MovingSquareSource()
    source.extraInfo = [("time", 1)]
    let info = renderError {
      try pipeline.render(source, frames: MovingSquareSource.times(2), to: scratch.path("out"))
    }
    guard case .invalidManifest(let reason) = info else {
      Issue.record("expected invalidManifest, got \(String(describing: info))")
      return
    }
    #expect(reason == "the info of frame 0 uses the key \"time\", which the pipeline writes itself")
    #expect((try? scratch.entries()) == [])
  }
}

/// A layer that records, for each frame it is drawn in, whether the drawing thread is `caller`. Its
/// presentation copies share one recorder, since every frame draws a fresh copy.
private final class ThreadProbeLayer: Layer {
  final class Recorder: @unchecked Sendable {
    private let lock = NSLock()
    private var frames: [(thread: pthread_t, onCaller: Bool)] = []
    /// The thread each frame was drawn on, and whether it was the calling thread, in drawing order.
    var drawn: [(thread: pthread_t, onCaller: Bool)] { lock.withLock { frames } }
    func record(_ thread: pthread_t, onCaller: Bool) { lock.withLock { frames.append((thread, onCaller)) } }
  }

  var recorder = Recorder()
  var caller = pthread_self()

  override init() { super.init() }

  required init(layer: Layer) {
    super.init(layer: layer)
    guard let probe = layer as? ThreadProbeLayer else { return }
    recorder = probe.recorder
    caller = probe.caller
  }

  override func drawContent(in canvas: Canvas) throws(GraphicsError) {
    let onCaller = pthread_equal(pthread_self(), caller) != 0
    recorder.record(pthread_self(), onCaller: onCaller)
    // A worker's frame takes 2 ms: the calling thread, with its frames simulated, then has one to draw.
    if !onCaller { usleep(2000) }
  }
}
