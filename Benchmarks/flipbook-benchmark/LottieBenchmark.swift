import FlipbookGraphics
import FlipbookLayers
import FlipbookLottie
import Foundation

// MARK: - LottieBenchmark

/// A Lottie file's frames rendered to PNG files side by side with ThorVG and rlottie, in one run
/// (`flipbook-benchmark lottie FLIPBOOK PYTHON [ANIMATION]`, which `make bench` runs): every whole frame from the
/// in point to the out point at the file's size fitted into 500 points, at 1 pixel a point.
///
/// Two figures for each engine, as ratios of Flipbook's to the other's (below 1 is faster):
/// - rasterizing alone: Flipbook's `LayerRenderer` drawing each paused frame into an image on this thread,
///   against the time the other engine's draw calls take inside its script (`Benchmarks/lottie-engines.py`);
/// - the whole pipeline: `flipbook render ANIMATION -o FOLDER` as a child process (reading, drawing on every
///   core, encoding and writing the PNGs) against the script as a child process (the interpreter, the binding,
///   drawing, Pillow's PNG encoder), both timed from outside by `ChildRun`.
enum LottieBenchmark {
  /// The animation measured when none is given: lottie-ios's logo, from the conformance corpus
  /// (`FLIPBOOK_LOTTIE_CORPUS`, which `make bench` sets; never copied into the repository).
  static var defaultAnimation: String? {
    ProcessInfo.processInfo.environment["FLIPBOOK_LOTTIE_CORPUS"].map { $0 + "/samples/LottieLogo1.json" }
  }
  /// The box the frames are fitted into, in points (lottie-ios's snapshot size).
  static let box = 500.0

  static func run(flipbook: String, python: String, animationPath: String?) throws {
    guard let path = animationPath ?? defaultAnimation, FileManager.default.fileExists(atPath: path) else {
      print("\nLottie: no animation (the conformance corpus, FLIPBOOK_LOTTIE_CORPUS, is absent): no Lottie rows")
      return
    }
    let animation = try LottieAnimation(data: Data(contentsOf: URL(fileURLWithPath: path)))
    let fit = min(box / animation.width, box / animation.height)
    let width = Int((animation.width * fit).rounded()), height = Int((animation.height * fit).rounded())
    let frames = Int(animation.endFrame - animation.startFrame)
    let workspace = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-lottie-bench-\(getpid())")
    try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: workspace) }

    let raster = try rasterize(animation, width: width, height: height, frames: frames)
    let ours = try ChildRun.run([
      flipbook, "render", path, "-o", workspace.appendingPathComponent("flipbook").path, "--width", "\(width)",
      "--height", "\(height)", "--scale", "1", "-q",
    ])
    print(
      "\nLottie: \((path as NSString).lastPathComponent), \(frames) frames at \(width)x\(height) px "
        + "(ratio = Flipbook / other, below 1 is faster)")
    print(
      "engine".padding(toLength: 34, withPad: " ", startingAt: 0)
        + "rasterize s  pipeline s  rasterize x  pipeline x")
    print(
      "Flipbook (1 thread; render: all)".padding(toLength: 34, withPad: " ", startingAt: 0)
        + String(format: "%11.3f %11.3f", raster, ours.seconds))
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("lottie-engines.py").path
    for engine in ["thorvg", "rlottie"] {
      let folder = workspace.appendingPathComponent(engine)
      do {
        let theirs = try ChildRun.run([python, script, engine, path, "\(width)", "\(height)", folder.path])
        let timings =
          try JSONSerialization.jsonObject(
            with: Data(contentsOf: folder.appendingPathComponent("timings.json"))) as? [String: Any]
        let theirRaster = timings?["rasterize"] as? Double ?? .nan
        let label = engine == "thorvg" ? "ThorVG (threads: cores)" : "rlottie (1 thread)"
        print(
          label.padding(toLength: 34, withPad: " ", startingAt: 0)
            + String(
              format: "%11.3f %11.3f %12.2f %11.2f", theirRaster, theirs.seconds, raster / theirRaster,
              ours.seconds / theirs.seconds))
      } catch {
        print("\(engine): not measured (\(error)); `make bench` installs thorvg-python and rlottie-python")
      }
    }
  }

  /// Seconds Flipbook takes to draw every frame of `animation` paused at its time, on this thread.
  static func rasterize(_ animation: LottieAnimation, width: Int, height: Int, frames: Int) throws -> Double {
    let layer = LottieAnimationLayer(animation: animation)
    layer.anchorPoint = .zero
    layer.fit(into: CGSize(width: width, height: height))
    let renderer = LayerRenderer(scale: 1)
    let clock = ContinuousClock()
    let start = clock.now
    for frame in 0..<frames {
      layer.currentTime = Double(frame) / animation.framerate
      _ = try renderer.render(layer, at: 0)
    }
    let elapsed = clock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }
}
