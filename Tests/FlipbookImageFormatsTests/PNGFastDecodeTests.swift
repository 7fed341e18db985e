import FlipbookGraphics
import Foundation
import Testing

@testable import FlipbookImageFormats

/// The libdeflate path for 8-bit RGB and RGBA PNGs gives exactly libpng's pixels, whatever the row filters.
@Suite("PNG decoding: the libdeflate path agrees with libpng")
struct PNGFastDecodeTests {
  /// A 37x23 image with every kind of pixel: opaque, clear, half-transparent, premultiplied.
  static func image(opaque: Bool) -> Image {
    var state: UInt32 = 12345
    func next() -> UInt32 {
      state = state &* 1_103_515_245 &+ 12345
      return state >> 8
    }
    let pixels = (0..<(37 * 23)).map { _ -> UInt32 in
      let a: UInt32 = opaque ? 255 : [0, 1, 128, 254, 255][Int(next() % 5)]
      func channel() -> UInt32 { a == 0 ? 0 : next() % (a + 1) }
      return a << 24 | channel() << 16 | channel() << 8 | channel()
    }
    return Image(width: 37, height: 23, premultipliedARGB: pixels)
  }

  /// `png` with a tEXt chunk whose CRC is wrong right after IHDR: libpng drops the chunk and decodes the image,
  /// and the libdeflate path, which trusts nothing unusual, leaves it to libpng.
  static func libpngOnly(_ png: [UInt8]) -> [UInt8] {
    let chunk: [UInt8] = [0, 0, 0, 4] + Array("tEXta".utf8) + [0, 0x62, 0x63] + [0, 0, 0, 0]
    return Array(png[..<33]) + chunk + Array(png[33...])
  }

  @Test(
    "Every filter, RGB and RGBA, Flipbook's and libdeflate's encoders: the same pixels as libpng's decoding",
    arguments: [false, true])
  func sameAsLibpng(opaque: Bool) throws {
    let image = Self.image(opaque: opaque)
    var options: [PNGOptions] = PNGFilter.allCases.map { PNGOptions(compressionLevel: 6, filter: $0, keepAlpha: true) }
    options += [.fast, .smallest, PNGOptions(compressionLevel: 6, filter: .paeth, keepAlpha: false)]
    for option in options {
      let png = [UInt8](try image.pngData(options: option))
      let fast = try Image(pngData: png)
      let reference = try Image(pngData: Self.libpngOnly(png))
      #expect(fast.pixels == reference.pixels, "\(option)")
      #expect(fast.pixels == image.pixels, "\(option): lossless")
    }
  }

  @Test("A broken IDAT is still refused with libpng's words")
  func brokenStillRefused() throws {
    var png = [UInt8](try Self.image(opaque: false).pngData(options: .fast))
    let idat = try #require(png.indices.first { png[$0..<min($0 + 4, png.count)].elementsEqual("IDAT".utf8) })
    png[idat + 10] ^= 0xFF
    #expect(throws: GraphicsError.self) { try Image(pngData: png) }
  }
}
