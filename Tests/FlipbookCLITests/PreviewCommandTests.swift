import FlipbookGraphics
import FlipbookImageFormats
import Foundation
import Testing

/// `flipbook preview` and `render --preview` through the binary.
@Suite("flipbook preview, end to end")
struct PreviewCommandTests {
  static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("examples/scripts")

  func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-preview-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test("render --preview writes the previews into the folder and reports their sizes")
  func renderWithPreviews() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("frames")
    let script = Self.scripts.appendingPathComponent("ego/short-pull.json").path
    let result = try FlipbookBinary.run(
      ["render", script, "-o", out.path, "--scale", "1", "--to", "1", "--preview", "apng,sheet"])
    #expect(result.exitCode == 0, "\(result)")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines[1].hasPrefix("Wrote \(out.path)/preview.png (animated PNG): "))
    #expect(lines[1].hasSuffix("of 60 PNG frames"))
    #expect(lines[2].hasPrefix("Wrote \(out.path)/contact-sheet.png (contact sheet): "))
    let decoded = try AnimatedPNG.decode(Data(contentsOf: out.appendingPathComponent("preview.png")))
    #expect(decoded.frames.count > 1 && decoded.frames.count < 60, "held frames are merged")

    // flipbook diff compares the frames of rendered folders, not the previews beside them.
    let again = dir.appendingPathComponent("again")
    _ = try FlipbookBinary.run(["render", script, "-o", again.path, "--scale", "1", "--to", "1", "--quiet"])
    let diff = try FlipbookBinary.run(["diff", out.path, again.path])
    #expect(diff.exitCode == 0 && diff.stdout == "Match: all 60 frames are identical\n", "\(diff)")
  }

  @Test("Video through ffmpeg, or a message saying how to install it")
  func video() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let frames = dir.appendingPathComponent("frames")
    let script = Self.scripts.appendingPathComponent("apl/short-pull.json").path
    #expect(
      try FlipbookBinary.run(["render", script, "-o", frames.path, "--scale", "1", "--to", "0.5", "-q"]).exitCode == 0)
    let mp4 = dir.appendingPathComponent("pull.mp4").path
    let result = try FlipbookBinary.run(["preview", frames.path, "--mp4", mp4])
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") {
      #expect(result.exitCode == 0, "\(result)")
      let size = try FileManager.default.attributesOfItem(atPath: mp4)[.size] as? Int ?? 0
      #expect(size > 1000)
    } else {
      #expect(result.exitCode == 1 && result.stderr.contains("ffmpeg is not installed; install it with"))
    }
  }

  @Test(
    "Bad frame folders are a clear error and leave no preview behind",
    arguments: ["missing", "empty", "no-manifest", "not-png"])
  func badFolders(kind: String) throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let folder = dir.appendingPathComponent("frames")
    if kind != "missing" { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
    if kind == "not-png" {
      try Data("not a png".utf8).write(to: folder.appendingPathComponent("frame_000000.png"))
      try Data(#"{"fps": 10, "frames": [{"file": "frame_000000.png", "time": 0}]}"#.utf8)
        .write(to: folder.appendingPathComponent("manifest.json"))
    }
    if kind == "empty" {
      try Data(#"{"fps": 10, "frames": []}"#.utf8).write(to: folder.appendingPathComponent("manifest.json"))
    }
    let output = dir.appendingPathComponent("out.png").path
    let result = try FlipbookBinary.run(["preview", folder.path, "--apng", output])
    #expect(result.exitCode == 1, "\(result)")
    #expect(result.stderr.hasPrefix("Error: ") && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: output))
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") }.isEmpty)
  }

  @Test(
    "A frame folder from a newer flipbook is refused in one line naming both versions; one without a version is read")
  func manifestVersions() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let folder = dir.appendingPathComponent("frames")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Image(width: 4, height: 4, rgba: [UInt8](repeating: 255, count: 64))
      .writePNG(toFile: folder.appendingPathComponent("frame_000000.png").path)
    let manifest = folder.appendingPathComponent("manifest.json")
    let output = dir.appendingPathComponent("out.png").path
    try Data(#"{"version": "2.0", "fps": 10, "frames": [{"file": "frame_000000.png", "time": 0}]}"#.utf8)
      .write(to: manifest)
    let newer = try FlipbookBinary.run(["preview", folder.path, "--apng", output])
    #expect(newer.exitCode == 1, "\(newer)")
    #expect(
      newer.stderr == "Error: \(manifest.path): manifest version 2.0 is newer than this flipbook reads (1.x)\n",
      "\(newer.stderr)")
    #expect(!FileManager.default.fileExists(atPath: output))
    try Data(#"{"fps": 10, "frames": [{"file": "frame_000000.png", "time": 0}]}"#.utf8).write(to: manifest)
    let older = try FlipbookBinary.run(["preview", folder.path, "--apng", output])
    #expect(older.exitCode == 0 && FileManager.default.fileExists(atPath: output), "\(older)")
  }

  @Test("No output asked for is a usage error")
  func noOutput() throws {
    let result = try FlipbookBinary.run(["preview", "frames"])
    #expect(result.exitCode == 64)
    let expected = "Error: give at least one output: --apng, --gif, --webp, --sheet, --html, --mp4 or --webm"
    #expect(result.stderr.hasPrefix(expected))
  }

  @Test(
    "Bad sheet options are usage errors naming the option",
    arguments: [
      (["--background", "red"], "--background must be a colour such as #E6E6E6 or #FFFFFF80 (got 'red')"),
      (["--padding", "300"], "--padding must be from 0 to 256 (got 300)"),
      (["--columns", "0"], "--columns must be from 1 to 100 (got 0)"),
    ])
  func badSheetOptions(options: [String], message: String) throws {
    let result = try FlipbookBinary.run(["preview", "frames", "--sheet", "sheet.png"] + options)
    #expect(result.exitCode == 64)
    #expect(result.stderr.hasPrefix("Error: \(message)\n"), "\(result.stderr)")
  }
}
