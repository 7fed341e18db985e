import CFlipbook
import FlipbookGraphicsTestSupport
import Foundation
import Testing

@testable import FlipbookGraphics
@testable import FlipbookImageFormats

// Fixtures are written by __Fixtures__/png/make_fixtures.py, which also records in expected.json the
// straight RGBA every pixel of every good fixture must decode to.
private let fixtureDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("__Fixtures__/png")

private func fixturePath(_ name: String) -> String { fixtureDirectory.appendingPathComponent(name).path }

private struct Expected: Decodable {
  let width: Int
  let height: Int
  let rgba: [[UInt8]]
}

private let expected: [String: Expected] = {
  let data = try! Data(contentsOf: fixtureDirectory.appendingPathComponent("expected.json"))
  return try! JSONDecoder().decode([String: Expected].self, from: data)
}()

private let goodFixtures = [
  "gray1.png", "gray2.png", "gray4.png", "gray8.png", "gray16.png", "gray_alpha8.png", "gray_alpha16.png",
  "rgb8.png", "rgb16.png", "rgba8.png", "rgba16.png",
  "palette1.png", "palette2.png", "palette4.png", "palette8.png",
  "palette1_trns.png", "palette2_trns.png", "palette4_trns.png", "palette8_trns.png",
  "gray8_trns.png", "rgb8_trns.png", "rgba8_interlaced.png",
]

/// Premultiplies straight RGBA with the rounding the decoder uses, (c*a + 127) / 255.
private func premultiplied(_ p: [UInt8]) -> UInt32 {
  let a = UInt32(p[3])
  func m(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
  return a << 24 | m(p[0]) << 16 | m(p[1]) << 8 | m(p[2])
}

/// A deterministic image; `alpha` decides each pixel's alpha from its index.
private func testImage(width: Int, height: Int, alpha: (Int) -> UInt8) -> Image {
  var rgba = [UInt8]()
  for i in 0..<(width * height) {
    rgba += [
      UInt8(truncatingIfNeeded: i * 7), UInt8(truncatingIfNeeded: i * 13 + 5), UInt8(truncatingIfNeeded: i / 3),
      alpha(i),
    ]
  }
  return try! Image(width: width, height: height, rgba: rgba)
}

/// Byte 25 of a PNG is IHDR's colour type (2 RGB, 6 RGBA).
private func colorType(_ png: Data) -> UInt8 { png[png.startIndex + 25] }

/// The GraphicsError `body` throws, or nil. (Closures do not infer typed throws, hence the cast.)
private func decodeError(_ body: () throws -> Void) -> GraphicsError? {
  do { try body() } catch let error as GraphicsError { return error } catch {
    Issue.record("unexpected error type: \(error)")
  }
  return nil
}

@Suite struct PNGDecodeTests {
  @Test func fixtureListMatchesScript() {
    #expect(Set(goodFixtures) == Set(expected.keys))
  }

  @Test(arguments: goodFixtures)
  func decodesEveryColourTypeAndDepth(name: String) throws {
    let image = try Image(contentsOfFile: fixturePath(name))
    let want = try #require(expected[name])
    #expect(image.width == want.width && image.height == want.height)
    #expect(image.pixels == want.rgba.map(premultiplied), "\(name)")
  }

  @Test func knownValues() throws {
    // 16-bit gray 0x8080 -> 128; 0xFFFF -> 255.
    let gray16 = try Image(contentsOfFile: fixturePath("gray16.png"))
    #expect(gray16.pixel(x: 0, y: 0) == RGBA8(128, 128, 128, 255))
    #expect(gray16.pixel(x: 1, y: 0) == RGBA8(255, 255, 255, 255))
    // 2-bit gray 1 -> 85 (bit replication).
    #expect(try Image(contentsOfFile: fixturePath("gray2.png")).pixel(x: 1, y: 0) == RGBA8(85, 85, 85, 255))
    // Palette entry 0 has tRNS alpha 0: fully transparent, premultiplied to zero.
    let palette = try Image(contentsOfFile: fixturePath("palette2_trns.png"))
    #expect(palette.pixels[0] == 0)
    // The colour key of gray8_trns sits at (1, 1).
    #expect(try Image(contentsOfFile: fixturePath("gray8_trns.png")).pixel(x: 1, y: 1).a == 0)
    #expect(try Image(contentsOfFile: fixturePath("rgb8_trns.png")).pixel(x: 1, y: 1).a == 0)
  }

  @Test func refusesHugeHeaderBeforeAllocating() {
    let error = decodeError { _ = try Image(contentsOfFile: fixturePath("bad_huge.png")) }
    guard case .sizeTooLarge(let width, let height, _) = error else {
      Issue.record("expected sizeTooLarge, got \(String(describing: error))")
      return
    }
    #expect(width == 20000 && height == 20000)
  }

  @Test(arguments: [
    ("bad_truncated.png", "truncated data"),
    ("bad_crc.png", "CRC error"),
    ("bad_signature.png", "not a PNG file (bad signature)"),
    ("bad_lfs_pointer.png", "is a Git LFS pointer, not a PNG; run git lfs pull"),
  ])
  func badFilesGiveClearErrors(name: String, message: String) {
    let path = fixturePath(name)
    let error = decodeError { _ = try Image(contentsOfFile: path) }
    guard case .pngDecode(let source, let reason) = error else {
      Issue.record("expected pngDecode, got \(String(describing: error))")
      return
    }
    #expect(source == path)
    #expect(reason.contains(message), "\(reason)")
  }

  @Test func emptyAndShortDataAreErrors() {
    #expect(
      decodeError { _ = try Image(pngData: [UInt8]()) }
        == .pngDecode(source: "data", reason: "not a PNG file (bad signature)"))
    #expect(
      decodeError { _ = try Image(pngData: [0x89, 0x50, 0x4E]) }
        == .pngDecode(source: "data", reason: "truncated data (the file ends early)"))
  }

  @Test func missingFileIsAFileError() {
    let error = decodeError { _ = try Image(contentsOfFile: "/nonexistent/flipbook.png") }
    #expect(error == .file(path: "/nonexistent/flipbook.png", reason: "no such file"))
  }

  /// Every prefix and many single-byte corruptions of a valid file: errors, never a crash.
  @Test func corruptDataNeverCrashes() throws {
    let good = try [UInt8](Data(contentsOf: URL(fileURLWithPath: fixturePath("rgba8_interlaced.png"))))
    for length in 0..<good.count {
      #expect(decodeError { _ = try Image(pngData: Array(good[..<length])) } != nil)
    }
    for index in stride(from: 8, to: good.count, by: 3) {
      var bad = good
      bad[index] ^= 0x5A
      // Corrupting an ancillary byte may still decode; what matters is that nothing crashes.
      _ = decodeError { _ = try Image(pngData: bad) }
    }
  }
}

