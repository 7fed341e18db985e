import BenchmarkBaseline
import FlipbookGraphics
import FlipbookLayers
import FlipbookRender
import FlipbookTiming
import Foundation

// MARK: - ReferencePipeline

/// The frame pipeline on the reference scene against two bare-C pipelines drawing the same scene
/// (Benchmarks/BenchmarkBaseline): the naive one (Cairo and cairo_surface_write_to_png, one thread) and a
/// tuned one (one Cairo surface reused, libpng at zlib level 1 with filter None, one thread). 240 frames,
/// every one distinct (the circle's trim grows a step each frame). Each run is a child process of this
/// benchmark, measured from outside as a whole process: wall time with start-up, and its own peak memory.
enum ReferencePipeline {
  static let frames = BenchmarkSize.frames(240)

  /// The reference scene as the pipeline's source: frame i has the circle trimmed to (i + 1) / 240,
  /// as `baseline_pipeline` draws it.
  final class Source: FrameSource {
    let root: Layer
    let circle: ShapeLayer
    private var now = Rational.zero
    init(image: Image) { (root, circle) = ReferenceScene.make(progress: 0, image: image) }
    var pixelSize: PixelSize { PixelSize(width: 640, height: 960) }
    var scale: Double { 2 }
    var background: Color? { nil }  // the root layer paints white
    func advance(to time: Rational) {
      now = time
      circle.strokeEnd = ((time.seconds * 60).rounded() + 1) / Double(ReferencePipeline.frames)
    }
    func snapshot() -> FrameSnapshot { FrameSnapshot(presentationOf: root, at: now.seconds) }
  }

  /// The name of a Flipbook child's render time, in seconds, in its report to the benchmark.
  static let renderKey = "renderSeconds"

  /// `flipbook-benchmark reference-child KIND FOLDER`: one pipeline's render, then exit.
  static func child(_ arguments: [String]) throws {
    guard arguments.count == 2 else { throw ChildError("usage: flipbook-benchmark reference-child KIND FOLDER") }
    let image = try ReferenceScene.makeImage()
    let folder = arguments[1]
    switch arguments[0] {
    case "naive", "libpng":
      let written = image.pixels.withUnsafeBufferPointer {
        baseline_pipeline(
          folder, Int32(frames), arguments[0] == "libpng" ? 1 : 0, 2, $0.baseAddress, Int32(image.width),
          Int32(image.height))
      }
      if written < 0 { throw ChildError("the bare-C pipeline failed to write \(folder)") }
    default:
      guard let jobs = Int(arguments[0].replacingOccurrences(of: "jobs-", with: "")) else {
        throw ChildError("unknown pipeline \(arguments[0])")
      }
      let summary = try FramePipeline(jobs: jobs).render(
        Source(image: image), frames: FrameClock(start: .zero, rate: Rational(60), count: frames), to: folder)
      ChildRun.report(renderKey, summary.seconds)
    }
  }

