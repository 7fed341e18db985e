import BenchmarkBaseline
import FlipbookGraphics
import FlipbookJSON
import FlipbookLayers
import FlipbookRender
import FlipbookScene
import FlipbookTiming
import Foundation

// The frame pipeline on a 4 s, 60 fps, 320x480@2x gesture script, against the naive pipeline measured
// in the same run: every frame simulated, rasterized and written with Cairo's own PNG writer, one thread.

/// A gesture script as the pipeline's source (the CLI has the general adapter; this one is all a
/// benchmark needs).
final class ScriptSource: FrameSource {
  let scene: ScriptScene
  private var now = Rational.zero
  init(_ scene: ScriptScene) { self.scene = scene }
  var pixelSize: PixelSize {
    PixelSize(width: Int(scene.size.width * scene.scale), height: Int(scene.size.height * scene.scale))
  }
  var scale: Double { scene.scale }
  var background: Color? { scene.background }
  func advance(to time: Rational) {
    now = time
    scene.advance(to: time)
  }
  func snapshot() -> FrameSnapshot { FrameSnapshot(presentationOf: scene.root, at: now.seconds) }
}

enum PipelineBenchmark {
  /// Pull 150 pt and hold, release, then a fling up and one back down: a mix of changing and held frames.
  static let script = """
    {"viewport": {"width": 320, "height": 480, "scale": 2}, "fps": 60, "duration": 4,
     "content": {"sections": [{"title": "Section 1", "rows": 8}, {"title": "Section 2", "rows": 8}, {"title": "Section 3", "rows": 8}]},
     "touches": [
       {"down": 0.2, "up": 1.4, "track": [{"at": 0.2, "y": 0, "curve": "easeOut"}, {"at": 1.0, "y": 150}, {"at": 1.4, "y": 150}]},
       {"down": 2.2, "up": 2.45, "track": [{"at": 2.2, "y": 0, "curve": "easeIn"}, {"at": 2.45, "y": -160}]},
       {"down": 3.1, "up": 3.3, "track": [{"at": 3.1, "y": 0}, {"at": 3.3, "y": 120}]}
     ]}
    """

  static func peakMemoryMiB() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
  }

  static func run() throws {
    let count = BenchmarkSize.frames(240)
    let frames = FrameClock(start: .zero, rate: Rational(60), count: count)
    let times = frames.times.map(\.seconds)
    let (base, inMemory) = try BenchmarkWorkspace.inMemory("flipbook-bench")
    defer { try? FileManager.default.removeItem(at: base) }
    let jobs = ProcessInfo.processInfo.activeProcessorCount
    print(
      "Pipeline: \(count) frames at 60 fps, 320x480 pt at 2x, \(jobs) cores, written to "
        + (inMemory ? "memory (\(base.deletingLastPathComponent().path))" : "the disk (no tmpfs at /dev/shm)"))

    let before = peakMemoryMiB()
    /// One render into `name`, removed afterwards unless kept (the diff rows compare `fast-0`): the
    /// rounds would otherwise leave tens of MB of files for the kernel to write back under the later ones.
    func render(jobs: Int, to name: String, keep: Bool = false) throws -> RenderSummary {
      let folder = base.appendingPathComponent(name).path
      defer { if !keep { try? FileManager.default.removeItem(atPath: folder) } }
      return try FramePipeline(jobs: jobs).render(
        ScriptSource(try GestureScript.decode(Data(script.utf8))), frames: frames, to: folder)
    }
    // A first render pays what a process pays once (fonts opened, glyphs and text layouts cached, type
    // metadata): measured first, all of it fell on the two jobs, and one job then ran warm. So one render
    // warms up, and then every-core and one-job renders alternate, each figure the median of its rounds.
    _ = try render(jobs: jobs, to: "warm-up")
    var all: [RenderSummary] = [], one: [RenderSummary] = []
    for round in 0..<BenchmarkSize.times(9) {
      all.append(try render(jobs: jobs, to: "fast-\(round)", keep: round == 0))
      one.append(try render(jobs: 1, to: "one-job-\(round)"))
    }
    let summary = median(all, by: \.seconds), single = median(one, by: \.seconds)
    let fastestAll = all.map(\.seconds).min() ?? summary.seconds,
      fastestOne = one.map(\.seconds).min() ?? single.seconds
    let peak = peakMemoryMiB()

    // The naive pipeline: simulate, rasterize, cairo_surface_write_to_png, one frame after another.
    let naiveScene = try GestureScript.decode(Data(script.utf8))
    let naiveDir = base.appendingPathComponent("naive")
    try FileManager.default.createDirectory(at: naiveDir, withIntermediateDirectories: true)
    let renderer = LayerRenderer(scale: 2, background: naiveScene.background)
    let clock = ContinuousClock()
    let start = clock.now
    for (i, t) in times.enumerated() {
      naiveScene.advance(to: t)
      let image = try renderer.render(naiveScene.root, at: t)
      let path = naiveDir.appendingPathComponent(String(format: "frame_%06d.png", i)).path
      _ = image.pixels.withUnsafeBufferPointer {
        baseline_cairo_write_png_file($0.baseAddress, Int32(image.width), Int32(image.height), path)
      }
    }
    let naive = clock.now - start
    let naiveSeconds = Double(naive.components.seconds) + Double(naive.components.attoseconds) / 1e18

    let wall = summary.stageWallSeconds
    let thread = summary.stageThreadSeconds
    func line(_ name: String, _ w: Double, _ t: Double) {
      print(
        name.padding(toLength: 12, withPad: " ", startingAt: 0)
          + String(format: "%8.3f s wall %8.3f s on threads", w, t))
    }
    line("simulate", wall.simulate, thread.simulate)
    line("rasterize", wall.rasterize, thread.rasterize)
    line("compare", wall.compare, thread.compare)
    line("encode", wall.encode, thread.encode)
    line("write", wall.write, thread.write)
    print(
      String(
        format: "Flipbook:  %.2f s, %.0f frames/s, %d unique of %d frames, peak memory %.0f MiB (%.0f MiB before)",
        summary.seconds, summary.framesPerSecond, summary.uniqueFrames, summary.frames, peak, before))
    print(
      String(
        format: "Naive:     %.2f s, %.0f frames/s (Cairo's PNG writer, one thread)", naiveSeconds,
        Double(count) / naiveSeconds))
    print(String(format: "Speed-up:  %.1fx the naive pipeline", naiveSeconds / summary.seconds))
    print(
      String(
        format: "One job:   %.2f s, %.0f frames/s, %.1fx the naive pipeline; %d jobs are %.2fx one"
          + " (medians of %d rounds; fastest against fastest, %.2f s and %.2f s: %.2fx)",
        single.seconds, single.framesPerSecond, naiveSeconds / single.seconds, jobs, single.seconds / summary.seconds,
        all.count, fastestOne, fastestAll, fastestOne / fastestAll))
    print(
      String(
        format: "Bytes:     %.1f KiB a frame written (%d bytes for %d frames, manifest included)",
        Double(summary.bytesWritten) / Double(summary.frames) / 1024, summary.bytesWritten, summary.frames))
    try DiffBenchmark.run(
      rendered: base.appendingPathComponent("fast-0"), renderSeconds: summary.seconds, workspace: base)
    try ReferencePipeline.run(workspace: base)
  }
}
