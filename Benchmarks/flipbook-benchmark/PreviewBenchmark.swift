import FlipbookGraphics
import FlipbookImageFormats
import FlipbookPreview
import FlipbookRender
import FlipbookScene
import FlipbookTiming
import Foundation

// Previews of the pipeline benchmark's 240 frames, with EGO's header in the script, each timed as a
// ratio against reading and decoding every frame in the same run: the one cost no preview can avoid;
// then the APNG and GIF side by side with ffmpeg's (PreviewVersusFFmpeg).

enum PreviewBenchmark {
  static func seconds(_ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    try body()
    let elapsed = clock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }

  /// Times the previews of `folder` (a rendered frame folder), or of the benchmark's own 240 frames;
  /// with `gifOnly`, only the GIF beside ffmpeg's.
  static func run(folder given: String? = nil, gifOnly: Bool = false) throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-bench-previews-\(getpid())")
    try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: base) }
    let folder = given ?? base.appendingPathComponent("frames").path
    if given == nil {
      let script = PipelineBenchmark.script.replacingOccurrences(
        of: #""fps": 60,"#, with: #""fps": 60, "refresh": {"style": "ego"},"#)
      let source = ScriptSource(try GestureScript.decode(Data(script.utf8)))
      let frames = FrameClock(start: .zero, rate: Rational(60), count: BenchmarkSize.frames(240))
      _ = try FramePipeline(jobs: ProcessInfo.processInfo.activeProcessorCount).render(
        source, frames: frames, to: folder)
    }
    let sequence = try FrameSequence.load(folder: folder)
    let what = given ?? "EGO's header pulled and loading"
    print(
      "Previews of \(sequence.frames.count) frames, \(sequence.width)x\(sequence.height) px, \(what); "
        + "\(sequence.framesBytes / 1024) KiB of PNG frames")

    if gifOnly {
      guard ChildRun.available("ffmpeg") else {
        print("ffmpeg is not installed: no side-by-side comparison")
        return
      }
      PreviewVersusFFmpeg.header()
      try PreviewVersusFFmpeg.runGIF(sequence, workspace: base)
      return
    }
    let decode = try seconds {
      for index in sequence.frames.indices { _ = try sequence.image(at: index) }
    }
    func row(_ label: String, _ s: Double, bytes: Int?) {
      let size =
        bytes.map {
          String(format: "%7.0f KiB %5.1f %%", Double($0) / 1024, Double($0) / Double(sequence.framesBytes) * 100)
        } ?? ""
      print(
        label.padding(toLength: 34, withPad: " ", startingAt: 0) + String(format: "%7.2f s %6.2fx  ", s, s / decode)
          + size)
    }
    row("decode every frame (baseline)", decode, bytes: nil)
    var data = Data()
    row("animated PNG, balanced (default)", try seconds { data = try sequence.animatedPNG() }, bytes: data.count)
    row(
      "animated PNG, smallest", try seconds { data = try sequence.animatedPNG(options: .smallest) },
      bytes: data.count)
    row("animated PNG, fast", try seconds { data = try sequence.animatedPNG(options: .fast) }, bytes: data.count)
    row("GIF, dithered", try seconds { data = try sequence.gif() }, bytes: data.count)
    row("GIF, not dithered", try seconds { data = try sequence.gif(dithering: false) }, bytes: data.count)
    row(
      "contact sheet, 12 cells",
      try seconds { data = try ContactSheet().render(sequence, selection: .every(20)).pngData(options: .smallest) },
      bytes: data.count)
    row(
      "HTML player, frames embedded", try seconds { data = Data(try HTMLPlayer.page(for: sequence).utf8) },
      bytes: data.count)
    row("animated WebP, lossless", try seconds { data = try webp(sequence, .lossless) }, bytes: data.count)
    row("animated WebP, lossy 75", try seconds { data = try webp(sequence, .lossy(75)) }, bytes: data.count)
    let frame = try sequence.image(at: sequence.frames.count / 2)
    let halving = try seconds { for _ in 0..<20 { _ = try frame.scaled(toWidth: frame.width / 2) } } / 20
    print(String(format: "one frame scaled to half width (area average): %.2f ms", halving * 1000))
    try PreviewVersusFFmpeg.run(sequence, workspace: base)
  }

  /// Every frame of `sequence` as an animated WebP, each placed at its time.
  static func webp(_ sequence: FrameSequence, _ quality: AnimatedWebP.Quality) throws -> Data {
    try sequence.webp(quality: quality)
  }
}
