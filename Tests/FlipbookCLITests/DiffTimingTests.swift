import Foundation
import Testing

@testable import FlipbookGraphics
@testable import FlipbookImageFormats

/// Timing is part of the verdict: same pixels shown for other delays, or at other times, differ (exit 1).
@Suite("flipbook diff compares timing")
struct DiffTimingTests {
  let dir: URL

  init() throws {
    dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-timing-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
  }

  func solid(_ grey: UInt8) throws -> Image {
    var rgba = [UInt8](repeating: grey, count: 12 * 6 * 4)
    for index in stride(from: 3, to: rgba.count, by: 4) { rgba[index] = 255 }
    return try Image(width: 12, height: 6, rgba: rgba)
  }

  /// An APNG of `greys`, every frame stored (no merging), with each fcTL's delay set to `delays`
  /// (numerator, denominator) as given, 0 denominators included.
  func apng(_ name: String, _ greys: [UInt8], delays: [(UInt16, UInt16)]) throws -> String {
    let frames = try greys.map { AnimatedPNG.Frame(image: try solid($0), delay: 0.1) }
    var bytes = [UInt8](try AnimatedPNG.encode(frames, mergeIdentical: false))
    var offset = 8
    var frame = 0
    while offset + 8 <= bytes.count {
      let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      if String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self) == "fcTL" {
        let data = offset + 8
        let (numerator, denominator) = delays[frame]
        bytes[data + 20] = UInt8(numerator >> 8)
        bytes[data + 21] = UInt8(numerator & 0xFF)
        bytes[data + 22] = UInt8(denominator >> 8)
        bytes[data + 23] = UInt8(denominator & 0xFF)
        let crc = CRC32.checksum(bytes, in: (offset + 4)..<(data + length))
        for k in 0..<4 { bytes[data + length + k] = UInt8((crc >> (24 - 8 * k)) & 0xFF) }
        frame += 1
      }
      offset += 12 + length
    }
    #expect(frame == greys.count, "every frame's fcTL was rewritten")
    let path = dir.appendingPathComponent(name).path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// A rendered-looking folder: `frame_*.png` files and a manifest with `manifest` as its text.
  func folder(_ name: String, greys: [UInt8], manifest: String) throws -> String {
    let url = dir.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    for (index, grey) in greys.enumerated() {
      try solid(grey).writePNG(toFile: url.appendingPathComponent(String(format: "frame_%06d.png", index)).path)
    }
    try Data(manifest.utf8).write(to: url.appendingPathComponent("manifest.json"))
    return url.path
  }

  /// A manifest of three frames; `from` and `index` keys only when `from` is given.
  func manifest(fps: String, from: String?, times: [String], indices: [Int] = [0, 1, 2]) -> String {
    let header = from.map { "\"fps\": \(fps), \"from\": \($0)," } ?? "\"fps\": \(fps),"
    let frames = times.enumerated().map { i, time in
      let index = from == nil ? "" : ", \"index\": \(indices[i])"
      return "{\"file\": \"frame_\(String(format: "%06d", i)).png\", \"time\": \(time)\(index)}"
    }
    return "{\(header) \"frames\": [\(frames.joined(separator: ", "))]}"
  }

