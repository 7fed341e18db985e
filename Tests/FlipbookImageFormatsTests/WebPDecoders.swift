import FlipbookGraphicsTestSupport
import Foundation
import Testing

@testable import FlipbookGraphics

// MARK: - Independent WebP readers

/// Reads animated WebP with tools that share no code with the encoder's caller: `webpinfo` (Debian's
/// `webp` package) parses and validates the container and every bitstream, and Pillow (Debian's
/// `python3-pil`, which decodes through libwebp's demuxer and animation decoder) composites the
/// frames onto the canvas as a viewer does.
enum WebPDecoders {
  static let webpinfo = "/usr/bin/webpinfo"
  static var webpinfoAvailable: Bool { FileManager.default.isExecutableFile(atPath: webpinfo) }

  /// A Python 3 that has Pillow with animated-WebP support: Debian's own first, since `python3` on the
  /// `PATH` may be another installation without Pillow.
  static let pillowPython: String? = ["/usr/bin/python3", "/usr/local/bin/python3"].first { path in
    guard FileManager.default.isExecutableFile(atPath: path) else { return false }
    let result = try? runTool(path, ["-c", "from PIL import features; assert features.check('webp_anim')"])
    return result?.status == 0
  }

  /// One frame of the `webpinfo` listing (an ANMF chunk).
  struct FrameInfo: Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
    var duration: Int
    /// 1 when the frame's rectangle is cleared to the background after it shows.
    var dispose: Int
    /// `webpinfo`'s "Blend" field, the ANMF chunk's bit: 1 when the frame replaces its rectangle, 0 when
    /// it is alpha-blended onto the canvas.
    var doesNotBlend: Int
  }

  /// `webpinfo`'s verdict on `data` and the frames it lists; throws when it reports an error.
  static func info(_ data: Data) throws -> (frames: [FrameInfo], loopCount: Int?, canvas: String?) {
    let output = try withTemporaryFile(data, ext: "webp") { path in try runTool(webpinfo, [path]) }
    guard output.status == 0, output.text.contains("No error detected.") else {
      throw DecoderFailure(message: "webpinfo failed:\n\(output.text)")
    }
    var frames: [FrameInfo] = []
    var loopCount: Int?
    var canvas: String?
    // An ANMF chunk's fields run from its "Chunk ANMF" line to its "Blend" line; the bitstream chunk
    // inside it repeats Width and Height afterwards, outside that span.
    var field: [String: Int]?
    for line in output.text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
      if line.hasPrefix("Chunk ANMF") { field = [:] }
      if line.hasPrefix("Canvas size") { canvas = String(line.dropFirst("Canvas size ".count)) }
      let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      guard parts.count == 2 else { continue }
      if parts[0] == "Loop count" { loopCount = Int(parts[1]) }
      field?[parts[0]] = Int(parts[1])
      if parts[0] == "Blend", let f = field, let x = f["Offset_X"], let y = f["Offset_Y"], let w = f["Width"],
        let h = f["Height"], let d = f["Duration"], let dispose = f["Dispose"], let blend = Int(parts[1])
      {
        frames.append(FrameInfo(x: x, y: y, width: w, height: h, duration: d, dispose: dispose, doesNotBlend: blend))
        field = nil
      }
    }
    return (frames, loopCount, canvas)
  }

  /// Every frame as Pillow composites it, with its duration in milliseconds.
  static func pillowFrames(_ data: Data) throws -> [(image: Image, duration: Int)] {
    guard let python = pillowPython else { throw DecoderFailure(message: "no Python with Pillow") }
    let script = """
      import sys
      from PIL import Image
      im = Image.open(sys.argv[1])
      for i in range(getattr(im, "n_frames", 1)):
          im.seek(i)
          im.load()
          rgba = im.convert("RGBA")
          print(rgba.size[0], rgba.size[1], im.info.get("duration", 0), rgba.tobytes().hex())
      """
    let output = try withTemporaryFile(data, ext: "webp") { path in try runTool(python, ["-c", script, path]) }
    guard output.status == 0 else { throw DecoderFailure(message: "Pillow failed:\n\(output.text)") }
    return try output.text.split(separator: "\n").map { line in
      let fields = line.split(separator: " ")
      guard fields.count == 4, let width = Int(fields[0]), let height = Int(fields[1]),
        let duration = Int(fields[2])
      else { throw DecoderFailure(message: "unexpected Pillow output: \(line.prefix(80))") }
      let hex = Array(fields[3].utf8)
      let bytes = stride(from: 0, to: hex.count, by: 2).map {
        UInt8(String(decoding: hex[$0..<$0 + 2], as: UTF8.self), radix: 16)!
      }
      return (try Image(width: width, height: height, rgba: bytes), duration)
    }
  }

  struct DecoderFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }

  private static func withTemporaryFile<T>(_ data: Data, ext: String, _ body: (String) throws -> T) throws -> T {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-\(UUID().uuidString).\(ext)")
    try data.write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    return try body(url.path)
  }
}
