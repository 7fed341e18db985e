import FlipbookGraphics
import FlipbookImageFormats
import Foundation
import Testing

/// The render and inspect commands end to end: what they write, what they print, and what they refuse.
@Suite("render and inspect, end to end")
struct RenderInspectTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "__Fixtures__")
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  func fixture(_ name: String) -> String { Self.fixtures.appendingPathComponent(name).path }

  func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-render-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test(
    "Rendering writes the PNG and one summary line; --scale overrides the document", arguments: [nil, 2, 3] as [Int?])
  func renders(scale: Int?) throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let output = dir.appendingPathComponent("small.png").path
    let result = try FlipbookBinary.run(
      ["render", fixture("small.json"), "-o", output] + (scale.map { ["--scale", "\($0)"] } ?? []))
    let s = scale ?? 1
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stderr.isEmpty)
    #expect(result.stdout.hasPrefix("Wrote \(output): \(40 * s)x\(30 * s) px at \(s)x, 2 layers, "))
    let image = try Image(contentsOfFile: output)
    #expect(image.width == 40 * s && image.height == 30 * s)
    // The flipped bar fills its frame (27...37, 5...25) in #576C89; the background is #E2E7ED.
    #expect(image.pixel(x: 32 * s, y: 15 * s) == RGBA8(0x57, 0x6C, 0x89))
    #expect(image.pixel(x: 1, y: 1) == RGBA8(0xE2, 0xE7, 0xED))
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["small.png"], "no temporary files left")
  }

  @Test("The smallest PNG setting writes the same pixels in fewer bytes")
  func smallest() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let fast = dir.appendingPathComponent("fast.png").path
    let small = dir.appendingPathComponent("small.png").path
    let scene = Self.packageRoot.appendingPathComponent("examples/scenes/showcase.json").path
    #expect(try FlipbookBinary.run(["render", scene, "-o", fast, "--scale", "1"]).exitCode == 0)
    #expect(try FlipbookBinary.run(["render", scene, "-o", small, "--scale", "1", "--png", "smallest"]).exitCode == 0)
    #expect(try Image(contentsOfFile: fast) == Image(contentsOfFile: small))
    let size = { (path: String) in try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0 }
    #expect(try size(small) < size(fast))
  }

  @Test("inspect prints the layer tree with Core Animation's keys")
  func inspect() throws {
    let result = try FlipbookBinary.run(["inspect", fixture("small.json")])
    #expect(result.exitCode == 0)
    let expected = try String(contentsOf: Self.fixtures.appendingPathComponent("small.inspect.json"), encoding: .utf8)
    #expect(result.stdout == expected)
  }

  @Test(
    "Bad documents fail with exit 1 and one line naming where",
    arguments: [
      ("malformed.json", "malformed.json: line 4, column 21: expected a key in double quotes, found '}'"),
      ("unknown-key.json", #"unknown-key.json: $.layers[0].strokeColour: unknown key (did you mean "strokeColor"?)"#),
      ("huge.json", "huge.json: image size 30000x30000 refused: more than 16384 pixels a side at scale 3"),
      ("corrupt-contents.json", "corrupt-contents.json: $.layers[0].contents: cannot decode PNG"),
      ("missing.json", "missing.json: cannot read the file (no such file)"),
    ])
  func failures(name: String, message: String) throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let output = dir.appendingPathComponent("out.png")
    // An earlier render at the same path must survive a failed one.
    try Data("previous".utf8).write(to: output)
    let result = try FlipbookBinary.run(["render", fixture(name), "-o", output.path])
    #expect(result.exitCode == 1, "\(result)")
    #expect(result.stdout.isEmpty)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1, "one line: \(result.stderr)")
    #expect(result.stderr.hasPrefix("Error: ") && result.stderr.contains(message), "\(result.stderr)")
    #expect(try Data(contentsOf: output) == Data("previous".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.png"])
  }

  @Test("An output folder that does not exist is a clear failure")
  func missingFolder() throws {
    let result = try FlipbookBinary.run(["render", fixture("small.json"), "-o", "/nonexistent/folder/out.png"])
    #expect(result.exitCode == 1)
    #expect(result.stderr.hasPrefix("Error: ") && result.stderr.contains("/nonexistent/folder"), "\(result.stderr)")
  }
}
