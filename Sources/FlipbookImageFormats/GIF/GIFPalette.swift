import FlipbookGraphics

// MARK: - GIFPalette

/// A GIF colour table and the index, if any, that stands for transparent pixels.
struct GIFPalette: Equatable {
  /// RGB triples, one per entry (at most 256 entries).
  var rgb: [UInt8]
  var transparentIndex: Int?

  var count: Int { rgb.count / 3 }

  /// The colour table's size field: the table written has `2 << sizeField` entries (2...256), enough
  /// for `count`, padded with black.
  var sizeField: Int {
    var bits = 1
    while (1 << bits) < count { bits += 1 }
    return bits - 1
  }

  /// The table as written: `rgb` padded to `2 << sizeField` entries.
  var paddedTable: [UInt8] { rgb + [UInt8](repeating: 0, count: (2 << sizeField) * 3 - rgb.count) }
}

// MARK: - GIFQuantizer

/// Chooses palettes and palette indices for prepared frames (see `GIFFrames.prepare`: straight RGBA
/// with 1-bit alpha): frames with few enough colours get an exact palette, the others one from
/// libimagequant (see `GIFPaletteGatherer`), mapped optionally dithered (see `GIFSharedPalette`).
enum GIFQuantizer {
  struct Settings {
    /// libimagequant's target quality, 0...100: below 100 it may stop at fewer colours than 256.
    var quality: Int
    var dithering: Bool
    /// libimagequant's speed, 1 (slowest, best) ...10.
    var speed = 4
  }

  /// A rectangle of prepared pixels, row by row.
  struct Region {
    var pixels: [UInt32]
    var width: Int
    var height: Int { pixels.count / width }
  }

  /// A palette of its own for one region, and the region's indices.
  static func local(_ region: Region, settings: Settings) throws(GraphicsError) -> (GIFPalette, [UInt8]) {
    let gatherer = try GIFPaletteGatherer(settings: settings)
    try gatherer.add(region.pixels)
    let shared = try gatherer.finish()
    return (shared.palette, try shared.indices(for: region.pixels, width: region.width))
  }

  /// A prepared pixel's bytes (r, g, b, a), whatever the platform's byte order.
  static func components(_ pixel: UInt32) -> (UInt8, UInt8, UInt8, UInt8) {
    withUnsafeBytes(of: pixel) { ($0[0], $0[1], $0[2], $0[3]) }
  }
}

// MARK: - IndexFix

/// Turns libimagequant's RGBA palette into a GIF palette with one transparent index, and says which
/// entries opaque pixels may take: never the transparent one (nor any other translucent entry the
/// quantizer might have made).
struct IndexFix {
  var palette: GIFPalette
  /// Per entry of `palette`: whether an opaque pixel may map to it.
  var usable: [Bool]

  init(rawPalette: [UInt8], needsTransparent: Bool) {
    let count = rawPalette.count / 4
    var rgb: [UInt8] = []
    var transparent: Int? = nil
    var usable: [Bool] = []
    for entry in 0..<count {
      rgb += rawPalette[(entry * 4)..<(entry * 4 + 3)]
      let opaque = rawPalette[entry * 4 + 3] >= GIFFrames.alphaThreshold
      usable.append(opaque)
      if !opaque && transparent == nil && needsTransparent { transparent = entry }
    }
    if needsTransparent && transparent == nil {
      // The quantizer kept no transparent entry: add one, or give up the last entry when full.
      if count < 256 {
        rgb += [0, 0, 0]
        usable.append(false)
        transparent = count
      } else {
        transparent = count - 1
        usable[count - 1] = false
      }
    }
    palette = GIFPalette(rgb: rgb, transparentIndex: transparent)
    self.usable = usable
  }
}
