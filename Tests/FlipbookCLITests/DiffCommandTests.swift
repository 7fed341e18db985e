import FlipbookGraphics
import FlipbookImageFormats
import Foundation
import Testing

/// `flipbook diff` through the binary: exit 0 for a match, 1 for a difference, 2 for trouble (see
/// DiffTroubleTests), 64 for bad arguments.
@Suite("flipbook diff, end to end")
struct DiffCommandTests {
  func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-diff-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// A 20x10 white image with a black pixel at (x, 3).
  func image(dot x: Int) throws -> Image {
    var rgba = [UInt8](repeating: 255, count: 20 * 10 * 4)
    for c in 0..<3 { rgba[(3 * 20 + x) * 4 + c] = 0 }
    return try Image(width: 20, height: 10, rgba: rgba)
  }

  @Test("Two PNGs: identical match (exit 0), one pixel off differs (exit 1) unless allowed")
  func pngs() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let a = dir.appendingPathComponent("a.png").path
    let b = dir.appendingPathComponent("b.png").path
    let c = dir.appendingPathComponent("c.png").path
    try image(dot: 5).writePNG(toFile: a)
    try image(dot: 5).writePNG(toFile: b, options: .smallest)
    try image(dot: 6).writePNG(toFile: c)
    let same = try FlipbookBinary.run(["diff", a, b])
    #expect(same.exitCode == 0 && same.stdout == "Match: the images are identical\n", "\(same)")
    let other = try FlipbookBinary.run(["diff", a, c])
    #expect(other.exitCode == 1)
    #expect(other.stdout.hasPrefix("Differ: 2 pixels differ"), "\(other.stdout)")
    #expect(try FlipbookBinary.run(["diff", a, c, "--max-pixels", "2"]).exitCode == 0)
  }

  @Test("Frame folders are compared by file name; --output writes the diff images and report.html")
  func folders() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    for (folder, dots) in [("a", [1, 2, 3]), ("b", [1, 9, 3])] {
      let url = dir.appendingPathComponent(folder)
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      for (i, x) in dots.enumerated() {
        try image(dot: x).writePNG(toFile: url.appendingPathComponent(String(format: "frame_%06d.png", i)).path)
      }
    }
    let report = dir.appendingPathComponent("report")
    let result = try FlipbookBinary.run(
      ["diff", dir.appendingPathComponent("a").path, dir.appendingPathComponent("b").path, "-o", report.path])
    #expect(result.exitCode == 1)
    #expect(
      result.stdout.hasPrefix("Differ: 1 of 3 frames (first: frame_000001.png, 2 pixels differ"), "\(result.stdout)")
    let files = try FileManager.default.contentsOfDirectory(atPath: report.path).sorted()
    #expect(files == ["0000-actual.png", "0000-diff.png", "0000-expected.png", "0000-strip.png", "report.html"])
    let html = try String(contentsOf: report.appendingPathComponent("report.html"), encoding: .utf8)
    #expect(html.contains("frame_000001.png") && html.contains("0000-diff.png"))
  }

  @Test(
    "Bad arguments exit 64",
    arguments: [
      (["diff", "a.png", "b.png", "--frobnicate"], "Error: Unknown option '--frobnicate'"),
      (["diff", "a.png", "b.png", "--report-all"], "Error: --report-all needs --output"),
      (["diff", "a.png"], "Error: Missing expected argument '<b>'"),
      (["diff", "a.png", "b.png", "c.png"], "Error: Unexpected argument 'c.png'"),
      (["diff", "--merge", "r.json", "--threshold", "0.1"], "Error: --threshold is for a comparison"),
      (["diff", "a.png", "b.png", "--threshold", "2"], "Error: --threshold must be from 0 to 1 (got 2)"),
    ])
  func badArguments(arguments: [String], message: String) throws {
    let result = try FlipbookBinary.run(arguments)
    #expect(result.exitCode == 64)
    #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
  }
}
