import CFlipbook
import Foundation
import Testing

@testable import FlipbookGraphics
@testable import FlipbookImageFormats

// MARK: - Helpers

/// A prepared pixel (see `GIFFrames.prepare`) from its bytes.
private func pixel(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) -> UInt32 {
  [r, g, b, a].withUnsafeBytes { $0.load(as: UInt32.self) }
}

/// The indices CFlipbook's remapper writes for `pixels` (`width` a row) with this palette.
private func remap(
  _ pixels: [UInt32], width: Int, palette rgb: [UInt8], usable: [Bool]? = nil, transparent: Int = -1,
  dithering: Bool
) throws -> [UInt8] {
  let usable = (usable ?? [Bool](repeating: true, count: rgb.count / 3)).map { UInt8($0 ? 1 : 0) }
  let remapper = try #require(
    fb_remapper_create(rgb, usable, Int32(rgb.count / 3), Int32(transparent), dithering ? 1 : 0))
  defer { fb_remapper_destroy(remapper) }
  var indices = [UInt8](repeating: 0xEE, count: pixels.count)
  let status = pixels.withUnsafeBytes { bytes in
    fb_remapper_remap(
      remapper, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(width), Int32(pixels.count / width),
      &indices)
  }
  #expect(status == 0)
  return indices
}

/// A 64x48 frame: three flat fills over most of it (white, a blue band, a grey bar) and a 2,048-colour
/// gradient strip, so the palette must be quantized.
private func mostlyFlatFrame() throws -> Image {
  var bytes: [UInt8] = []
  for y in 0..<48 {
    for x in 0..<64 {
      if y >= 40 {
        let i = (y - 40) * 64 + x  // 512 pixels, each a different colour
        bytes += [UInt8(i & 255), UInt8((i * 7) & 255), UInt8(i >> 1), 255]
      } else if y < 10 {
        bytes += [40, 90, 200, 255]
      } else if x < 8 {
        bytes += [128, 128, 128, 255]
      } else {
        bytes += [255, 255, 255, 255]
      }
    }
  }
  return try Image(width: 64, height: 48, rgba: bytes)
}

// MARK: - Colour counts

@Suite struct GIFColorCountTests {
  @Test func countsAreExactAndInFirstSeenOrder() throws {
    let (a, b, c) = (pixel(1, 2, 3), pixel(9, 9, 9), pixel(0, 0, 0, 0))
    let counts = try GIFColorCounts([a, a, b, a, c, c, b])
    #expect(counts.entries.map(\.color) == [a, b, c])
    #expect(counts.entries.map(\.count) == [3, 2, 2])
  }

  @Test func mergingAddsCountsAndAppendsNewColoursInOrder() throws {
    let (a, b, c, d) = (pixel(1, 0, 0), pixel(0, 1, 0), pixel(0, 0, 1), pixel(5, 5, 5))
    let first = try GIFColorCounts([b, a])
    try first.merge(try GIFColorCounts([c, a, d, d]))
    #expect(first.entries.map(\.color) == [b, a, c, d])
    #expect(first.entries.map(\.count) == [1, 2, 1, 2])
  }

  @Test func tablesGrowPastTheirFirstSizeWithoutLosingCounts() throws {
    // 100,000 distinct colours, each twice: the table doubles many times.
    let colors = (0..<100_000).map { UInt32($0) | 0xFF00_0000 }
    let counts = try GIFColorCounts(colors + colors)
    #expect(counts.count == 100_000)
    #expect(counts.entries.allSatisfy { $0.count == 2 })
    #expect(counts.entries.map(\.color) == colors)
  }
}

// MARK: - Remapping

@Suite struct GIFRemapTests {
  private let blackWhiteGrey: [UInt8] = [0, 0, 0, 255, 255, 255, 128, 128, 128]

  @Test func paletteColoursMapToThemselvesEvenWhenDithered() throws {
    let pixels = (0..<60).map { [pixel(0, 0, 0), pixel(255, 255, 255), pixel(128, 128, 128)][$0 % 3] }
    for dithering in [false, true] {
      let indices = try remap(pixels, width: 10, palette: blackWhiteGrey, dithering: dithering)
      #expect(indices == (0..<60).map { UInt8($0 % 3) }, "dithering \(dithering)")
    }
  }

  @Test func withoutDitheringEachPixelTakesTheNearestEntryLowestIndexFirst() throws {
    let pixels = [pixel(10, 10, 10), pixel(200, 200, 200), pixel(100, 100, 100), pixel(192, 192, 192)]
    // 192 is 64 levels from the grey entry and 63 from white: white is nearer.
    #expect(try remap(pixels, width: 4, palette: blackWhiteGrey, dithering: false) == [0, 1, 2, 1])
    // A tie goes to the lower index: (64, 64, 64) is 64 from both 0 and 128.
    let tie = [UInt8](arrayLiteral: 0, 0, 0, 128, 128, 128)
    #expect(try remap([pixel(64, 64, 64)], width: 1, palette: tie, dithering: false) == [0])
  }