  /// Bytes of the PNG frames in `folder`.
  static func frameBytes(_ folder: String) throws -> Int {
    try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") }.reduce(0) {
      $0 + ((try FileManager.default.attributesOfItem(atPath: folder + "/" + $1)[.size] as? Int) ?? 0)
    }
  }

  static func run(workspace: URL) throws {
    let jobs = ProcessInfo.processInfo.activeProcessorCount
    print("")
    print(
      "Reference scene pipelines: \(frames) distinct frames at 640x960 into the folder above, each a whole process"
        + " (start-up included), medians of \(BenchmarkSize.times(9)) rounds (the C baselines' of \(BenchmarkSize.times(3))),"
        + " fastest beside"
    )
    let kinds = [
      ("naive", "naive C: Cairo + cairo_surface_write_to_png"), ("libpng", "tuned C: Cairo + libpng level 1"),
      ("jobs-1", "Flipbook --jobs 1"), ("jobs-\(jobs)", "Flipbook --jobs \(jobs)"),
    ]
    // The machine is shared and its speed drifts from second to second: the pipelines take turns, round
    // after round, and each figure is the median of its rounds (its peak memory the highest).
    var runs = [[ChildRun]](repeating: [], count: kinds.count)
    var bytes = [Int](repeating: 0, count: kinds.count)
    // Flipbook's two pipelines take 0.1-0.3 s a run and the naive one 3-8 s: theirs get the extra rounds.
    for round in 0..<BenchmarkSize.times(9) {
      for (index, (kind, _)) in kinds.enumerated() where round < 3 || kind.hasPrefix("jobs-") {
        let folder = workspace.appendingPathComponent("reference-\(kind)").path
        try? FileManager.default.removeItem(atPath: folder)
        if !kind.hasPrefix("jobs-") {  // the frame pipeline makes its folder itself
          try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        runs[index].append(try ChildRun.run(["/proc/self/exe", "reference-child", kind, folder], ownChild: true))
        bytes[index] = try frameBytes(folder)
      }
    }
    let results = kinds.enumerated().map { index, kind in
      var middle = median(runs[index], by: \.seconds)
      middle.peakMiB = runs[index].map(\.peakMiB).max() ?? middle.peakMiB
      return (
        label: kind.1, run: middle, fastest: runs[index].map(\.seconds).min() ?? middle.seconds, bytes: bytes[index]
      )
    }
    let naive = results[0].run.seconds, tuned = results[1].run.seconds
    for (label, run, fastest, bytes) in results {
      print(
        label.padding(toLength: 44, withPad: " ", startingAt: 0)
          + String(
            format: "%6.2f ms a frame (fastest %5.2f) %6.2fx naive %5.2fx tuned C  %6.1f KiB a frame  peak %4.0f MiB",
            run.seconds * 1000 / Double(frames), fastest * 1000 / Double(frames), naive / run.seconds,
            tuned / run.seconds, Double(bytes) / Double(frames) / 1024, run.peakMiB))
    }
    let one = results[2], all = results[3]
    print(
      String(
        format: "%@ against --jobs 1: %.2fx (fastest against fastest: %.2fx)", all.label,
        one.run.seconds / all.run.seconds, one.fastest / all.fastest))
    // The same rounds as the pipeline reported them: from the render's start to its folder in place,
    // without the process's start-up (loading its libraries, fonts) and exit, which one job and two pay alike.
    func renderMedian(_ index: Int) -> Double { median(runs[index].compactMap { $0.reported[renderKey] }) }
    let renderOne = renderMedian(2), renderAll = renderMedian(3)
    print(
      String(
        format: "The renders alone, without start-up and exit: --jobs 1 %.2f ms a frame, %@ %.2f ms: %.2fx;"
          + " start-up and exit took %.1f ms a process",
        renderOne * 1000 / Double(frames), String(all.label.dropFirst("Flipbook ".count)),
        renderAll * 1000 / Double(frames), renderOne / max(renderAll, 1e-9),
        (one.run.seconds - renderOne) * 1000))
    try onDisk(jobs: jobs)
  }

  /// Flipbook's two pipelines again, each round into the temporary folder on the disk, replacing the
  /// round before's frames as a user's re-render does (see `BenchmarkWorkspace` for what that costs).
  static func onDisk(jobs: Int) throws {
    let disk = try BenchmarkWorkspace.onDisk("flipbook-bench-disk")
    defer { try? FileManager.default.removeItem(at: disk) }
    var runs: [String: [Double]] = [:]
    for _ in 0..<BenchmarkSize.times(5) {
      for kind in ["jobs-1", "jobs-\(jobs)"] {
        let folder = disk.appendingPathComponent("reference").path
        try? FileManager.default.removeItem(atPath: folder)
        runs[kind, default: []].append(
          try ChildRun.run(["/proc/self/exe", "reference-child", kind, folder], ownChild: true).seconds)
      }
    }
    let one = median(runs["jobs-1"] ?? []), all = median(runs["jobs-\(jobs)"] ?? [])
    print(
      String(
        format: "On the disk (%@), each round replacing the last: --jobs 1 %.2f ms a frame, --jobs %d %.2f ms: %.2fx",
        disk.deletingLastPathComponent().path, one * 1000 / Double(frames), jobs, all * 1000 / Double(frames),
        one / all))
  }
}