@Suite struct PNGEncodeTests {
  @Test func opaqueRoundTripIsRGB() throws {
    let image = testImage(width: 37, height: 23) { _ in 255 }
    let png = try image.pngData()
    #expect(colorType(png) == 2)
    #expect(try Image(pngData: png) == image)
    // keepAlpha forces RGBA even for an opaque image.
    let withAlpha = try image.pngData(options: PNGOptions(compressionLevel: 1, filter: .none, keepAlpha: true))
    #expect(colorType(withAlpha) == 6)
    #expect(try Image(pngData: withAlpha) == image)
  }

  @Test func translucentRoundTripIsRGBAAndExact() throws {
    // Valid premultiplied pixels survive un-premultiply -> premultiply exactly.
    let image = testImage(width: 64, height: 17) { UInt8(truncatingIfNeeded: $0 * 11) }
    let png = try image.pngData()
    #expect(colorType(png) == 6)
    #expect(try Image(pngData: png) == image)
  }

  @Test(arguments: PNGFilter.allCases, [0, 1, 6, 9])
  func everyFilterAndLevelIsLossless(filter: PNGFilter, level: Int) throws {
    let image = testImage(width: 31, height: 9) { $0 % 5 == 0 ? 255 : UInt8(truncatingIfNeeded: $0 * 3) }
    let png = try image.pngData(options: PNGOptions(compressionLevel: level, filter: filter))
    #expect(try Image(pngData: png) == image)
  }

  @Test func smallestIsNoBiggerThanFast() throws {
    // Flat, UI-like content: bands of solid colour.
    let image = testImage(width: 200, height: 100) { _ in 255 }
    let flat = Image(
      width: 200, height: 100,
      premultipliedARGB: image.pixels.indices.map { 0xFF00_0000 | UInt32($0 / 2000) * 0x0A0B0C })
    #expect(try flat.pngData(options: .smallest).count <= flat.pngData(options: .fast).count)
  }

  @Test func invalidLevelIsRefused() {
    let image = testImage(width: 2, height: 2) { _ in 255 }
    #expect(
      decodeError { _ = try image.pngData(options: PNGOptions(compressionLevel: 10)) }
        == .pngEncode(reason: "compression level 10 is not in 0...9"))
  }

  @Test func writePNGReplacesAtomicallyAndLeavesNoTemporaryFiles() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-png-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("frame.png").path
    try Data("old contents".utf8).write(to: URL(fileURLWithPath: path))
    let before = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int

    let image = testImage(width: 20, height: 10) { UInt8(truncatingIfNeeded: $0 * 9) }
    try image.writePNG(toFile: path)
    #expect(try Image(contentsOfFile: path) == image)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["frame.png"])
    // Renamed into place: a new inode, not the old file rewritten.
    let after = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
    #expect(before != after)
  }

  @Test func writePNGIntoMissingDirectoryFailsCleanly() {
    let path = "/nonexistent-flipbook-dir/frame.png"
    let error = decodeError { try testImage(width: 2, height: 2) { _ in 255 }.writePNG(toFile: path) }
    guard case .file(let errorPath, let reason) = error else {
      Issue.record("expected a file error, got \(String(describing: error))")
      return
    }
    #expect(errorPath == path && reason.contains("No such file or directory"))
  }
}

