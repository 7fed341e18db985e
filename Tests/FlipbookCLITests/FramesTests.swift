import FlipbookGraphics
import FlipbookImageFormats
import Foundation
import Testing

/// Frame output and inspection at a time, through the binary.
@Suite("render frames and inspect --at, end to end")
struct FramesTests {
  static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("examples/scenes")

  func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-frames-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test("Frames from --from up to --to at --fps, with a manifest, replacing an earlier folder whole")
  func frames() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("frames")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    // An earlier render: its manifest is what lets a new one replace it.
    try Data("{}".utf8).write(to: out.appendingPathComponent("manifest.json"))
    try Data("stale".utf8).write(to: out.appendingPathComponent("frame_000099.png"))
    let scene = Self.examples.appendingPathComponent("ego-flip.json").path
    let result = try FlipbookBinary.run([
      "render", scene, "-o", out.path, "--fps", "20", "--from", "0.1", "--to", "0.3", "--scale", "1",
    ])
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout.hasPrefix("Rendered 4 frames (4 unique) to \(out.path) in "))
    let files = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
    #expect(files == ["frame_000000.png", "frame_000001.png", "frame_000002.png", "frame_000003.png", "manifest.json"])
    let manifest = try String(contentsOf: out.appendingPathComponent("manifest.json"), encoding: .utf8)
    #expect(manifest.contains("\"time\": 0.15"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["frames"], "no partial folders left")
    // The arrow is mid-flip in frame 1 (0.15 s) and so differs from frame 0 (0.1 s).
    let first = try Image(contentsOfFile: out.appendingPathComponent("frame_000000.png").path)
    let second = try Image(contentsOfFile: out.appendingPathComponent("frame_000001.png").path)
    #expect(first != second)
  }

  @Test("The same frames come out byte for byte on every run")
  func deterministic() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let scene = Self.examples.appendingPathComponent("airplane-refresh.json").path
    for name in ["a", "b"] {
      let result = try FlipbookBinary.run([
        "render", scene, "-o", dir.appendingPathComponent(name).path, "--to", "0.5", "--scale", "1",
      ])
      #expect(result.exitCode == 0)
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("a").path).sorted()
    #expect(names.count == 16)
    for name in names {
      let a = try Data(contentsOf: dir.appendingPathComponent("a/\(name)"))
      let b = try Data(contentsOf: dir.appendingPathComponent("b/\(name)"))
      #expect(a == b, "\(name) differs between runs")
    }
  }

  @Test("A still at --at shows the presentation at that time")
  func stillAt() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let scene = Self.examples.appendingPathComponent("ego-flip.json").path
    let start = dir.appendingPathComponent("start.png").path
    let flipped = dir.appendingPathComponent("flipped.png").path
    #expect(try FlipbookBinary.run(["render", scene, "-o", start, "--scale", "1"]).exitCode == 0)
    let result = try FlipbookBinary.run(["render", scene, "-o", flipped, "--scale", "1", "--at", "0.75"])
    #expect(result.stdout.hasPrefix("Wrote \(flipped) at 0.75 s: 320x65 px"))
    #expect(try Image(contentsOfFile: start) != Image(contentsOfFile: flipped))
  }

  @Test("inspect --at prints the presentation tree with the time")
  func inspectAt() throws {
    let scene = Self.examples.appendingPathComponent("ego-flip.json").path
    let result = try FlipbookBinary.run(["inspect", scene, "--at", "0.75"])
    #expect(result.exitCode == 0)
    #expect(result.stdout.hasPrefix("{\n  \"time\": 0.75,\n  \"name\": \"root\","))
    // The arrow has turned half way round: m11 = m22 = −1.
    #expect(result.stdout.contains("\"transform\": [-1, 0, 0, 0, 0, -1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]"))
  }

  @Test(
    "Frame and still options are not mixed",
    arguments: [
      (["-o", "x.png", "--fps", "30"], "Error: --fps is for frames; write to a folder, not a .png file"),
      (["-o", "frames", "--at", "1"], "Error: --at is for a still; write to a .png file"),
      (["-o", "frames", "--from", "2", "--to", "1"], "Error: --to (1) must be after --from (2)"),
      (["-o", "frames", "--fps", "0"], "Error: --fps must be from 1 to 240 (got 0)"),
    ])
  func usage(arguments: [String], error: String) throws {
    let result = try FlipbookBinary.run(
      ["render", Self.examples.appendingPathComponent("ego-flip.json").path] + arguments)
    #expect(result.exitCode == 64)
    #expect(result.stderr.hasPrefix(error + "\n"), "\(result.stderr)")
  }
}

/// Frame times are exact fractions end to end: a frame is the same bytes whatever `--from` began the render.
@Suite("render --from: frames at exact times")
struct ExactFrameTimeTests {
  static let pull = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("examples/scripts/pull.json").path

  struct Frames {
    let manifest: [String: Any]
    let files: [Data]
  }

  func render(_ arguments: [String], into folder: URL) throws -> Frames {
    let result = try FlipbookBinary.run(
      ["render", Self.pull, "-o", folder.path, "--scale", "1", "--to", "2.2"] + arguments)
    #expect(result.exitCode == 0, "\(result)")
    let manifest =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: folder.appendingPathComponent("manifest.json"))) as? [String: Any] ?? [:]
    let entries = manifest["frames"] as? [[String: Any]] ?? []
    let files = try entries.map { try Data(contentsOf: folder.appendingPathComponent($0["file"] as? String ?? "")) }
    return Frames(manifest: manifest, files: files)
  }

  @Test(
    "Frames from --from T0 equal the same instants of a render from 0, byte for byte, through the bounce",
    arguments: [
      (fps: "60", from: "0.35", offset: 21), (fps: "100", from: "0.37", offset: 37),
      (fps: "50", from: "1.02", offset: 51), (fps: "30", from: "1.3", offset: 39),
    ])
  func sameBytesFromAnyStart(fps: String, from: String, offset: Int) throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-from-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let whole = try render(["--fps", fps], into: dir.appendingPathComponent("whole"))
    let part = try render(["--fps", fps, "--from", from], into: dir.appendingPathComponent("part"))
    #expect(part.manifest["from"] as? Double == Double(from))
    #expect(part.manifest["fps"] as? Double == Double(fps))
    #expect(part.files.count == whole.files.count - offset)
    let partEntries = part.manifest["frames"] as? [[String: Any]] ?? []
    let wholeEntries = whole.manifest["frames"] as? [[String: Any]] ?? []
    var differing: [Int] = []
    for (index, data) in part.files.enumerated() {
      #expect(partEntries[index]["index"] as? Int == index)
      #expect(partEntries[index]["time"] as? Double == wholeEntries[index + offset]["time"] as? Double)
      #expect(
        partEntries[index]["contentOffset"] as? [Double] == wholeEntries[index + offset]["contentOffset"] as? [Double])
      if data != whole.files[index + offset] { differing.append(index) }
    }
    #expect(differing.isEmpty, "frames \(differing) of the --from \(from) render differ from the render from 0")
  }
}