  @Test func transparentPixelsTakeTheTransparentIndexAndOpaqueOnesNever() throws {
    // Entry 0 is transparent and black: an opaque black pixel must take the opaque near-black entry.
    let rgb: [UInt8] = [0, 0, 0, 10, 10, 10, 255, 255, 255]
    let pixels = [pixel(0, 0, 0, 0), pixel(0, 0, 0), pixel(250, 250, 250), 0]
    for dithering in [false, true] {
      let indices = try remap(
        pixels, width: 2, palette: rgb, usable: [false, true, true], transparent: 0, dithering: dithering)
      #expect(indices == [0, 1, 2, 0], "dithering \(dithering)")
    }
  }

  @Test func aFlatAreaOneLevelOffAnEntryStaysFlat() throws {
    // 129 is one level from the grey entry: its error is not spread, so no pixel speckles.
    let pixels = [UInt32](repeating: pixel(129, 129, 129), count: 32 * 8)
    let indices = try remap(pixels, width: 32, palette: blackWhiteGrey, dithering: true)
    #expect(Set(indices) == [2])
  }

  @Test func ditheringAMidGreyBetweenBlackAndWhiteAveragesNearIt() throws {
    let pixels = [UInt32](repeating: pixel(100, 100, 100), count: 64 * 64)
    let rgb: [UInt8] = [0, 0, 0, 255, 255, 255]
    let plain = try remap(pixels, width: 64, palette: rgb, dithering: false)
    #expect(Set(plain) == [0])  // nearest only: all black
    let dithered = try remap(pixels, width: 64, palette: rgb, dithering: true)
    let mean = Double(dithered.map { Int($0) * 255 }.reduce(0, +)) / Double(dithered.count)
    // 7/8 of each error is spread, so the mean falls short of 100, but not by much.
    #expect(mean > 80 && mean < 110, "mean \(mean)")
  }
}

// MARK: - Palettes

@Suite struct GIFPaletteChoiceTests {
  @Test func theDefaultFillsTheWholePalette() throws {
    let gatherer = try GIFPaletteGatherer(
      settings: GIFQuantizer.Settings(quality: GIF.Options().quality, dithering: true))
    try gatherer.add(GIFFrames.prepare(try mostlyFlatFrame()))
    #expect(try gatherer.finish().palette.count == 256)
  }

  @Test func theMostFrequentColoursAreKeptExactly() throws {
    let frame = try mostlyFlatFrame()
    for dithering in [true, false] {
      let gif = try GIFDecoder.decode(try GIF.encode([(frame, 0.1)], options: .init(dithering: dithering)))
      let decoded = try #require(gif.frames.first).image
      for (x, y) in [(5, 5), (60, 2), (3, 20), (7, 39), (8, 10), (63, 39), (30, 25)] {
        #expect(decoded.pixel(x: x, y: y) == frame.pixel(x: x, y: y), "(\(x), \(y)), dithering \(dithering)")
      }
    }
  }

  @Test func moreColoursThanTheHistogramTakesArePosterizedFirst() throws {
    // 81,920 distinct colours, past the 65,536 libimagequant is given: low bits are dropped first.
    let frame = try Image(
      width: 320, height: 256,
      rgba: (0..<256).flatMap { y in (0..<320).flatMap { x in [UInt8(x & 255), UInt8(y), UInt8(x >> 8) * 200, 255] } })
    let pixels = GIFFrames.prepare(frame)
    #expect(Set(pixels).count == 81_920)
    let gatherer = try GIFPaletteGatherer(settings: GIFQuantizer.Settings(quality: 100, dithering: false))
    try gatherer.add(pixels)
    let shared = try gatherer.finish()
    #expect(shared.palette.count == 256)
    let indices = try shared.indices(for: pixels, width: 320)
    var total = 0
    for (pixel, index) in zip(pixels, indices) {
      let (r, g, b, _) = GIFQuantizer.components(pixel)
      let entry = shared.palette.rgb[(Int(index) * 3)..<(Int(index) * 3 + 3)].map(Int.init)
      total += abs(Int(r) - entry[0]) + abs(Int(g) - entry[1]) + abs(Int(b) - entry[2])
    }
    let mean = Double(total) / Double(pixels.count * 3)
    #expect(mean < 8, "mean error \(mean) levels a channel")
  }

  @Test func fewColoursGetExactlyTheirColoursFirstSeenFirst() throws {
    let (a, b, c) = (pixel(200, 0, 0), pixel(0, 0, 0, 0), pixel(1, 2, 3))
    let gatherer = try GIFPaletteGatherer(settings: GIFQuantizer.Settings(quality: 100, dithering: true))
    try gatherer.add(try GIFColorCounts([a, a, b]))
    try gatherer.add(try GIFColorCounts([c, b, a]))
    let shared = try gatherer.finish()
    #expect(shared.palette == GIFPalette(rgb: [200, 0, 0, 0, 0, 0, 1, 2, 3], transparentIndex: 1))
    #expect(try shared.indices(for: [c, a, b, c], width: 2) == [2, 0, 1, 2])
  }
}
