import FlipbookGraphics
import Foundation
import Testing

@testable import FlipbookImageFormats

/// JPEG decoding through libjpeg-turbo, checked against Pillow's decoding of the same files. The fixtures were
/// written by Pillow 9.4 (Debian's python3-pil) from a 16×8 picture, red on the left half, blue on the right:
/// `red-blue.jpg` baseline, quality 95, no chroma subsampling; `red-blue-progressive.jpg` progressive, quality 95,
/// 4:2:0. Pillow decodes both to (254, 0, 0) at (2, 4) and (0, 0, 254) at (13, 4).
struct JPEGTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("__Fixtures__")

  static func bytes(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: fixtures.appendingPathComponent(name)))
  }

  @Test(arguments: ["red-blue.jpg", "red-blue-progressive.jpg"])
  func decodesAsPillowDoes(name: String) throws {
    let data = try Self.bytes(name)
    #expect(EncodedImageFormat(signatureOf: data) == .jpeg)
    let image = try Image(imageData: data, source: name)
    #expect(image.width == 16 && image.height == 8)
    // libjpeg-turbo and Pillow's libjpeg may round the inverse DCT differently: within 2 levels a channel.
    #expect(image.pixel(x: 2, y: 4).distance(to: RGBA8(254, 0, 0, 255)) <= 2, "\(image.pixel(x: 2, y: 4))")
    #expect(image.pixel(x: 13, y: 4).distance(to: RGBA8(0, 0, 254, 255)) <= 2, "\(image.pixel(x: 13, y: 4))")
  }

  @Test func aTruncatedStreamIsAnErrorNamingTheSource() throws {
    let data = try Self.bytes("red-blue.jpg")
    #expect(throws: GraphicsError.self) { try Image(jpegData: Array(data.prefix(data.count - 40)), source: "cut.jpg") }
    do {
      _ = try Image(jpegData: Array(data.prefix(data.count - 40)), source: "cut.jpg")
    } catch {
      #expect(error.description.hasPrefix("cut.jpg: is ") && error.description.contains("JPEG"), "\(error)")
    }
    #expect(throws: GraphicsError.self) { try Image(jpegData: [0xFF, 0xD8, 0xFF, 0xE0], source: "head.jpg") }
  }

  @Test func aHugeFrameIsRefusedBeforeAllocating() throws {
    // The start-of-frame header (FF C0) holds the height at offset 5 and the width at offset 7, big-endian:
    // claim 65000 × 65000.
    var data = try Self.bytes("red-blue.jpg")
    let frame = try #require(zip(data.indices, data.dropFirst()).first { data[$0.0] == 0xFF && $0.1 == 0xC0 }?.0)
    data[frame + 5] = 0xFD
    data[frame + 6] = 0xE8
    data[frame + 7] = 0xFD
    data[frame + 8] = 0xE8
    #expect {
      try Image(jpegData: data, source: "huge.jpg")
    } throws: { error in
      guard case .sizeTooLarge(let width, let height, _) = error as? GraphicsError else { return false }
      return width == 65000 && height == 65000
    }
  }

  @Test func formatsAreToldBySignatureNotName() throws {
    #expect(EncodedImageFormat(signatureOf: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]) == .png)
    #expect(EncodedImageFormat(signatureOf: Array("RIFF\0\0\0\0WEBPVP8L".utf8)) == .webP)
    #expect(EncodedImageFormat(signatureOf: [0xFF, 0xD8, 0xFF, 0xDB]) == .jpeg)
    #expect(EncodedImageFormat(signatureOf: Array("<svg".utf8)) == nil)
    // Anything else is read as a PNG, whose error says it is not one.
    #expect(throws: GraphicsError.self) { try Image(imageData: Array("<svg".utf8), source: "x") }
  }
}