@Suite struct PixelKernelTests {
  @Test func premultiplyRounding() throws {
    let image = try Image(width: 2, height: 1, rgba: [255, 128, 1, 128, 10, 20, 30, 0])
    // (255*128 + 127)/255 = 128, (128*128 + 127)/255 = 64, (1*128 + 127)/255 = 1.
    #expect(image.pixels == [0x8080_4001, 0])
    #expect(image.rgbaBytes() == [255, 128, 2, 128, 0, 0, 0, 0])  // (1*255 + 64)/128 = 2
  }

  @Test func blurKeepsMassAndSymmetry() {
    let size = 41, centre = 20
    var pixels = [UInt32](repeating: 0, count: size * size)
    pixels[centre * size + centre] = 0xFFFF_FFFF
    pixels.withUnsafeMutableBufferPointer {
      fb_blur_alpha($0.baseAddress, Int32(size), Int32(size), Int32(size * 4), 2.5)
    }
    let alpha = pixels.map { Int($0 >> 24) }
    #expect(pixels.allSatisfy { $0 & 0x00FF_FFFF == 0 })  // premultiplied black
    // One pixel's 255 spread over ~2.5σ discs rounds each tap, so allow a small loss or gain.
    #expect(abs(alpha.reduce(0, +) - 255) < 40)
    let peak = alpha[centre * size + centre]
    #expect(peak > 0 && peak < 255 && peak == alpha.max())
    for d in 1...8 {
      let right = alpha[centre * size + centre + d]
      #expect(right == alpha[centre * size + centre - d])
      #expect(right == alpha[(centre + d) * size + centre])
      #expect(right == alpha[(centre - d) * size + centre])
    }
  }

  @Test func blurWithZeroSigmaIsIdentity() {
    var pixels: [UInt32] = [0xFF11_2233, 0x8040_2010, 0, 0x0101_0101]
    let original = pixels
    pixels.withUnsafeMutableBufferPointer { fb_blur_alpha($0.baseAddress, 2, 2, 8, 0) }
    #expect(pixels == original)
    // A sigma far larger than the image must not misbehave either.
    pixels.withUnsafeMutableBufferPointer { fb_blur_alpha($0.baseAddress, 2, 2, 8, 500) }
    #expect(pixels.allSatisfy { $0 >> 24 <= 1 })
  }

  private func warp(_ src: [UInt32], _ sw: Int, _ sh: Int, _ dw: Int, _ dh: Int, _ m: [Double]) -> [UInt32] {
    var dst = [UInt32](repeating: 0xDEAD_BEEF, count: dw * dh)
    src.withUnsafeBufferPointer { s in
      dst.withUnsafeMutableBufferPointer { d in
        fb_warp_projective(
          s.baseAddress, Int32(sw), Int32(sh), Int32(sw * 4), d.baseAddress, Int32(dw), Int32(dh), Int32(dw * 4), m)
      }
    }
    return dst
  }

  @Test func warpIdentityCopiesExactly() {
    let image = testImage(width: 13, height: 7) { UInt8(truncatingIfNeeded: $0 * 19) }
    #expect(warp(image.pixels, 13, 7, 13, 7, [1, 0, 0, 0, 1, 0, 0, 0, 1]) == image.pixels)
    // A homogeneous scale of the whole matrix (w = 2 everywhere) is still the identity.
    #expect(warp(image.pixels, 13, 7, 13, 7, [2, 0, 0, 0, 2, 0, 0, 0, 2]) == image.pixels)
  }

  @Test func warpTwiceScaleIsBilinear() {
    // Source 2x1: opaque black, opaque white. Destination 4x2 samples at source x = 0.25, 0.75, 1.25, 1.75.
    let dst = warp([0xFF00_0000, 0xFFFF_FFFF], 2, 1, 4, 2, [0.5, 0, 0, 0, 0.5, 0, 0, 0, 1])
    // Source y = 0.25 and 0.75 are each a quarter pixel from the row's centre, so alpha is 3/4 at best.
    // x = 0.25: 3/4 black + 1/4 outside;  x = 0.75: 3/4 black + 1/4 white; and mirrored.
    let a = 191  // 255 * 3/4 = 191.25
    let expected: [UInt32] = [
      UInt32(143) << 24,  // 255 * 9/16 = 143.4, colour 0
      UInt32(a) << 24 | 0x303030,  // 48 = 255 * 3/16
      UInt32(a) << 24 | 0x8F8F8F,  // 143 = 255 * 9/16
      UInt32(143) << 24 | 0x8F8F8F,
    ]
    #expect(Array(dst[0..<4]) == expected)
    #expect(Array(dst[4..<8]) == expected)
  }

  @Test func warpBehindTheViewerIsTransparent() {
    #expect(warp([0xFFFF_FFFF], 1, 1, 2, 2, [1, 0, 0, 0, 1, 0, 0, 0, -1]) == [0, 0, 0, 0])
  }
}
