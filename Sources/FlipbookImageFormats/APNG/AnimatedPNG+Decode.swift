import FlipbookGraphics
import FlipbookTiming
import Foundation

// MARK: - Structure

extension AnimatedPNG {
  /// What an APNG (or plain PNG) file holds, read from its chunks without decoding any pixels.
  public struct Summary: Hashable, Sendable {
    /// The canvas width in pixels (IHDR).
    public var width: Int
    /// The canvas height in pixels (IHDR).
    public var height: Int
    /// Bits per sample (IHDR): 8 for what Flipbook writes, 16 for some other tools' files.
    public var bitDepth: Int
    /// IHDR colour type: 0 gray, 2 RGB, 3 palette, 4 gray+alpha, 6 RGBA.
    public var colorType: Int
    /// True when the file has an acTL chunk; false for a plain PNG.
    public var isAnimated: Bool
    /// acTL num_plays: 0 loops forever. 0 for a plain PNG.
    public var loopCount: Int
    /// One entry per frame, in order; empty for a plain PNG.
    public var frames: [FrameControl]
    /// True when an fcTL precedes IDAT, so the default image is the first frame. When false, viewers
    /// without APNG support show an image that is not part of the animation.
    public var defaultImageIsFirstFrame: Bool
  }

  /// The structure of `data`: size, colour type, loop count and every frame's fcTL. Checks the same
  /// things as `decode` short of decoding pixels.
  public static func summary(_ data: Data, source: String = "data") throws(GraphicsError) -> Summary {
    try parse([UInt8](data), source: source).summary
  }

  /// The most pixels `decode` will produce over all frames together (2^29, 2 GiB of ARGB32), so a small
  /// file declaring many large frames is refused before the frames are allocated.
  public static let maxDecodedPixels = 1 << 29

  /// The chunk structure of a file: its summary plus where each frame's data lies.
  struct Parsed {
    var summary: Summary
    /// IHDR's 13 bytes.
    var header: [UInt8]
    var palette: [UInt8]?
    var transparency: [UInt8]?
    /// Each frame's zlib stream pieces: IDAT data, or fdAT data after the sequence number.
    var payloads: [[Range<Int>]]
  }

