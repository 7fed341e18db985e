import FlipbookGraphics
import FlipbookTiming
import Foundation

// MARK: - GIF

/// Animated GIF (GIF89a) encoding, for previews that must play everywhere.
///
/// What the format forces, and what this encoder does about it:
/// - At most 256 colours per frame. By default one palette is shared by all frames (so colours do not
///   flicker), chosen by libimagequant from the exact colour counts of every frame (the 64 most
///   frequent colours kept exactly) and applied with damped Floyd–Steinberg dithering; animations with
///   at most 256 distinct colours get exactly their colours, undithered, so they decode exactly.
/// - 1-bit transparency: a pixel with alpha below 50 % becomes transparent (the palette's transparent
///   index); every other pixel becomes fully opaque with its straight (un-premultiplied) colour, so
///   soft edges over a transparent background get hard outlines. Flatten onto a background first when
///   that matters.
/// - Delays are whole centiseconds of at least 2 (browsers show 0 and 1 as 10 cs): each frame starts
///   at its own time rounded to the nearest centisecond, so the error never accumulates (1/30 s frames
///   become 3, 4, 3, 3, 4, 3, ... cs), and a frame that would last less than 2 cs is dropped, its time
///   given to the frame before (see `GIFTiming`).
///
/// Identical consecutive frames are merged into one with the summed delay, and every frame after the
/// first is stored as the rectangle that changes ("do not dispose"), or, when it must turn opaque
/// pixels transparent again, drawn after the previous frame's rectangle is cleared ("restore to
/// background", which browsers clear to transparent).
public enum GIF {
  /// How a GIF is written; the defaults give the truest colours a 256-colour palette allows.
  public struct Options: Sendable, Hashable {
    /// The NETSCAPE2.0 loop count, stored as given: 0 loops forever. (Viewers differ on whether a
    /// count of n plays the animation n or n + 1 times.)
    public var loopCount: Int
    /// Floyd–Steinberg dithering (damped to 7/8 of each error) when colours are quantized (images
    /// with at most 256 colours are never dithered).
    public var dithering: Bool
    /// libimagequant's target quality, 0...100 (values outside are clamped). Below 100 libimagequant
    /// stops at the fewest colours that reach it (90 gives the benchmark's frames 12 colours), so the
    /// default, 100, always uses the whole palette.
    public var quality: Int
    /// One global palette for all frames (true) or a local palette per frame (false).
    public var sharedPalette: Bool

    /// Options for a GIF that loops forever, dithered, at full quality, with one palette.
    public init(loopCount: Int = 0, dithering: Bool = true, quality: Int = 100, sharedPalette: Bool = true) {
      self.loopCount = loopCount
      self.dithering = dithering
      self.quality = quality
      self.sharedPalette = sharedPalette
    }
  }

  /// Encodes frames, each shown for `delay` seconds, as an animated GIF, the delays turned into
  /// centiseconds by `GIFTiming`. Throws `gifEncode` when there are no frames, frames differ in size, a
  /// delay is negative or not finite, or quantization fails.
  public static func encode(
    _ frames: [(image: Image, delay: Double)], options: Options = .init(), jobs: Int = 1
  ) throws(GraphicsError) -> Data {
    guard !frames.isEmpty else { throw .gifEncode(reason: "no frames") }
    var durations: [Rational] = []
    for (index, frame) in frames.enumerated() {
      guard let duration = Rational(decimal: frame.delay), duration >= .zero else {
        throw .gifEncode(reason: "frame \(index) has delay \(frame.delay); delays must be finite and not negative")
      }
      durations.append(duration)
    }
    let shown = GIFTiming.centiseconds(durations)
    let images = frames.map(\.image)
    var bytes: [UInt8] = []
    try encode(frameCount: shown.count, options: options, jobs: jobs) { (index: Int) throws(GraphicsError) in
      (images[shown[index].frame], shown[index].ticks)
    } write: {
      bytes += $0
    }
    return Data(bytes)
  }