  @Test("Same pixels, other APNG delays: differ, naming the frame and both delays as fractions")
  func apngDelays() throws {
    defer { try? FileManager.default.removeItem(at: dir) }
    let a = try apng("a.png", [0, 128, 255], delays: [(1, 10), (1, 10), (1, 10)])
    let b = try apng("b.png", [0, 128, 255], delays: [(1, 10), (1, 5), (1, 10)])
    let result = try FlipbookBinary.run(["diff", a, b])
    #expect(result.exitCode == 1, "\(result)")
    #expect(
      result.stdout == """
        Differ: 1 of 3 frames (first: frame 1, timing: frame 1 shows for 1/5 s, expected 1/10 s)
        Timing differs for 1 frame: frame 1 shows for 1/5 s, expected 1/10 s

        """, "\(result)")
    let json = try FlipbookBinary.run(["diff", a, b, "--json"])
    let summary = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let frames = try #require(summary["frames"] as? [[String: Any]])
    let timing = try #require(frames[1]["timing"] as? [String: Any])
    #expect(timing["kind"] as? String == "delay")
    #expect(timing["expected"] as? String == "1/10" && timing["actual"] as? String == "1/5")
    #expect(frames[1]["differingPixels"] as? Int == 0 && frames[1]["verdict"] as? String == "differ")
    #expect(frames[2]["time"] as? Double == 0.2 && frames[2]["timing"] is NSNull)
  }

  @Test("Delays are exact fractions: 10/100, 100/1000 and 10/0 (0 means 100) are all a tenth")
  func exactDelays() throws {
    defer { try? FileManager.default.removeItem(at: dir) }
    let a = try apng("a.png", [0, 255], delays: [(10, 100), (1, 3)])
    let b = try apng("b.png", [0, 255], delays: [(10, 0), (333, 999)])
    let c = try apng("c.png", [0, 255], delays: [(100, 1000), (333, 1000)])
    let same = try FlipbookBinary.run(["diff", a, b])
    #expect(same.exitCode == 0 && same.stdout == "Match: all 2 frames are identical\n", "\(same)")
    // 333/1000 s is not 1/3 s, although both print as 0.333 s.
    let rounded = try FlipbookBinary.run(["diff", a, c])
    #expect(rounded.exitCode == 1, "\(rounded)")
    #expect(rounded.stdout.contains("frame 1 shows for 333/1000 s, expected 1/3 s"), "\(rounded)")
  }

  @Test("Identical neighbours merge before comparing: a hold split in two is the same animation")
  func mergedHolds() throws {
    defer { try? FileManager.default.removeItem(at: dir) }
    let split = try apng("split.png", [0, 0, 255], delays: [(1, 10), (1, 10), (1, 10)])
    let held = try apng("held.png", [0, 255], delays: [(1, 5), (1, 10)])
    let longer = try apng("longer.png", [0, 255], delays: [(3, 10), (1, 10)])
    #expect(try FlipbookBinary.run(["diff", split, held]).exitCode == 0)
    let result = try FlipbookBinary.run(["diff", split, longer])
    #expect(result.exitCode == 1 && result.stdout.contains("frame 0 shows for 3/10 s, expected 1/5 s"), "\(result)")
    let fewer = try FlipbookBinary.run(["diff", split, try apng("one.png", [0, 128], delays: [(1, 5), (1, 10)])])
    #expect(
      fewer.exitCode == 1 && fewer.stdout.hasPrefix("Differ: 1 of 2 frames (first: frame 1, 72 pixels differ"),
      "\(fewer)")
    let three = try FlipbookBinary.run([
      "diff", held, try apng("three.png", [0, 255, 0], delays: [(1, 5), (1, 10), (1, 10)]),
    ])
    #expect(three.exitCode == 1 && three.stdout.contains("Frame counts differ:"), "\(three)")
  }

  @Test("Folders whose manifests give other frame times differ, with the times reported")
  func folderTimes() throws {
    defer { try? FileManager.default.removeItem(at: dir) }
    let a = try folder(
      "a", greys: [0, 1, 2], manifest: manifest(fps: "60", from: nil, times: ["0", "0.016667", "0.033333"]))
    let b = try folder(
      "b", greys: [0, 1, 2], manifest: manifest(fps: "60", from: nil, times: ["0", "0.016667", "0.05"]))
    let result = try FlipbookBinary.run(["diff", a, b])
    #expect(result.exitCode == 1, "\(result)")
    #expect(
      result.stdout.hasPrefix(
        "Differ: 1 of 3 frames (first: frame_000002.png, timing: frame_000002.png at 0.05 s, expected 0.033333 s)"),
      "\(result)")
    #expect(try FlipbookBinary.run(["diff", a, a]).exitCode == 0)
  }

  @Test("With from and index in both manifests times are exact: from + index / fps")
  func exactFolderTimes() throws {
    defer { try? FileManager.default.removeItem(at: dir) }
    let times = ["0", "0.033333", "0.066667"]
    let base = try folder("base", greys: [0, 1, 2], manifest: manifest(fps: "30", from: "0", times: times))
    // Twice the rate, every other frame: the same instants exactly, though the `time` numbers are rounded
    // differently.
    let doubled = try folder(
      "doubled", greys: [0, 1, 2],
      manifest: manifest(fps: "60", from: "0", times: ["0", "0.033334", "0.066666"], indices: [0, 2, 4]))
    let same = try FlipbookBinary.run(["diff", base, doubled])
    #expect(same.exitCode == 0, "\(same)")
    // Starting a microsecond later: `time` numbers a microsecond apart, instants too.
    let later = try folder(
      "later", greys: [0, 1, 2],
      manifest: manifest(fps: "30", from: "0.000001", times: ["0.000001", "0.033334", "0.066668"]))
    let moved = try FlipbookBinary.run(["diff", base, later, "--json"])
    #expect(moved.exitCode == 1, "\(moved)")
    let summary = try #require(try JSONSerialization.jsonObject(with: Data(moved.stdout.utf8)) as? [String: Any])
    let frames = try #require(summary["frames"] as? [[String: Any]])
    let timing = try #require(frames[1]["timing"] as? [String: Any])
    #expect(timing["kind"] as? String == "time")
    #expect(timing["expected"] as? String == "1/30" && timing["actual"] as? String == "100003/3000000")
    #expect((summary["totals"] as? [String: Any])?["timingDifferences"] as? Int == 3)
    // Without index keys on one side, the `time` numbers decide: the same instants as `doubled`, but its
    // numbers are rounded otherwise, so they differ.
    let plain = try folder("plain", greys: [0, 1, 2], manifest: manifest(fps: "30", from: nil, times: times))
    #expect(try FlipbookBinary.run(["diff", plain, base]).exitCode == 0)
    let rounded = try FlipbookBinary.run(["diff", plain, doubled])
    #expect(rounded.exitCode == 1 && rounded.stdout.contains("at 0.033334 s, expected 0.033333 s"), "\(rounded)")
  }
}
