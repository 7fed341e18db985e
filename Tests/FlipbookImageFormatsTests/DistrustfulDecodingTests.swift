import FlipbookTiming
import Foundation
import Testing

@testable import FlipbookGraphics
@testable import FlipbookImageFormats

// MARK: - Hand-made PNG bytes

/// `bytes` as a zlib stream of stored (uncompressed) deflate blocks, so a test can write any pixel data
/// without a compressor.
private func storedZlib(_ bytes: [UInt8]) -> [UInt8] {
  var out: [UInt8] = [0x78, 0x01]
  var start = 0
  repeat {
    let count = min(65_535, bytes.count - start)
    let last: UInt8 = start + count == bytes.count ? 1 : 0
    out += [last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
    out += bytes[start..<(start + count)]
    start += count
  } while start < bytes.count
  var a: UInt32 = 1
  var b: UInt32 = 0
  for byte in bytes {
    a = (a + UInt32(byte)) % 65_521
    b = (b + a) % 65_521
  }
  return out + bigEndianBytes(b << 16 | a)
}

/// A PNG with the given IHDR fields, PLTE and raw (filter byte + pixels per row) image data.
private func png(
  width: Int, height: Int, bitDepth: UInt8 = 8, colorType: UInt8 = 6, palette: [UInt8]? = nil, raw: [UInt8]
) -> [UInt8] {
  var writer = PNGContainer.Writer()
  writer.append(
    "IHDR", bigEndianBytes(UInt32(width)) + bigEndianBytes(UInt32(height)) + [bitDepth, colorType, 0, 0, 0])
  if let palette { writer.append("PLTE", palette) }
  writer.append("IDAT", storedZlib(raw))
  writer.append("IEND", [UInt8]())
  return writer.bytes
}

private func decodeFailure(_ bytes: [UInt8], source: String = "t.png") -> GraphicsError? {
  do {
    _ = try Image(pngData: bytes, source: source)
    return nil
  } catch {
    return error
  }
}

// MARK: - Tests

/// The PNG decoder believes no header: sizes are checked against the pixel budget and against the data
/// present before anything is allocated, and every inconsistency is refused saying what and where.
@Suite("Decoders that distrust headers")
struct DistrustfulDecodingTests {
  @Test func aValidHandMadePNGDecodes() throws {
    let bytes = png(width: 2, height: 1, raw: [0, 255, 0, 0, 255, 0, 0, 255, 255])
    let image = try Image(pngData: bytes)
    #expect(image.pixel(x: 1, y: 0) == RGBA8(0, 0, 255, 255))
  }

  @Test func aHeaderBeyondThePixelBudgetIsRefusedBeforeItsDataIsRead() {
    // 4096x2049 is within ImageLimits.maxPixels but one row over the decoding budget.
    let error = decodeFailure(png(width: 4096, height: 2049, raw: [0]))
    #expect(
      error
        == .sizeTooLarge(
          width: 4096, height: 2049, reason: "more than ImageLimits.maxDecodedPixels (8388608) pixels to decode"))
  }

  @Test func aHeaderThatItsDataCannotFillIsRefused() {
    // 2000x2000 RGBA needs 16 MB of rows; 30 bytes of IDAT cannot inflate to that.
    let error = decodeFailure(png(width: 2000, height: 2000, raw: [0, 1, 2, 3]))
    #expect(
      error
        == .pngDecode(
          source: "t.png",
          reason: "IHDR declares 2000x2000, 16002000 bytes of rows, but the file holds 15 bytes of IDAT, which "
            + "cannot inflate to that (truncated, or a forged size)"))
  }

  @Test func aZeroSizeIsRefused() {
    #expect(
      decodeFailure(png(width: 0, height: 5, raw: [0]))
        == .pngDecode(source: "t.png", reason: "invalid image size 0 in IHDR"))
  }

  @Test func aPaletteIndexPastPLTEIsRefused() {
    // Two palette entries; the second pixel uses index 5.
    let bytes = png(width: 2, height: 1, colorType: 3, palette: [255, 0, 0, 0, 255, 0], raw: [0, 1, 5])
    #expect(
      decodeFailure(bytes)
        == .pngDecode(source: "t.png", reason: "palette index 5 at pixel (1, 0) is past the 2-entry PLTE"))
    // Index 1 is fine.
    #expect(
      decodeFailure(png(width: 2, height: 1, colorType: 3, palette: [255, 0, 0, 0, 255, 0], raw: [0, 1, 0])) == nil)
  }

  @Test func aTruncatedStreamIsRefused() {
    let whole = png(width: 2, height: 1, raw: [0, 255, 0, 0, 255, 0, 0, 255, 255])
    // Cut inside the IDAT chunk.
    guard case .pngDecode("t.png", let reason) = decodeFailure(Array(whole.prefix(50))) else {
      Issue.record("expected a pngDecode refusal")
      return
    }
    #expect(reason.contains("truncated") || reason.contains("Not enough image data"), "\(reason)")
  }

  @Test func aBadCRCIsRefusedNamingTheChunk() {
    var bytes = png(width: 2, height: 1, raw: [0, 255, 0, 0, 255, 0, 0, 255, 255])
    bytes[bytes.count - 13] ^= 0x40  // the last byte of IDAT's CRC
    guard case .pngDecode("t.png", let reason) = decodeFailure(bytes) else {
      Issue.record("expected a pngDecode refusal")
      return
    }
    #expect(reason.contains("IDAT") && reason.contains("CRC"), "\(reason)")
  }

  @Test func anAPNGCanvasBeyondTheBudgetIsRefusedBeforeTheCanvasIsAllocated() {
    var writer = PNGContainer.Writer()
    writer.append("IHDR", bigEndianBytes(UInt32(8192)) + bigEndianBytes(UInt32(4096)) + [8, 6, 0, 0, 0])
    writer.append("acTL", bigEndianBytes(UInt32(1)) + bigEndianBytes(UInt32(0)))
    writer.append(
      "fcTL",
      AnimatedPNG.FrameControl(
        sequenceNumber: 0, width: 8192, height: 4096, x: 0, y: 0, delayNumerator: 1, delayDenominator: 10,
        dispose: .none, blend: .source
      ).bytes)
    writer.append("IDAT", [0])
    writer.append("IEND", [UInt8]())
    #expect(
      throws: GraphicsError.sizeTooLarge(
        width: 8192, height: 4096, reason: "more than ImageLimits.maxDecodedPixels (8388608) pixels to decode")
    ) {
      _ = try AnimatedPNG.FrameReader(writer.bytes, source: "a.png")
    }
  }

  @Test func theFrameReaderComposesWhatDecodeDoes() throws {
    let frames = (0..<5).map { index in
      Image(
        width: 6, height: 4,
        premultipliedARGB: (0..<24).map { UInt32(0xFF00_0000) | UInt32(($0 * 31 + index * 57) & 0xFFFFFF) })
    }
    let data = try AnimatedPNG.encode(frames.map { AnimatedPNG.Frame(image: $0, duration: Rational(1, 10)!) })
    var reader = try AnimatedPNG.FrameReader([UInt8](data))
    var streamed: [Image] = []
    while let frame = try reader.next() { streamed.append(frame.image) }
    #expect(streamed == (try AnimatedPNG.decode(data).frames.map(\.image)))
    #expect(streamed.count == reader.count)
  }
}