  static func parse(_ bytes: [UInt8], source: String) throws(GraphicsError) -> Parsed {
    func failure(_ reason: String) -> GraphicsError { .pngDecode(source: source, reason: reason) }

    let chunks = try PNGContainer.readChunks(bytes, source: source)
    guard let ihdr = chunks.first, ihdr.type == "IHDR", ihdr.data.count == 13 else {
      throw failure("the first chunk is not a 13-byte IHDR")
    }
    let header = Array(bytes[ihdr.data])
    let width = Int(readUInt32(header, at: 0))
    let height = Int(readUInt32(header, at: 4))
    try ImageLimits.check(width: width, height: height)

    var summary = Summary(
      width: width, height: height, bitDepth: Int(header[8]), colorType: Int(header[9]), isAnimated: false,
      loopCount: 0, frames: [], defaultImageIsFirstFrame: false)
    var palette: [UInt8]?
    var transparency: [UInt8]?
    var payloads: [[Range<Int>]] = []
    var declaredFrames = 0
    var nextSequence: UInt32 = 0
    var seenIDAT = false
    var seenFdAT = false

    func checkSequence(_ number: UInt32, in type: String, at offset: Int) throws(GraphicsError) {
      guard number == nextSequence else {
        throw failure(
          "sequence numbers out of order: \(type) at byte \(offset) has sequence number \(number) where "
            + "\(nextSequence) was expected")
      }
      nextSequence += 1
    }

    for chunk in chunks.dropFirst() {
      switch chunk.type {
      case "PLTE": palette = Array(bytes[chunk.data])
      case "tRNS": transparency = Array(bytes[chunk.data])
      case "acTL":
        guard !seenIDAT else { throw failure("acTL comes after IDAT") }
        guard chunk.data.count == 8 else { throw failure("acTL chunk has \(chunk.data.count) bytes, not 8") }
        guard !summary.isAnimated else { throw failure("more than one acTL chunk") }
        summary.isAnimated = true
        declaredFrames = Int(readUInt32(bytes, at: chunk.data.lowerBound))
        summary.loopCount = Int(readUInt32(bytes, at: chunk.data.lowerBound + 4))
        guard declaredFrames > 0 else { throw failure("acTL declares 0 frames") }
      case "fcTL" where summary.isAnimated:
        let index = summary.frames.count
        let control = try FrameControl(bytes: Array(bytes[chunk.data]), source: source)
        try checkSequence(control.sequenceNumber, in: "fcTL", at: chunk.offset)
        guard index < declaredFrames else {
          throw failure("more frames than acTL declares (\(declaredFrames))")
        }
        guard
          control.width > 0 && control.height > 0 && control.x + control.width <= width
            && control.y + control.height <= height
        else {
          throw failure(
            "frame \(index) region \(control.width)x\(control.height) at (\(control.x), \(control.y)) "
              + "lies outside the \(width)x\(height) image (fcTL at byte \(chunk.offset))")
        }
        if let last = payloads.last, last.isEmpty { throw failure("frame \(index - 1) has no image data") }
        if !seenIDAT {
          guard index == 0 else { throw failure("two fcTL chunks before IDAT") }
          guard control.x == 0 && control.y == 0 && control.width == width && control.height == height else {
            throw failure("the fcTL before IDAT must cover the whole \(width)x\(height) image")
          }
          summary.defaultImageIsFirstFrame = true
        }
        summary.frames.append(control)
        payloads.append([])
      case "IDAT":
        guard !seenFdAT else { throw failure("IDAT after fdAT") }
        seenIDAT = true
        if summary.defaultImageIsFirstFrame {
          guard summary.frames.count == 1 else { throw failure("IDAT after the second fcTL") }
          payloads[0].append(chunk.data)
        }
      case "fdAT" where summary.isAnimated:
        guard chunk.data.count >= 4 else { throw failure("fdAT chunk is shorter than its sequence number") }
        try checkSequence(readUInt32(bytes, at: chunk.data.lowerBound), in: "fdAT", at: chunk.offset)
        guard seenIDAT else { throw failure("fdAT before IDAT") }
        guard !payloads.isEmpty, !(summary.defaultImageIsFirstFrame && payloads.count == 1) else {
          throw failure("fdAT without a preceding fcTL")
        }
        seenFdAT = true
        payloads[payloads.count - 1].append((chunk.data.lowerBound + 4)..<chunk.data.upperBound)
      default: break
      }
    }
    guard seenIDAT else { throw failure("no IDAT chunk") }
    if summary.isAnimated {
      if let last = payloads.last, last.isEmpty { throw failure("frame \(payloads.count - 1) has no image data") }
      guard summary.frames.count == declaredFrames else {
        throw failure("acTL declares \(declaredFrames) frames but the file has \(summary.frames.count)")
      }
    }
    return Parsed(
      summary: summary, header: header, palette: palette, transparency: transparency, payloads: payloads)
  }
}

// MARK: - Decoding

extension AnimatedPNG {
  /// Decodes an APNG into fully composited frames (each the whole canvas as a viewer shows it) with their
  /// delays, and the loop count (0 = forever). Handles any APNG: frame regions, every dispose and blend
  /// op, and a default image that is or is not part of the animation. A plain PNG decodes as one frame
  /// with delay 0 and loop count 0.
  ///
  /// Errors (all `pngDecode`, naming `source`): not a PNG, truncated data, a bad CRC (naming the chunk),
  /// sequence numbers out of order, a frame region outside the image, a frame count that differs from
  /// acTL's; sizes beyond `ImageLimits` or `maxDecodedPixels` are `sizeTooLarge`, refused before
  /// allocating. Holds every frame at once; `FrameReader` composes them one at a time.
  public static func decode(_ data: Data, source: String = "data") throws(GraphicsError) -> (
    frames: [Frame], loopCount: Int
  ) {
    var reader = try FrameReader([UInt8](data), source: source)
    let summary = reader.summary
    if summary.isAnimated {
      guard summary.frames.count <= maxDecodedPixels / (summary.width * summary.height) else {
        throw .sizeTooLarge(
          width: summary.width, height: summary.height,
          reason: "\(summary.frames.count) frames exceed AnimatedPNG.maxDecodedPixels (\(maxDecodedPixels) pixels)")
      }
    }
    var frames: [Frame] = []
    frames.reserveCapacity(reader.count)
    while let frame = try reader.next() { frames.append(frame) }
    return (frames, summary.loopCount)
  }

