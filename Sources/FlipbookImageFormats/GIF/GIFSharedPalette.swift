import CFlipbook
import FlipbookGraphics
import Foundation

// MARK: - GIFPaletteGatherer

/// Gathers the shared palette of an animation (the first pass of `GIFStream`): the exact count of
/// every colour of every frame, merged in frame order. No pixels are kept. Animations with at most 256
/// distinct colours (transparent counting as one) get exactly those colours, first seen first, so
/// nothing is quantized or dithered; the others get libimagequant's palette for the counts.
final class GIFPaletteGatherer {
  private let counts: GIFColorCounts
  private let settings: GIFQuantizer.Settings

  init(settings: GIFQuantizer.Settings) throws(GraphicsError) {
    self.settings = settings
    counts = try GIFColorCounts()
  }

  /// Adds a frame's counts (made on any thread); frames must be added in order.
  func add(_ frame: GIFColorCounts) throws(GraphicsError) { try counts.merge(frame) }

  /// Adds a region's colours (prepared pixels).
  func add(_ pixels: [UInt32]) throws(GraphicsError) { try counts.add(pixels) }

  /// The palette for every colour added, and how to map regions to it.
  func finish() throws(GraphicsError) -> GIFSharedPalette {
    let colors = counts.entries.map(\.color)
    guard !colors.isEmpty else { throw .gifEncode(reason: "no pixels to choose a palette for") }
    if colors.count <= 256 {
      var palette = GIFPalette(rgb: [], transparentIndex: nil)
      for (index, color) in colors.enumerated() {
        let (r, g, b, _) = GIFQuantizer.components(color)
        palette.rgb += [r, g, b]
        if GIFFrames.isTransparent(color) { palette.transparentIndex = index }
      }
      let usable = colors.map { !GIFFrames.isTransparent($0) }
      // Every opaque colour is an entry of its own, so the nearest entry is the colour itself and no
      // error is left to spread: the mapping is exact, dithered or not.
      return GIFSharedPalette(palette: palette, usable: usable, dithering: false)
    }
    var message = [CChar](repeating: 0, count: 256)
    guard
      let builder = fb_palette_builder_create(
        256, Int32(min(100, max(0, settings.quality))), Int32(settings.speed), &message, message.count)
    else { throw .gifEncode(reason: "colour quantization failed: \(Self.text(message))") }
    defer { fb_palette_builder_destroy(builder) }
    var rgba = [UInt8](repeating: 0, count: 256 * 4)
    var count: Int32 = 0
    guard fb_palette_builder_finish(builder, counts.table, &rgba, &count, &message, message.count) == 0 else {
      throw .gifEncode(reason: "colour quantization failed: \(Self.text(message))")
    }
    let fix = IndexFix(
      rawPalette: Array(rgba.prefix(Int(count) * 4)), needsTransparent: colors.contains(where: GIFFrames.isTransparent))
    return GIFSharedPalette(palette: fix.palette, usable: fix.usable, dithering: settings.dithering)
  }

  static func text(_ message: [CChar]) -> String {
    String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

// MARK: - GIFSharedPalette

/// A finished palette, mapping regions to it from any thread (the second pass of `GIFStream`) with
/// CFlipbook's remapper: opaque pixels to the nearest usable entry, dithered or not, transparent ones
/// to the transparent index.
///
/// `@unchecked Sendable`: the palette is read-only; remappers are kept in a pool under a lock, each
/// used by one thread at a time, and all of them write the same indices for the same pixels (their
/// only state across calls is a memo of nearest entries), so which thread gets which never shows.
final class GIFSharedPalette: @unchecked Sendable {
  let palette: GIFPalette
  private let usable: [UInt8]
  private let dithering: Bool
  private let lock = NSLock()
  private var idle: [OpaquePointer] = []

  fileprivate init(palette: GIFPalette, usable: [Bool], dithering: Bool) {
    self.palette = palette
    // A palette of transparent entries only (every pixel transparent) maps no opaque pixel: any entry will do.
    self.usable = usable.contains(true) ? usable.map { $0 ? 1 : 0 } : usable.map { _ in 1 }
    self.dithering = dithering
  }

  deinit { idle.forEach { fb_remapper_destroy($0) } }

  private func makeRemapper() throws(GraphicsError) -> OpaquePointer {
    guard
      let remapper = fb_remapper_create(
        palette.rgb, usable, Int32(palette.count), Int32(palette.transparentIndex ?? -1), dithering ? 1 : 0)
    else { throw .gifEncode(reason: "cannot make a remapper for the palette (out of memory?)") }
    return remapper
  }

  /// A region's palette indices (prepared pixels, row by row, `width` a row).
  func indices(for pixels: [UInt32], width: Int) throws(GraphicsError) -> [UInt8] {
    let remapper: OpaquePointer
    if let reused = lock.withLock({ idle.popLast() }) {
      remapper = reused
    } else {
      remapper = try makeRemapper()
    }
    defer { lock.withLock { idle.append(remapper) } }
    var indices = [UInt8](repeating: 0, count: pixels.count)
    let status = pixels.withUnsafeBytes { bytes in
      indices.withUnsafeMutableBufferPointer { out in
        fb_remapper_remap(
          remapper, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(width),
          Int32(pixels.count / width), out.baseAddress!)
      }
    }
    guard status == 0 else { throw .gifEncode(reason: "mapping a frame to the palette failed (out of memory?)") }
    return indices
  }
}
