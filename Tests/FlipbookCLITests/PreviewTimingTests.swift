import FlipbookTiming
import Foundation
import Testing

/// Every example's previews, read back by ffmpeg and ffprobe rather than by Flipbook: each lasts as long as
/// the manifest says, and shows at each source frame's time the frame it should.
@Suite("Previews play at the frames' own times, as ffmpeg sees them")
struct PreviewTimingTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let examples: [String] = {
    let folder = root.appendingPathComponent("examples")
    let found = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
    return found.filter { $0.hasSuffix(".json") && ($0.hasPrefix("scripts/") || $0.hasPrefix("scenes/")) }.sorted()
  }()
  static let haveFFmpeg = ExternalTool.ffmpeg.exists && ExternalTool.ffprobe.exists

  /// A rendered example: its folder, size, and each frame's exact time from the manifest.
  struct Rendered {
    let folder: URL
    let width: Int
    let height: Int
    let times: [Rational]
    let duration: Rational

    /// The source frames as ffmpeg decodes the PNG files.
    func sources() throws -> [Data] {
      try ExternalTool.decodedFrames(
        ["-framerate", "60", "-i", folder.appendingPathComponent("frame_%06d.png").path], width: width, height: height)
    }

    func remove() { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
  }

  static func render(_ example: String) throws -> Rendered {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-timing-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    let folder = base.appendingPathComponent("frames")
    let path = root.appendingPathComponent("examples/\(example)").path
    let result = try FlipbookBinary.run(["render", path, "-o", folder.path, "--scale", "1", "-q"])
    guard result.exitCode == 0 else { throw ExternalTool.Failure(description: "render failed: \(result)") }
    let manifest =
      try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("manifest.json")))
      as? [String: Any] ?? [:]
    let size = manifest["size"] as? [Int] ?? [0, 0]
    let fps = try #require(Rational(decimal: manifest["fps"] as? Double ?? 0))
    let entries = manifest["frames"] as? [[String: Any]] ?? []
    let times = entries.map { Rational($0["index"] as? Int ?? -1) / fps ?? .zero }
    return Rendered(
      folder: folder, width: size[0], height: size[1], times: times,
      duration: Rational(entries.count) / fps ?? .zero)
  }

  /// The index of the stored frame on screen at `time`. ffprobe's clock for APNG counts 1/100000 s, so a
  /// 1/60 s delay reads as 0.01667 s and the times drift by 3.3 µs a frame: `slack` absorbs that.
  static func onScreen(at time: Double, starts: [Double], slack: Double) -> Int {
    (starts.lastIndex { $0 <= time + slack }) ?? 0
  }

  @Test(
    "APNG: ffprobe's duration is the manifest's to 1 ms, and ffmpeg shows each source frame at its time",
    .enabled(if: haveFFmpeg), arguments: examples)
  func animatedPNG(example: String) throws {
    let rendered = try Self.render(example)
    defer { rendered.remove() }
    let apng = rendered.folder.deletingLastPathComponent().appendingPathComponent("preview.png").path
    // The fast encoding: the timing is the same at any compression level.
    let result = try FlipbookBinary.run(["preview", rendered.folder.path, "--apng", apng, "--png", "fast", "-q"])
    #expect(result.exitCode == 0, "\(result)")
    let packets = try ExternalTool.packets(of: apng)
    let total = packets.reduce(0) { $0 + $1.duration }
    #expect(
      abs(total - rendered.duration.seconds) <= 0.001, "\(example): \(total) s for \(rendered.duration.seconds) s")
    let shown = try ExternalTool.decodedFrames(["-i", apng], width: rendered.width, height: rendered.height)
    #expect(shown.count == packets.count)
    let sources = try rendered.sources()
    #expect(sources.count == rendered.times.count)
    let starts = packets.map(\.time)
    var wrong: [Int] = []
    // Less than half a source frame of slack: the right frame starts by then and the next one later.
    let slack = 0.4 * (rendered.times.count > 1 ? (rendered.times[1] - rendered.times[0]).seconds : 0.01)
    for (index, time) in rendered.times.enumerated() where index < sources.count {
      let frame = Self.onScreen(at: time.seconds, starts: starts, slack: slack)
      if frame >= shown.count || shown[frame] != sources[index] { wrong.append(index) }
    }
    #expect(
      wrong.isEmpty, "\(example): at the times of source frames \(wrong.prefix(8)) the APNG shows another picture")
  }

  /// The sum of absolute channel differences between two frames, over every 7th byte (all channels and
  /// columns in turn): enough to tell pictures apart, and fast enough for a debug build.
  static func distance(_ a: Data, _ b: Data) -> Int {
    a.withUnsafeBytes { pa in
      b.withUnsafeBytes { pb in
        var sum = 0
        for i in stride(from: 0, to: min(pa.count, pb.count), by: 7) { sum += abs(Int(pa[i]) - Int(pb[i])) }
        return sum
      }
    }
  }

  static let gifExamples = [
    "scripts/fling.json", "scripts/ego/full-refresh.json", "scripts/apl/full-refresh.json",
    "scripts/airplane/short-pull.json", "scenes/ego-flip.json",
  ]

  @Test(
    "GIF: ffprobe's duration is the manifest's to 10 ms; each frame starts on time and shows a picture of then",
    .enabled(if: haveFFmpeg), arguments: gifExamples)
  func gif(example: String) throws {
    let rendered = try Self.render(example)
    defer { rendered.remove() }
    let gif = rendered.folder.deletingLastPathComponent().appendingPathComponent("preview.gif").path
    let result = try FlipbookBinary.run(["preview", rendered.folder.path, "--gif", gif, "--no-dither", "-q"])
    #expect(result.exitCode == 0, "\(result)")
    let packets = try ExternalTool.packets(of: gif)
    let total = packets.reduce(0) { $0 + $1.duration }
    #expect(abs(total - rendered.duration.seconds) <= 0.01, "\(example): \(total) s for \(rendered.duration.seconds) s")
    #expect(packets.allSatisfy { $0.duration >= 0.02 }, "no delay under 2 cs, which browsers would slow to 10 cs")
    let shown = try ExternalTool.decodedFrames(["-i", gif], width: rendered.width, height: rendered.height)
    let sources = try rendered.sources()
    let times = rendered.times.map(\.seconds)
    /// Whether `frame` looks like a source frame from `window` as much as like any within 0.1 s of
    /// `around` (palette noise makes near-equal frames tie, so "as much" allows half again).
    func showsPicture(_ frame: Data, from window: ClosedRange<Double>, around: Double) -> Bool {
      var nearest = Int.max
      var inWindow = Int.max
      for (index, time) in times.enumerated() where abs(time - around) <= 0.1 {
        let d = Self.distance(frame, sources[index])
        nearest = min(nearest, d)
        if window.contains(time) { inWindow = min(inWindow, d) }
      }
      return inWindow != Int.max && Double(inWindow) <= Double(nearest) * 1.5 + 1
    }
    // At 50 fps a GIF frame shows the source frame on screen at its start: taken at most 1/50 s (and a
    // rounded centisecond) before it.
    let grid = 0.02 + 0.005
    for (frame, packet) in zip(shown, packets) {
      #expect(
        showsPicture(frame, from: (packet.time - grid)...(packet.time + 0.005), around: packet.time),
        "\(example): the GIF frame at \(packet.time) s shows a picture from another time")
    }
    // At each source frame's time the GIF shows that frame's picture, or one from at most one GIF
    // frame and one source frame earlier.
    let starts = packets.map(\.time)
    for time in rendered.times.map(\.seconds) {
      let frame = shown[Self.onScreen(at: time - 0.0045, starts: starts, slack: 0.0005)]
      #expect(
        showsPicture(frame, from: (time - grid - 1.0 / 60)...(time + 0.005), around: time),
        "\(example): at \(time) s the GIF shows a picture from another time")
    }
  }

  @Test(
    "WebP: lossless frames are the source frame on screen at each time (Pillow); the total is the manifest's to 1 ms",
    .enabled(if: PillowPlayback.available), arguments: gifExamples)
  func webp(example: String) throws {
    let rendered = try Self.render(example)
    defer { rendered.remove() }
    let webp = rendered.folder.deletingLastPathComponent().appendingPathComponent("preview.webp").path
    let result = try FlipbookBinary.run(["preview", rendered.folder.path, "--webp", webp, "-q"])
    #expect(result.exitCode == 0, "\(result)")
    let report = try #require(try PillowPlayback.check(webp: webp, frames: rendered.folder.path))
    #expect(abs(Double(report.totalMilliseconds) / 1000 - rendered.duration.seconds) <= 0.001)
    #expect(
      report.wrongFrames.isEmpty, "\(example): frames \(report.wrongFrames.prefix(8)) not on screen at their times")
  }

  @Test(
    "MP4 and WebM last as long as the frames, one video frame per source frame",
    .enabled(if: haveFFmpeg), arguments: ["scripts/ego/full-refresh.json", "scenes/airplane-refresh.json"])
  func video(example: String) throws {
    let rendered = try Self.render(example)
    defer { rendered.remove() }
    let base = rendered.folder.deletingLastPathComponent()
    let mp4 = base.appendingPathComponent("preview.mp4").path
    let webm = base.appendingPathComponent("preview.webm").path
    let result = try FlipbookBinary.run(["preview", rendered.folder.path, "--mp4", mp4, "--webm", webm, "-q"])
    #expect(result.exitCode == 0, "\(result)")
    for file in [mp4, webm] {
      let duration = try #require(try ExternalTool.formatDuration(of: file))
      #expect(abs(duration - rendered.duration.seconds) <= 0.001, "\(file): \(duration) s")
      #expect(try ExternalTool.packets(of: file).count == rendered.times.count)
    }
  }
}
