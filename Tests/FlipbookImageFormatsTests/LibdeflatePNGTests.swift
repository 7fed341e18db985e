import CFlipbook
import FlipbookGraphicsTestSupport
import Foundation
import Testing

@testable import FlipbookGraphics
@testable import FlipbookImageFormats

// `PNGOptions.libdeflateSmallest` (deflatepng.c, what `flipbook render --png smallest` writes) must
// decode to exactly what libpng's path writes, be valid for pngcheck, and be smaller than zlib 9's
// `smallest` on a rendered frame.

@Suite struct LibdeflatePNGTests {
  private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Encodes with libdeflate and checks the colour type and the decoded pixels against libpng's file.
  @discardableResult
  private func checkRoundTrip(_ image: Image, keepAlpha: Bool = false, _ comment: Comment) throws -> Data {
    var options = PNGOptions.libdeflateSmallest
    options.keepAlpha = keepAlpha
    let png = try image.pngData(options: options)
    let opaque =
      fb_pixels_are_opaque(image.pixels, Int32(image.width), Int32(image.height), Int32(image.width * 4)) == 1
    #expect(png[png.startIndex + 25] == (opaque && !keepAlpha ? 2 : 6), comment)
    let libpng = try Image(pngData: try image.pngData(options: PNGOptions(keepAlpha: keepAlpha)))
    let decoded = try Image(pngData: png)
    #expect(decoded.width == image.width && decoded.height == image.height, comment)
    #expect(decoded.pixels == libpng.pixels, comment)
    if opaque { #expect(decoded.pixels == image.pixels, comment) }
    return png
  }

  @Test func aRenderedFrameIsExactValidAndSmallerThanZlib9() throws {
    let frame = try Image(
      contentsOfFile: Self.root.appendingPathComponent(
        "Tests/FlipbookComponentsTests/__Snapshots__/EGOTests/snapshots.pulling.png"
      ).path)
    let png = try checkRoundTrip(frame, "EGO frame")
    let zlib9 = try frame.pngData(options: .smallest)
    #expect(png.count < zlib9.count, "libdeflate \(png.count) bytes, zlib 9 \(zlib9.count)")
    let pngcheck = "/usr/bin/pngcheck"
    if FileManager.default.isExecutableFile(atPath: pngcheck) {
      let file = FileManager.default.temporaryDirectory.appendingPathComponent("libdeflate-\(UUID().uuidString).png")
      try png.write(to: file)
      defer { try? FileManager.default.removeItem(at: file) }
      let result = try runTool(pngcheck, [file.path])
      #expect(result.status == 0, "pngcheck: \(result.text)")
    }
  }

  @Test func translucentOddSizedAndKeptAlphaImagesDecodeAsLibpngWritesThem() throws {
    var pixels: [UInt32] = []
    for y in 0..<9 { for x in 0..<13 { pixels.append(UInt32(x * 19 + y) % 2 == 0 ? 0x80_40_20_10 : 0xFF_12_34_56) } }
    try checkRoundTrip(Image(width: 13, height: 9, premultipliedARGB: pixels), "translucent 13x9")
    try checkRoundTrip(Image(width: 1, height: 1, premultipliedARGB: [0xFF_12_34_56]), "1x1 opaque")
    try checkRoundTrip(
      Image(width: 5, height: 3, premultipliedARGB: [UInt32](repeating: 0xFF_00_80_FF, count: 15)),
      keepAlpha: true, "keepAlpha")
  }

  @Test func aLevelOutsideLibdeflatesRangeIsRefused() throws {
    let image = Image(width: 2, height: 2, premultipliedARGB: [UInt32](repeating: 0xFF_FF_FF_FF, count: 4))
    #expect(throws: GraphicsError.self) {
      try image.pngData(options: PNGOptions(compressionLevel: 13, encoder: .libdeflate))
    }
  }
}
