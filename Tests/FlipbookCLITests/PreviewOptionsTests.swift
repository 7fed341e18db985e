import FlipbookGraphics
import FlipbookImageFormats
import Foundation
import Testing

/// `flipbook preview`'s range, rate, pause, size and WebP options, read back by ffprobe, webpinfo and Pillow.
@Suite("preview --from, --to, --fps, --hold-*, --width, --scale, --webp")
struct PreviewOptionsTests {
  static let haveFFmpeg = ExternalTool.ffmpeg.exists && ExternalTool.ffprobe.exists
  static let webpinfo = ExternalTool(path: "/usr/bin/webpinfo")

  static func totalDuration(_ file: String) throws -> Double {
    try ExternalTool.packets(of: file).reduce(0) { $0 + $1.duration }
  }

  @Test(
    "A cut from 0.25 s to 0.75 s with 0.5 s held on the first and 1 s on the last lasts 2 s in every format",
    .enabled(if: haveFFmpeg))
  func cutAndHold() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let frames = try workspace.render(Workspace.pullScript)
    let result = try FlipbookBinary.run([
      "preview", frames, "--apng", workspace.path("a.png"), "--gif", workspace.path("a.gif"), "--mp4",
      workspace.path("a.mp4"), "--from", "0.25", "--to", "0.75", "--hold-first", "0.5", "--hold-last", "1", "-q",
    ])
    #expect(result == FlipbookBinary.Output(exitCode: 0, stdout: "", stderr: ""))
    #expect(abs(try Self.totalDuration(workspace.path("a.png")) - 2) <= 0.001)
    #expect(abs(try Self.totalDuration(workspace.path("a.gif")) - 2) <= 0.01)
    #expect(abs((try ExternalTool.formatDuration(of: workspace.path("a.mp4")) ?? 0) - 2) <= 0.001)
    // The first frame shown is the source frame at 0.25 s, held for 0.5 s more than its 1/60 s.
    let packets = try ExternalTool.packets(of: workspace.path("a.png"))
    #expect(abs(packets[0].duration - (0.5 + 1.0 / 60)) <= 0.0001)
    let shown = try ExternalTool.decodedFrames(["-i", workspace.path("a.png")], width: 320, height: 480)
    let source = try ExternalTool.decodedFrames(
      ["-i", (frames as NSString).appendingPathComponent("frame_000015.png")], width: 320, height: 480)
    #expect(shown.first == source.first, "0.25 s is frame 15 at 60 fps")
  }

  @Test(
    "--fps resamples: 1 s of 60 fps frames at 24 fps is 24 video frames; the GIF defaults to 50 fps",
    .enabled(if: haveFFmpeg))
  func resampling() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let frames = try workspace.render(Workspace.pullScript)
    let result = try FlipbookBinary.run([
      "preview", frames, "--mp4", workspace.path("a.mp4"), "--apng", workspace.path("a.png"), "--fps", "24", "-q",
    ])
    #expect(result.exitCode == 0, "\(result)")
    #expect(try ExternalTool.packets(of: workspace.path("a.mp4")).count == 24)
    #expect(abs((try ExternalTool.formatDuration(of: workspace.path("a.mp4")) ?? 0) - 1) <= 0.001)
    // Resampled APNG frames start on the 1/24 s grid (merged where the picture holds).
    for packet in try ExternalTool.packets(of: workspace.path("a.png")) {
      let slots = packet.time * 24
      #expect(abs(slots - slots.rounded()) < 0.01, "a frame at \(packet.time) s is off the 1/24 s grid")
    }
    let gif = try FlipbookBinary.run(["preview", frames, "--gif", workspace.path("a.gif"), "-q"])
    #expect(gif.exitCode == 0)
    #expect(
      try ExternalTool.packets(of: workspace.path("a.gif")).allSatisfy { Int(($0.duration * 100).rounded()) % 2 == 0 })
  }

  @Test("--width and --scale shrink every animated preview and the sheet; growing is refused", .enabled(if: haveFFmpeg))
  func sizes() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let frames = try workspace.render(Workspace.pullScript, to: "0.3")
    let result = try FlipbookBinary.run([
      "preview", frames, "--apng", workspace.path("a.png"), "--gif", workspace.path("a.gif"), "--mp4",
      workspace.path("a.mp4"), "--webp", workspace.path("a.webp"), "--width", "160", "-q",
    ])
    #expect(result.exitCode == 0, "\(result)")
    for file in ["a.png", "a.gif", "a.mp4"] {
      let size = String(
        decoding: try ExternalTool.ffprobe.run([
          "-v", "error", "-show_entries", "stream=width,height", "-of", "csv=p=0", workspace.path(file),
        ]), as: UTF8.self)
      #expect(size.trimmingCharacters(in: .whitespacesAndNewlines) == "160,240", "\(file): \(size)")
    }
    let halved = try FlipbookBinary.run(["preview", frames, "--apng", workspace.path("b.png"), "--scale", "0.25", "-q"])
    #expect(halved.exitCode == 0)
    let info = try PNGInfo(contentsOfFile: workspace.path("b.png"))
    #expect(info.width == 80 && info.height == 120)
    let before = try workspace.contents()
    let grow = try FlipbookBinary.run(["preview", frames, "--apng", workspace.path("c.png"), "--width", "640"])
    #expect(grow.exitCode == 64)
    #expect(grow.stderr.hasPrefix("Error: --width 640 px is wider than the frames (320 px); previews only shrink\n"))
    #expect(try workspace.contents() == before, "nothing written")
  }

  @Test(
    "WebP: lossless frames are the source frames at their times (Pillow), durations in whole ms (webpinfo)",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/webpinfo")))
  func webp() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let frames = try workspace.render(Workspace.pullScript, to: "0.5")
    let result = try FlipbookBinary.run(["preview", frames, "--webp", workspace.path("a.webp"), "-q"])
    #expect(result.exitCode == 0, "\(result)")
    let info = String(decoding: try Self.webpinfo.run(["-summary", workspace.path("a.webp")]), as: UTF8.self)
    #expect(info.contains("No error detected."), "\(info)")
    let report = try PillowPlayback.check(webp: workspace.path("a.webp"), frames: frames)
    #expect(report?.totalMilliseconds == 500, "0.5 s of frames last 500 ms")
    #expect(report?.wrongFrames == [], "\(String(describing: report))")
  }

  @Test(
    "Bad timing and size options: one Error: line, exit 64, nothing written",
    arguments: [
      (["--fps", "0"], "Error: --fps must be from 1 to 240 (got 0)"),
      (["--fps", "241"], "Error: --fps must be from 1 to 240 (got 241)"),
      (["--from", "0.8", "--to", "0.2"], "Error: --to (0.2) must be after --from (0.8)"),
      (["--hold-last", "61"], "Error: --hold-last must be from 0 to 60 seconds (got 61)"),
      (["--width", "0"], "Error: --width must be from 1 to 16384 pixels (got 0)"),
      (["--scale", "2"], "Error: --scale must be above 0 and at most 1: previews only shrink (got 2)"),
      (["--width", "10", "--scale", "0.5"], "Error: give one of --width and --scale"),
      (["--quality", "101", "--webp", "x.webp"], "Error: --quality must be from 0 to 100 (got 101)"),
      (["--quality", "50"], "Error: --quality is for the WebP; give --webp too"),
      (["--from", "5"], "Error: --from 5 s is outside the frames' times (0...1 s)"),
      (["--to", "1.5"], "Error: --to 1.5 s is outside the frames' times (0...1 s)"),
    ])
  func badOptions(options: [String], error: String) throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let frames = try workspace.render(Workspace.pullScript)
    let before = try workspace.contents()
    let result = try FlipbookBinary.run(["preview", frames, "--apng", workspace.path("a.png")] + options)
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stderr.hasPrefix(error + "\n"), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    #expect(try workspace.contents() == before, "nothing written")
  }
}