  /// Encodes `frameCount` frames that `frame(i)` supplies, each with its delay in whole centiseconds
  /// (1...65535; see `GIFTiming` for choosing them), handing the GIF to `write` piece by piece in order
  /// (the header, one piece per stored frame, the trailer), so neither the frames nor the file wait in
  /// memory.
  ///
  /// Two passes, each holding a few frames at a time (see `GIFStream`): the first reads every frame,
  /// merges identical neighbours, plans the changed rectangles and counts every colour for the shared
  /// palette, on `jobs` threads; the second reads each stored frame again and maps it to the palette on
  /// `jobs` threads.
  /// So `frame` must give the same image for an index every time, and may be called from several
  /// threads at once. The bytes are the same for any `jobs`. `progress(done, frameCount)` is called on
  /// the calling thread, `done` counting each frame half in each pass.
  public static func encode(
    frameCount: Int, options: Options = .init(), jobs: Int = 1,
    progress: ((Int, Int) -> Void)? = nil,
    frame: @escaping @Sendable (Int) throws(GraphicsError) -> (image: Image, centiseconds: Int),
    write: ([UInt8]) throws(GraphicsError) -> Void
  ) throws(GraphicsError) {
    guard frameCount > 0 else { throw .gifEncode(reason: "no frames") }
    guard (0...Int(UInt16.max)).contains(options.loopCount) else {
      throw .gifEncode(reason: "loop count \(options.loopCount) is outside 0...65535")
    }
    let stream = GIFStream(frameCount: frameCount, options: options, jobs: max(1, jobs), frame: frame)
    try stream.encode(progress: progress, write: write)
  }
}

// MARK: - GIFWriter

/// Writes the GIF89a blocks: header, logical screen descriptor, colour tables, the NETSCAPE2.0 loop
/// extension, a Graphic Control Extension and image descriptor per frame, and the trailer.
struct GIFWriter {
  let width: Int
  let height: Int
  private(set) var bytes: [UInt8] = []

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  private mutating func u16(_ value: Int) {
    bytes.append(UInt8(value & 0xFF))
    bytes.append(UInt8((value >> 8) & 0xFF))
  }

  mutating func writeHeader(globalPalette: GIFPalette?, loopCount: Int) {
    bytes += Array("GIF89a".utf8)
    u16(width)
    u16(height)
    // Global colour table flag, colour resolution 8 bits (7), not sorted, table size.
    let tableFlags = globalPalette.map { 0x80 | UInt8($0.sizeField) } ?? 0
    bytes += [tableFlags | 0x70, 0, 0]  // background colour index 0, no aspect ratio
    if let globalPalette { bytes += globalPalette.paddedTable }
    // NETSCAPE2.0 application extension: sub-block id 1, then the loop count.
    bytes += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01]
    u16(loopCount)
    bytes.append(0)
  }

  mutating func writeFrame(_ plan: GIFFramePlan, indices: [UInt8], palette: GIFPalette, local: Bool) {
    // Graphic Control Extension: disposal, transparency flag, delay, transparent index.
    let transparent = palette.transparentIndex
    bytes += [0x21, 0xF9, 0x04, UInt8(plan.disposal.rawValue << 2) | (transparent == nil ? 0 : 1)]
    u16(plan.centiseconds)
    bytes += [UInt8(transparent ?? 0), 0]
    // Image descriptor.
    bytes.append(0x2C)
    u16(plan.rect.x)
    u16(plan.rect.y)
    u16(plan.rect.width)
    u16(plan.rect.height)
    bytes.append(local ? 0x80 | UInt8(palette.sizeField) : 0)
    if local { bytes += palette.paddedTable }
    let minimumCodeSize = GIFLZW.minimumCodeSize(colorCount: 2 << palette.sizeField)
    bytes.append(UInt8(minimumCodeSize))
    bytes += GIFLZW.subBlocks(GIFLZW.encode(indices, minimumCodeSize: minimumCodeSize).bytes)
  }

  mutating func writeTrailer() { bytes.append(0x3B) }

  /// The bytes written so far, leaving the writer empty.
  mutating func takeBytes() -> [UInt8] {
    defer { bytes = [] }
    return bytes
  }
}
