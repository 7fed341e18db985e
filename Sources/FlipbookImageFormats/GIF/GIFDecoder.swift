import FlipbookGraphics
import Foundation

// MARK: - GIFDecodeError

/// Why `GIFDecoder` refused some data.
struct GIFDecodeError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

// MARK: - DecodedGIF

/// A decoded GIF: every frame composited onto the canvas as a viewer would show it, and the blocks'
/// fields for inspection.
struct DecodedGIF {
  struct Frame {
    /// The whole canvas after this frame was drawn.
    var image: Image
    var centiseconds: Int
    var rect: GIFRect
    var disposal: GIFDisposal
    var transparentIndex: Int?
    var hasLocalPalette: Bool
    var minimumCodeSize: Int
  }

  var width: Int
  var height: Int
  /// The NETSCAPE2.0 loop count, or nil when the extension is absent.
  var loopCount: Int?
  var hasGlobalPalette: Bool
  var frames: [Frame]
}

// MARK: - GIFDecoder

/// A small GIF87a/89a decoder (used by the tests to check what `GIF.encode` writes): parses the
/// blocks, LZW-decodes each image, and composites frames honouring offsets, transparency and the
/// disposal methods (restore to background clears to transparent, as browsers do).
enum GIFDecoder {
  /// Most pixels the decoded frames may hold together (each is a whole canvas): the APNG decoder's
  /// budget, so neither a header nor a run of one-pixel frames makes the decoder allocate without bound.
  static let maxDecodedPixels = AnimatedPNG.maxDecodedPixels

  static func decode(_ data: Data) throws(GIFDecodeError) -> DecodedGIF {
    var result: DecodedGIF?
    var frames: [DecodedGIF.Frame] = []
    try forEachFrame(data) { (gif, frame) throws(GIFDecodeError) in
      result = gif
      if let frame {
        guard frames.count < maxDecodedPixels / (gif.width * gif.height) else {
          throw GIFDecodeError(
            "frame \(frames.count) exceeds GIFDecoder.maxDecodedPixels (\(maxDecodedPixels) pixels)")
        }
        frames.append(frame)
      }
    }
    guard var result else { throw GIFDecodeError("the data ends early (no trailer)") }
    result.frames = frames
    return result
  }

  /// Decodes `data` one frame at a time: `body` gets the GIF's fields (with no frames) and each frame
  /// as it is composited, then the fields once more with a nil frame at the trailer. Memory is one
  /// canvas however many frames there are.
  static func forEachFrame(
    _ data: Data, _ body: (DecodedGIF, DecodedGIF.Frame?) throws(GIFDecodeError) -> Void
  ) throws(GIFDecodeError) {
    var frameCount = 0
    var reader = ByteReader(bytes: [UInt8](data))
    let signature = try reader.take(6)
    guard signature == Array("GIF89a".utf8) || signature == Array("GIF87a".utf8) else {
      throw GIFDecodeError("not a GIF (bad signature)")
    }
    let width = try reader.u16()
    let height = try reader.u16()
    let flags = try reader.byte()
    _ = try reader.take(2)  // background colour index, pixel aspect ratio
    let globalPalette = flags & 0x80 != 0 ? try reader.take(3 * (2 << Int(flags & 7))) : nil
    guard width > 0 && height > 0 else { throw GIFDecodeError("empty logical screen \(width)x\(height)") }
    guard width * height <= ImageLimits.maxDecodedPixels else {
      throw GIFDecodeError(
        "logical screen \(width)x\(height) is more than ImageLimits.maxDecodedPixels (\(ImageLimits.maxDecodedPixels))")
    }

    var result = DecodedGIF(
      width: width, height: height, loopCount: nil, hasGlobalPalette: globalPalette != nil, frames: [])
    var canvas = [UInt8](repeating: 0, count: width * height * 4)
    var control: (disposal: GIFDisposal, centiseconds: Int, transparent: Int?) = (.unspecified, 0, nil)
    var pendingDisposal: (GIFDisposal, GIFRect, [UInt8])? = nil

    while true {
      switch try reader.byte() {
      case 0x3B:
        try body(result, nil)
        return
      case 0x21:
        let label = try reader.byte()
        let blocks = try reader.subBlocks()
        if label == 0xF9, let block = blocks.first, block.count >= 4 {
          let disposal = GIFDisposal(rawValue: Int(block[0] >> 2) & 7) ?? .unspecified
          control = (disposal, Int(block[1]) | Int(block[2]) << 8, block[0] & 1 != 0 ? Int(block[3]) : nil)
        } else if label == 0xFF, blocks.count >= 2, blocks[0] == Array("NETSCAPE2.0".utf8), blocks[1].count >= 3,
          blocks[1][0] == 1
        {
          result.loopCount = Int(blocks[1][1]) | Int(blocks[1][2]) << 8
        }
      case 0x2C:
        let rect = GIFRect(x: try reader.u16(), y: try reader.u16(), width: try reader.u16(), height: try reader.u16())
        let imageFlags = try reader.byte()
        let localPalette = imageFlags & 0x80 != 0 ? try reader.take(3 * (2 << Int(imageFlags & 7))) : nil
        guard let palette = localPalette ?? globalPalette else {
          throw GIFDecodeError("frame \(frameCount) has no colour table")
        }
        guard rect.x + rect.width <= width && rect.y + rect.height <= height else {
          throw GIFDecodeError(
            "frame \(frameCount) rectangle \(rect) is outside the \(width)x\(height) canvas")
        }
        let minimumCodeSize = Int(try reader.byte())
        let code = try reader.subBlocks().flatMap { $0 }
        let count = rect.width * rect.height
        let indices = try GIFLZW.decode(code, minimumCodeSize: minimumCodeSize, maxCount: count)
        guard indices.count == count else {
          throw GIFDecodeError("frame \(frameCount) has \(indices.count) of \(count) pixels")
        }
        // Apply the previous frame's disposal, then keep what "restore to previous" would need.
        if let (disposal, previousRect, saved) = pendingDisposal {
          if disposal == .background { fill(&canvas, width: width, rect: previousRect, with: nil) }
          if disposal == .previous { canvas = saved }
        }
        pendingDisposal = (control.disposal, rect, control.disposal == .previous ? canvas : [])
        let rows = imageFlags & 0x40 != 0 ? interlacedRows(rect.height) : Array(0..<rect.height)
        for (sourceRow, y) in rows.enumerated() {
          for x in 0..<rect.width {
            let index = Int(indices[sourceRow * rect.width + x])
            if index == control.transparent { continue }
            guard index * 3 + 2 < palette.count else {
              throw GIFDecodeError(
                "frame \(frameCount): index \(index) is beyond the \(palette.count / 3)-colour palette")
            }
            let offset = ((rect.y + y) * width + rect.x + x) * 4
            canvas[offset] = palette[index * 3]
            canvas[offset + 1] = palette[index * 3 + 1]
            canvas[offset + 2] = palette[index * 3 + 2]
            canvas[offset + 3] = 255
          }
        }
        let image: Image
        do { image = try Image(width: width, height: height, rgba: canvas) } catch {
          throw GIFDecodeError("\(error)")
        }
        try body(
          result,
          DecodedGIF.Frame(
            image: image, centiseconds: control.centiseconds, rect: rect, disposal: control.disposal,
            transparentIndex: control.transparent, hasLocalPalette: localPalette != nil,
            minimumCodeSize: minimumCodeSize))
        frameCount += 1
        control = (.unspecified, 0, nil)
      case let other:
        throw GIFDecodeError("unknown block 0x\(String(other, radix: 16)) at byte \(reader.offset - 1)")
      }
    }
  }

