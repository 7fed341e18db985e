import FlipbookGraphics
import Testing

@testable import FlipbookImageFormats

/// Still WebP images decoded through libwebp, as Lottie files and dotLottie archives embed them.
@Suite struct WebPStillDecodingTests {
  /// A 2×1 lossless WebP made for this test (Pillow, lossless=True): opaque red, then blue at alpha 128.
  static let twoPixels: [UInt8] = [
    0x52, 0x49, 0x46, 0x46, 0x20, 0x00, 0x00, 0x00, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x4C, 0x13, 0x00,
    0x00, 0x00, 0x2F, 0x01, 0x00, 0x00, 0x10, 0x0F, 0x10, 0xFB, 0x3F, 0xFF, 0x0F, 0xFC, 0x8F, 0x0A, 0x15, 0x88,
    0xE8, 0x7F, 0x00, 0x00,
  ]

  @Test func losslessPixelsComeBackExactly() throws {
    #expect(Image.isWebP(Self.twoPixels))
    let image = try Image(webPData: Self.twoPixels)
    #expect(image.width == 2 && image.height == 1)
    #expect(image.pixel(x: 0, y: 0) == RGBA8(255, 0, 0, 255))
    #expect(image.pixel(x: 1, y: 0) == RGBA8(0, 0, 255, 128))
  }

  @Test func theSignatureChoosesTheDecoder() throws {
    let red = try Image(width: 1, height: 1, rgba: [255, 0, 0, 255])
    let png = try red.pngData()
    #expect(!Image.isWebP([UInt8](png)))
    #expect(try Image(imageData: [UInt8](png)).pixel(x: 0, y: 0) == RGBA8(255, 0, 0, 255))
    #expect(try Image(imageData: Self.twoPixels).width == 2)
  }

  @Test func aTruncatedWebPIsAnErrorNamingItsSource() {
    #expect(throws: GraphicsError.self) { try Image(webPData: Array(Self.twoPixels.prefix(16)), source: "asset 7") }
    do {
      _ = try Image(webPData: Array(Self.twoPixels.prefix(16)), source: "asset 7")
    } catch {
      #expect(error.description.contains("asset 7"))
    }
  }
}
