import FlipbookDiff
import FlipbookGraphics
import FlipbookImageFormats
import Foundation

// MARK: - DiffBenchmark

/// `flipbook diff` of a rendered folder against an identical copy and against a copy with every frame changed
/// (one pixel each), timed as the command runs it (`DiffAction`), beside the render's own time in the same run.
enum DiffBenchmark {
  static func run(rendered folder: URL, renderSeconds: Double, workspace: URL) throws {
    let files = FileManager.default
    let copy = workspace.appendingPathComponent("diff-copy")
    let changed = workspace.appendingPathComponent("diff-changed")
    try files.copyItem(at: folder, to: copy)
    try files.copyItem(at: folder, to: changed)
    for name in try files.contentsOfDirectory(atPath: changed.path) where name.hasPrefix("frame_") {
      let path = changed.appendingPathComponent(name).path
      let image = try Image(contentsOfFile: path)
      var pixels = image.pixels
      pixels[0] ^= 0x00FF_FFFF
      try Image(width: image.width, height: image.height, premultipliedARGB: pixels).pngData()
        .write(to: URL(fileURLWithPath: path))
    }
    for (label, other) in [("identical copy", copy), ("every frame changed", changed)] {
      let clock = ContinuousClock()
      let start = clock.now
      let request = DiffAction.Request(expected: folder.path, actual: other.path, tolerance: ImageTolerance())
      let outcome = Result { () throws(DiffFailure) -> String in try DiffAction.run(request) }
      // "They differ" is the changed copy's expected answer; only trouble stops the benchmark.
      if case .failure(let failure) = outcome, failure.kind == .trouble { throw failure }
      let elapsed = clock.now - start
      let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
      print(
        String(
          format: "Diff:      %.2f s against the %@ (%.2fx the render's %.2f s)", seconds, label,
          seconds / renderSeconds, renderSeconds))
    }
  }
}