  /// The canvas rows of an interlaced image's rows, in stored order (passes of 8, 8, 4, 2).
  private static func interlacedRows(_ height: Int) -> [Int] {
    Array(stride(from: 0, to: height, by: 8)) + Array(stride(from: 4, to: height, by: 8))
      + Array(stride(from: 2, to: height, by: 4)) + Array(stride(from: 1, to: height, by: 2))
  }

  private static func fill(_ canvas: inout [UInt8], width: Int, rect: GIFRect, with color: [UInt8]?) {
    for y in rect.y..<(rect.y + rect.height) {
      for x in rect.x..<(rect.x + rect.width) {
        let offset = (y * width + x) * 4
        for channel in 0..<4 { canvas[offset + channel] = color?[channel] ?? 0 }
      }
    }
  }
}

// MARK: - ByteReader

private struct ByteReader {
  let bytes: [UInt8]
  var offset = 0

  mutating func byte() throws(GIFDecodeError) -> UInt8 {
    guard offset < bytes.count else { throw GIFDecodeError("the data ends early (no trailer)") }
    offset += 1
    return bytes[offset - 1]
  }

  mutating func take(_ count: Int) throws(GIFDecodeError) -> [UInt8] {
    guard count <= bytes.count - offset else { throw GIFDecodeError("the data ends early") }
    offset += count
    return Array(bytes[(offset - count)..<offset])
  }

  mutating func u16() throws(GIFDecodeError) -> Int {
    let low = try byte()
    return Int(low) | Int(try byte()) << 8
  }

  /// Data sub-blocks up to the zero-length terminator.
  mutating func subBlocks() throws(GIFDecodeError) -> [[UInt8]] {
    var blocks: [[UInt8]] = []
    while true {
      let length = Int(try byte())
      if length == 0 { return blocks }
      blocks.append(try take(length))
    }
  }
}

// MARK: - Reading GIFs

extension GIF {
  /// Decodes a GIF (this encoder's or another's) one frame at a time, calling `body` with each frame
  /// composited onto the canvas as a browser shows it and its delay in centiseconds. Memory is one
  /// canvas however long the GIF: for comparing previews with their source frames. Throws an error
  /// saying what is wrong with data that is not a GIF this decoder reads.
  public static func forEachFrame(_ data: Data, _ body: (_ image: Image, _ centiseconds: Int) -> Void) throws {
    try GIFDecoder.forEachFrame(data) { (_, frame) throws(GIFDecodeError) in
      if let frame { body(frame.image, frame.centiseconds) }
    }
  }
}
