import CFlipbook
import Foundation

// MARK: - GIFPaletteGatherer

/// Gathers the shared palette of an animation one region at a time (the first pass of `GIFStream`):
/// the distinct colours while there are at most 256 of them (then the palette is exact and nothing is
/// dithered), and libimagequant's histogram in case there are more. No region is kept.
///
/// The result is the palette `GIFQuantizer.shared` would choose for the same regions in memory: the
/// same exact palette, or the same histogram quantized the same way.
final class GIFPaletteGatherer {
  private var exactLookup: [UInt32: UInt8]? = [:]
  private var exactColors: [UInt32] = []
  private var needsTransparent = false
  private let builder: OpaquePointer

  init(settings: GIFQuantizer.Settings) throws(GraphicsError) {
    var message = [CChar](repeating: 0, count: 256)
    let quality = Int32(min(100, max(0, settings.quality)))
    guard
      let builder = fb_palette_builder_create(
        256, quality, Int32(settings.speed), settings.dithering ? 1 : 0, &message, message.count)
    else { throw .gifEncode(reason: "colour quantization failed: \(Self.text(message))") }
    self.builder = builder
  }

  deinit { fb_palette_builder_destroy(builder) }

  /// Adds a region's colours (prepared pixels, row by row, `width` a row).
  func add(_ pixels: [UInt32], width: Int) throws(GraphicsError) {
    if pixels.contains(where: GIFFrames.isTransparent) { needsTransparent = true }
    if exactLookup != nil { gatherExact(pixels) }
    var message = [CChar](repeating: 0, count: 256)
    let status = pixels.withUnsafeBytes { bytes in
      fb_palette_builder_add(
        builder, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(width), Int32(pixels.count / width),
        &message, message.count)
    }
    guard status == 0 else { throw .gifEncode(reason: "colour quantization failed: \(Self.text(message))") }
  }

  private func gatherExact(_ pixels: [UInt32]) {
    var last: UInt32? = nil
    for pixel in pixels where pixel != last {
      last = pixel
      if exactLookup?[pixel] == nil {
        guard exactColors.count < 256 else {
          exactLookup = nil
          return
        }
        exactLookup?[pixel] = UInt8(exactColors.count)
        exactColors.append(pixel)
      }
    }
  }

  /// The palette for every region added, and how to map regions to it.
  func finish() throws(GraphicsError) -> GIFSharedPalette {
    if let exactLookup {
      var palette = GIFPalette(rgb: [], transparentIndex: nil)
      for (index, color) in exactColors.enumerated() {
        let (r, g, b, _) = GIFQuantizer.components(color)
        palette.rgb += [r, g, b]
        if GIFFrames.isTransparent(color) { palette.transparentIndex = index }
      }
      return GIFSharedPalette(exact: GIFQuantizer.ExactPalette(palette: palette, lookup: exactLookup))
    }
    var rgba = [UInt8](repeating: 0, count: 256 * 4)
    var count: Int32 = 0
    var message = [CChar](repeating: 0, count: 256)
    guard fb_palette_builder_finish(builder, &rgba, &count, &message, message.count) == 0 else {
      throw .gifEncode(reason: "colour quantization failed: \(Self.text(message))")
    }
    let fix = IndexFix(rawPalette: Array(rgba.prefix(Int(count) * 4)), needsTransparent: needsTransparent)
    return GIFSharedPalette(quantized: self, fix: fix)
  }

  /// A remapper of the finished histogram's palette, for one thread.
  fileprivate func makeRemapper() throws(GraphicsError) -> OpaquePointer {
    var message = [CChar](repeating: 0, count: 256)
    guard let remapper = fb_palette_remapper_create(builder, &message, message.count) else {
      throw .gifEncode(reason: "colour quantization failed: \(Self.text(message))")
    }
    return remapper
  }

  static func text(_ message: [CChar]) -> String {
    String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

// MARK: - GIFSharedPalette

/// A finished shared palette, mapping regions to it from any thread (the second pass of `GIFStream`).
///
/// `@unchecked Sendable`: the exact palette and the index fix are read-only; libimagequant's remappers
/// are kept in a pool under a lock, each used by one thread at a time, and all of them write the same
/// indices for the same pixels (see quantize_stream.c), so which thread gets which never shows.
final class GIFSharedPalette: @unchecked Sendable {
  let palette: GIFPalette
  private let exact: GIFQuantizer.ExactPalette?
  private let fix: IndexFix?
  private let gatherer: GIFPaletteGatherer?
  private let lock = NSLock()
  private var idle: [OpaquePointer] = []

  fileprivate init(exact: GIFQuantizer.ExactPalette) {
    palette = exact.palette
    self.exact = exact
    fix = nil
    gatherer = nil
  }

  fileprivate init(quantized gatherer: GIFPaletteGatherer, fix: IndexFix) {
    palette = fix.palette
    self.exact = nil
    self.fix = fix
    self.gatherer = gatherer
  }

  deinit { idle.forEach { fb_palette_remapper_destroy($0) } }

  /// A region's palette indices (prepared pixels, row by row, `width` a row).
  func indices(for pixels: [UInt32], width: Int) throws(GraphicsError) -> [UInt8] {
    if let exact { return exact.indices(for: pixels) }
    guard let gatherer, let fix else { preconditionFailure("a quantized palette without its histogram") }
    let remapper: OpaquePointer
    if let reused = lock.withLock({ idle.popLast() }) {
      remapper = reused
    } else {
      remapper = try gatherer.makeRemapper()
    }
    defer { lock.withLock { idle.append(remapper) } }
    var indices = [UInt8](repeating: 0, count: pixels.count)
    var message = [CChar](repeating: 0, count: 256)
    let status = pixels.withUnsafeBytes { bytes in
      indices.withUnsafeMutableBufferPointer { out in
        var frame = fb_quantize_frame(
          rgba: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), width: Int32(width),
          height: Int32(pixels.count / width), indices: out.baseAddress!)
        return fb_palette_remapper_remap(remapper, &frame, &message, message.count)
      }
    }
    guard status == 0 else {
      throw .gifEncode(reason: "colour quantization failed: \(GIFPaletteGatherer.text(message))")
    }
    return fix.apply(to: indices, source: pixels)
  }
}
