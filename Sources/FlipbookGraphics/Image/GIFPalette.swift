import CFlipbook

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
/// with 1-bit alpha). Frames with few enough colours get an exact palette and need no quantizer; the
/// others go through libimagequant (in CFlipbook), optionally dithered.
enum GIFQuantizer {
  struct Settings {
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

  /// One palette for all `regions`, and each region's indices.
  static func shared(_ regions: [Region], settings: Settings) throws(GraphicsError) -> (GIFPalette, [[UInt8]]) {
    if let exact = exactPalette(regions.map(\.pixels)) {
      return (exact.palette, regions.map { exact.indices(for: $0.pixels) })
    }
    let (rawPalette, indices) = try quantize(regions, settings: settings)
    let needsTransparent = regions.contains { $0.pixels.contains(where: GIFFrames.isTransparent) }
    let fix = IndexFix(rawPalette: rawPalette, needsTransparent: needsTransparent)
    return (fix.palette, zip(regions, indices).map { fix.apply(to: $1, source: $0.pixels) })
  }

  /// A palette of its own for one region, and the region's indices.
  static func local(_ region: Region, settings: Settings) throws(GraphicsError) -> (GIFPalette, [UInt8]) {
    let (palette, indices) = try shared([region], settings: settings)
    return (palette, indices[0])
  }

  // MARK: Exact palettes

  struct ExactPalette {
    var palette: GIFPalette
    var lookup: [UInt32: UInt8]

    func indices(for region: [UInt32]) -> [UInt8] {
      var last: UInt32 = region.first.map { $0 &+ 1 } ?? 0
      var lastIndex: UInt8 = 0
      return region.map { pixel in
        if pixel != last {
          last = pixel
          lastIndex = lookup[pixel] ?? 0
        }
        return lastIndex
      }
    }
  }

  /// An exact palette when the regions hold at most 256 distinct colours (transparent counting as
  /// one), else nil.
  static func exactPalette(_ regions: [[UInt32]]) -> ExactPalette? {
    var lookup: [UInt32: UInt8] = [:]
    var colors: [UInt32] = []
    for region in regions {
      var last: UInt32? = nil
      for pixel in region where pixel != last {
        last = pixel
        if lookup[pixel] == nil {
          guard colors.count < 256 else { return nil }
          lookup[pixel] = UInt8(colors.count)
          colors.append(pixel)
        }
      }
    }
    var palette = GIFPalette(rgb: [], transparentIndex: nil)
    for (index, color) in colors.enumerated() {
      let (r, g, b, _) = components(color)
      palette.rgb += [r, g, b]
      if GIFFrames.isTransparent(color) { palette.transparentIndex = index }
    }
    return ExactPalette(palette: palette, lookup: lookup)
  }

  /// A prepared pixel's bytes (r, g, b, a), whatever the platform's byte order.
  static func components(_ pixel: UInt32) -> (UInt8, UInt8, UInt8, UInt8) {
    withUnsafeBytes(of: pixel) { ($0[0], $0[1], $0[2], $0[3]) }
  }

  // MARK: libimagequant

  /// Runs libimagequant over all regions at once (one shared palette); returns the RGBA palette and
  /// each region's indices.
  private static func quantize(_ regions: [Region], settings: Settings) throws(GraphicsError) -> (
    [UInt8], [[UInt8]]
  ) {
    // One contiguous buffer, so that every region has a stable pointer during the call.
    let pixels = regions.flatMap(\.pixels)
    var indices = [UInt8](repeating: 0, count: pixels.count)
    var palette = [UInt8](repeating: 0, count: 256 * 4)
    var paletteCount: Int32 = 0
    var message = [CChar](repeating: 0, count: 256)
    let status = pixels.withUnsafeBytes { source in
      indices.withUnsafeMutableBufferPointer { out in
        var frames: [fb_quantize_frame] = []
        var offset = 0
        for region in regions {
          frames.append(
            fb_quantize_frame(
              rgba: source.baseAddress!.assumingMemoryBound(to: UInt8.self) + offset * 4,
              width: Int32(region.width), height: Int32(region.height), indices: out.baseAddress! + offset))
          offset += region.pixels.count
        }
        return frames.withUnsafeMutableBufferPointer { frames in
          fb_quantize_rgba_shared(
            frames.baseAddress, Int32(frames.count), 256, Int32(settings.quality), Int32(settings.speed),
            settings.dithering ? 1 : 0, &palette, &paletteCount, &message, message.count)
        }
      }
    }
    guard status == 0 else {
      let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw .gifEncode(reason: "colour quantization failed: \(text)")
    }
    var split: [[UInt8]] = []
    var offset = 0
    for region in regions {
      split.append(Array(indices[offset..<(offset + region.pixels.count)]))
      offset += region.pixels.count
    }
    return (Array(palette.prefix(Int(paletteCount) * 4)), split)
  }
}

// MARK: - IndexFix

/// Turns libimagequant's RGBA palette into a GIF palette with one transparent index: transparent
/// pixels all map to that index, and opaque pixels never do (should the quantizer have given one a
/// translucent entry, it gets the nearest opaque entry instead).
struct IndexFix {
  var palette: GIFPalette
  /// Raw index -> index for an opaque source pixel.
  private var opaqueMap: [UInt8]

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
    opaqueMap = (0..<count).map { UInt8($0) }
    for entry in 0..<count where !usable[entry] {
      opaqueMap[entry] = UInt8(Self.nearest(to: entry, in: rgb, usable: usable) ?? entry)
    }
  }

  /// The usable entry closest in RGB to `entry`.
  private static func nearest(to entry: Int, in rgb: [UInt8], usable: [Bool]) -> Int? {
    var best: Int? = nil
    var bestDistance = Int.max
    for candidate in usable.indices where usable[candidate] {
      var distance = 0
      for channel in 0..<3 {
        let d = Int(rgb[entry * 3 + channel]) - Int(rgb[candidate * 3 + channel])
        distance += d * d
      }
      if distance < bestDistance {
        best = candidate
        bestDistance = distance
      }
    }
    return best
  }

  func apply(to indices: [UInt8], source: [UInt32]) -> [UInt8] {
    let transparent = UInt8(palette.transparentIndex ?? 0)
    return zip(indices, source).map { index, pixel in
      GIFFrames.isTransparent(pixel) ? transparent : opaqueMap[Int(index)]
    }
  }
}