  /// A plain PNG holding one frame's data: IHDR with the frame's size and the file's bit depth, colour
  /// type and interlacing, PLTE and tRNS when present, the frame's zlib stream as IDAT, IEND.
  static func standalonePNG(_ parsed: Parsed, bytes: [UInt8], frame index: Int) -> [UInt8] {
    let control = parsed.summary.frames[index]
    let pieces = parsed.payloads[index]
    let size = pieces.reduce(0) { $0 + $1.count }
    var writer = PNGContainer.Writer(reservingCapacity: size + 1024)
    writer.append(
      "IHDR", bigEndianBytes(UInt32(control.width)) + bigEndianBytes(UInt32(control.height)) + parsed.header[8...])
    if let palette = parsed.palette { writer.append("PLTE", palette) }
    if let transparency = parsed.transparency { writer.append("tRNS", transparency) }
    for piece in pieces { writer.append("IDAT", bytes[piece]) }
    writer.append("IEND", [UInt8]())
    return writer.bytes
  }

  /// The canvas pixels inside `region`, row by row.
  static func copy(_ canvas: [UInt32], width: Int, region: PixelRegion) -> [UInt32] {
    var out: [UInt32] = []
    out.reserveCapacity(region.width * region.height)
    for y in region.y..<(region.y + region.height) {
      let start = y * width + region.x
      out.append(contentsOf: canvas[start..<(start + region.width)])
    }
    return out
  }

  /// Writes `pixels` (region-sized, row by row) into the canvas region.
  static func fill(_ canvas: inout [UInt32], width: Int, region: PixelRegion, with pixels: [UInt32]) {
    precondition(pixels.count == region.width * region.height, "pixel count does not match the region")
    for y in 0..<region.height {
      let row = (region.y + y) * width + region.x
      canvas.replaceSubrange(row..<(row + region.width), with: pixels[(y * region.width)..<((y + 1) * region.width)])
    }
  }

  /// Puts a frame's premultiplied pixels into the canvas region: replacing them (SOURCE) or composited
  /// over them (OVER: `dst = src + dst * (255 - src.alpha) / 255` per channel, rounded).
  static func composite(
    _ pixels: [UInt32], onto canvas: inout [UInt32], width: Int, region: PixelRegion, blend: BlendOp
  ) {
    guard blend == .over else {
      fill(&canvas, width: width, region: region, with: pixels)
      return
    }
    pixels.withUnsafeBufferPointer { src in
      canvas.withUnsafeMutableBufferPointer { dst in
        for y in 0..<region.height {
          let row = (region.y + y) * width + region.x
          for x in 0..<region.width {
            let s = src[y * region.width + x]
            let inverse = 255 - (s >> 24)
            if inverse == 0 {
              dst[row + x] = s
            } else if inverse != 255 {
              dst[row + x] = s + scaled(dst[row + x], by: inverse)
            }  // a fully transparent source leaves the canvas as it is
          }
        }
      }
    }
  }

  /// Each 8-bit channel of `pixel` times `factor / 255`, rounded. Channels cannot carry into each other:
  /// each result is at most its input.
  private static func scaled(_ pixel: UInt32, by factor: UInt32) -> UInt32 {
    var out: UInt32 = 0
    for shift in stride(from: 0 as UInt32, through: 24, by: 8) {
      let t = ((pixel >> shift) & 0xFF) * factor + 128
      out |= ((t + (t >> 8)) >> 8) << shift
    }
    return out
  }
}
