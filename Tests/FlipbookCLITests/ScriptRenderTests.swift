import FlipbookGraphics
import Foundation
import Testing

/// Gesture scripts through the binary: frames, determinism across --jobs, the manifest, inspect --at.
@Suite("Gesture scripts, end to end")
struct ScriptRenderTests {
  static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("examples/scripts")

  func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-script-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  func files(_ dir: URL) throws -> [String: Data] {
    var result: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) {
      result[name] = try Data(contentsOf: dir.appendingPathComponent(name))
    }
    return result
  }

  @Test("--jobs 1 and --jobs 2 write the same bytes; repeated frames are marked")
  func jobsDeterminism() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let script = Self.scripts.appendingPathComponent("pull.json").path
    var outputs: [[String: Data]] = []
    for jobs in ["1", "2"] {
      let out = dir.appendingPathComponent("jobs\(jobs)")
      let result = try FlipbookBinary.run(
        ["render", script, "-o", out.path, "--scale", "1", "--to", "1.6", "--jobs", jobs])
      #expect(result.exitCode == 0, "\(result)")
      #expect(result.stdout.hasPrefix("Rendered 96 frames ("))
      #expect(result.stderr.isEmpty, "no progress bar when not on a terminal")
      outputs.append(try files(out))
    }
    #expect(outputs[0].count == 97)
    for (name, bytes) in outputs[0] where name != "manifest.json" {
      #expect(outputs[1][name] == bytes, "\(name) differs between --jobs 1 and 2")
    }
    let manifest = try #require(String(data: outputs[0]["manifest.json"]!, encoding: .utf8))
    #expect(manifest.contains(#""file": "frame_000001.png", "index": 1, "time": 0.016667, "repeatsPrevious": true"#))
    #expect(manifest.contains(#""dragging": true"#) && manifest.contains(#""decelerating": true"#))
    #expect(manifest.contains(#""contentInset": [0, 0, 0, 0]"#))
  }

  @Test("inspect --at shows the scroll view's state during the pull")
  func inspect() throws {
    let result = try FlipbookBinary.run([
      "inspect", Self.scripts.appendingPathComponent("pull.json").path, "--at", "1.2",
    ])
    #expect(result.exitCode == 0)
    // 150 pt of finger past the top of 480 pt shows (1 − 1/(150·0.55/480 + 1))·480 = 70.4 pt of pull.
    #expect(result.stdout.contains(#""contentOffset": [0, -70.4]"#), "\(result.stdout.suffix(300))")
    #expect(result.stdout.contains(#""dragging": true"#))
    #expect(result.stdout.hasPrefix("{\n  \"time\": 1.2,"))
  }

  @Test(
    "Bad scripts fail with one line and leave the previous output untouched",
    arguments: [
      (#"{"viewport": {"width": 320, "height": 480}, "fps": 10000}"#, "$.fps: 10000 is out of range 1...240"),
      (#"{"viewport": {"width": 0, "height": 480}}"#, "$.viewport.width: 0 is out of range 1...4096"),
      (
        #"{"viewport": {"width": 320, "height": 480}, "touches": [{"down": 1, "up": 2}, {"down": 1.5, "up": 3}]}"#,
        "$.touches[1].down: touches overlap"
      ),
    ])
  func badScripts(text: String, message: String) throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let script = dir.appendingPathComponent("bad.json")
    try Data(text.utf8).write(to: script)
    let out = dir.appendingPathComponent("frames")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    try Data("old".utf8).write(to: out.appendingPathComponent("frame_000000.png"))
    let result = try FlipbookBinary.run(["render", script.path, "-o", out.path])
    #expect(result.exitCode == 1)
    #expect(result.stderr.split(separator: "\n").count == 1 && result.stderr.contains(message), "\(result.stderr)")
    #expect(try files(out) == ["frame_000000.png": Data("old".utf8)])
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["bad.json", "frames"])
  }

  @Test("--jobs out of range is a usage error")
  func badJobs() throws {
    let result = try FlipbookBinary.run([
      "render", Self.scripts.appendingPathComponent("pull.json").path, "-o", "x", "--jobs", "0",
    ])
    #expect(result.exitCode == 64)
    #expect(result.stderr.hasPrefix("Error: --jobs must be from 1 to 64 (got 0)\n"))
  }
}
