import FlipbookGraphics
import FlipbookTiming
import Foundation

// MARK: - AnimatedPNG

/// Animated PNG (APNG, part of PNG Third Edition) written and read by hand: Debian's libpng has no APNG
/// support, so the container (acTL, fcTL, fdAT chunks) lives here while each frame's pixels still go
/// through libpng as a standalone PNG (`Image.pngData` / `Image(pngData:)`).
///
/// A file written by `encode` is also a valid plain PNG showing the first frame.
public enum AnimatedPNG {
  /// One frame: its image (every frame of an animation has the same size) and how long it shows.
  public struct Frame: Hashable, Sendable {
    /// The frame's pixels, the whole canvas.
    public var image: Image
    /// How long the frame stays on screen, exactly (fcTL stores a fraction: 1/60 s is 1/60, not 17/1000).
    public var duration: Rational

    /// A frame shown for exactly `duration`, the form a render's frame clock gives.
    public init(image: Image, duration: Rational) {
      self.image = image
      self.duration = duration
    }

    /// A delay written as a decimal number of seconds (`0.1`), taken exactly; a non-finite delay is
    /// kept as -1 s, which encoding refuses.
    public init(image: Image, delay: Double) {
      self.init(image: image, duration: Rational(decimal: delay) ?? Rational(-1))
    }

    /// Seconds the frame stays on screen.
    public var delay: Double { duration.seconds }
  }

  /// What happens to a frame's region after it has been shown (fcTL `dispose_op`).
  public enum DisposeOp: UInt8, Sendable {
    /// Leave the canvas as it is.
    case none = 0
    /// Clear the region to transparent black.
    case background = 1
    /// Restore the region to what it was before the frame was drawn.
    case previous = 2
  }

  /// How a frame's region is combined with the canvas (fcTL `blend_op`).
  public enum BlendOp: UInt8, Sendable {
    /// Replace the region's pixels, transparency included.
    case source = 0
    /// Composite the region over the canvas (premultiplied source-over).
    case over = 1
  }

  /// One fcTL chunk: where a frame goes, how long it shows and how it is blended and disposed.
  public struct FrameControl: Hashable, Sendable {
    /// The chunk's place in the sequence shared by fcTL and fdAT chunks, from 0; a gap means a lost chunk.
    public var sequenceNumber: UInt32
    /// The frame region's width in pixels.
    public var width: Int
    /// The frame region's height in pixels.
    public var height: Int
    /// The region's left edge on the canvas, in pixels.
    public var x: Int
    /// The region's top edge on the canvas, in pixels.
    public var y: Int
    /// The delay's numerator, in seconds over `delayDenominator`.
    public var delayNumerator: UInt16
    /// As stored; 0 means 100 (the spec's rule), which `delay` applies.
    public var delayDenominator: UInt16
    /// What happens to the region once the frame has shown.
    public var dispose: DisposeOp
    /// How the region is drawn onto the canvas.
    public var blend: BlendOp

    /// The delay in seconds.
    public var delay: Double { duration.seconds }

    /// The delay exactly, with the spec's rule that a denominator of 0 means 100.
    public var duration: Rational {
      Rational(Int64(delayNumerator), Int64(delayDenominator == 0 ? 100 : delayDenominator)) ?? .zero
    }

    /// An fcTL chunk's fields, as the specification lists them.
    public init(
      sequenceNumber: UInt32, width: Int, height: Int, x: Int, y: Int, delayNumerator: UInt16,
      delayDenominator: UInt16, dispose: DisposeOp, blend: BlendOp
    ) {
      self.sequenceNumber = sequenceNumber
      self.width = width
      self.height = height
      self.x = x
      self.y = y
      self.delayNumerator = delayNumerator
      self.delayDenominator = delayDenominator
      self.dispose = dispose
      self.blend = blend
    }

    /// Parses the 26 bytes of an fcTL chunk's data.
    public init(fcTLData data: Data) throws(GraphicsError) {
      try self.init(bytes: [UInt8](data), source: "fcTL data")
    }

    init(bytes: [UInt8], source: String) throws(GraphicsError) {
      guard bytes.count == 26 else {
        throw .pngDecode(source: source, reason: "fcTL chunk has \(bytes.count) bytes, not 26")
      }
      guard let dispose = DisposeOp(rawValue: bytes[24]) else {
        throw .pngDecode(source: source, reason: "fcTL has an unknown dispose_op \(bytes[24])")
      }
      guard let blend = BlendOp(rawValue: bytes[25]) else {
        throw .pngDecode(source: source, reason: "fcTL has an unknown blend_op \(bytes[25])")
      }
      self.init(
        sequenceNumber: readUInt32(bytes, at: 0), width: Int(readUInt32(bytes, at: 4)),
        height: Int(readUInt32(bytes, at: 8)), x: Int(readUInt32(bytes, at: 12)), y: Int(readUInt32(bytes, at: 16)),
        delayNumerator: readUInt16(bytes, at: 20), delayDenominator: readUInt16(bytes, at: 22), dispose: dispose,
        blend: blend)
    }

    /// The 26 bytes of an fcTL chunk's data.
    var bytes: [UInt8] {
      bigEndianBytes(sequenceNumber) + bigEndianBytes(UInt32(width)) + bigEndianBytes(UInt32(height))
        + bigEndianBytes(UInt32(x)) + bigEndianBytes(UInt32(y)) + bigEndianBytes(delayNumerator)
        + bigEndianBytes(delayDenominator) + [dispose.rawValue, blend.rawValue]
    }
  }

  /// One chunk of a PNG file, for inspection.
  public struct Chunk: Hashable, Sendable {
    /// The 4-letter chunk type, e.g. "IHDR", "acTL", "fcTL", "fdAT".
    public var type: String
    /// The chunk's data (without length, type and CRC).
    public var data: Data
    /// Byte offset of the chunk (its length field) in the file.
    public var offset: Int
  }

  /// Every chunk of a PNG or APNG file up to IEND, with signature, lengths and CRCs checked (errors
  /// name the failing chunk).
  public static func chunks(_ data: Data, source: String = "data") throws(GraphicsError) -> [Chunk] {
    let bytes = [UInt8](data)
    return try PNGContainer.readChunks(bytes, source: source).map {
      Chunk(type: $0.type, data: Data(bytes[$0.data]), offset: $0.offset)
    }
  }
}

// MARK: - Encoding

extension AnimatedPNG {
  /// Writes `frames` as an APNG.
  ///
  /// - All frames must have the same size. The colour type is RGB when every frame is opaque (and
  ///   `options.keepAlpha` is off), RGBA otherwise; each frame is deflated by libpng with `options`.
  /// - `loopCount`: how many times viewers play the animation; 0 loops forever.
  /// - `mergeIdentical`: consecutive pixel-identical frames become one frame showing for their summed
  ///   delay.
  /// - `cropToChanges`: each frame after the first is stored as the bounding box of the pixels that differ
  ///   from the previous frame (dispose NONE, blend SOURCE, so the box replaces those pixels exactly).
  ///   A frame identical to its predecessor (possible only without merging) is stored as one pixel.
  /// - Delays are stored as the exact reduced fraction (1/60, 7/60, 1/30) whenever numerator and
  ///   denominator fit 16 bits; otherwise as the nearest fraction that fits, the error carried into the
  ///   next frame so the total stays exact to within one stored fraction.
  public static func encode(
    _ frames: [Frame], loopCount: Int = 0, options: PNGOptions = .fast, mergeIdentical: Bool = true,
    cropToChanges: Bool = true
  ) throws(GraphicsError) -> Data {
    guard let first = frames.first else { throw .pngEncode(reason: "an animated PNG needs at least one frame") }
    let width = first.image.width
    let height = first.image.height
    for (index, frame) in frames.enumerated() {
      guard frame.image.width == width && frame.image.height == height else {
        throw .pngEncode(
          reason: "frame \(index) is \(frame.image.width)x\(frame.image.height) but frame 0 is \(width)x\(height); "
            + "every frame of an animated PNG must have the same size")
      }
      guard frame.duration >= .zero else {
        throw .pngEncode(reason: "frame \(index) has an invalid delay \(frame.duration) s (must be finite and >= 0 s)")
      }
    }
    guard (0...Int(UInt32.max)).contains(loopCount) else {
      throw .pngEncode(reason: "loop count \(loopCount) is not in 0...\(UInt32.max)")
    }

    let hasAlpha = options.keepAlpha || frames.contains { !$0.image.isOpaque }
    var encoder = Encoder(
      loopCount: loopCount, options: options, hasAlpha: hasAlpha, mergeIdentical: mergeIdentical,
      cropToChanges: cropToChanges)
    for frame in frames { try encoder.append(frame) }
    return try encoder.finish()
  }

  /// Encodes `image` as a standalone PNG with libpng and returns its IHDR data and its zlib stream (the
  /// IDAT payloads joined).
  static func deflatedFrame(
    _ image: Image, options: PNGOptions, hasAlpha: Bool
  ) throws(GraphicsError) -> (header: [UInt8], zlib: [UInt8]) {
    let png = [UInt8](try image.pngData(options: options))
    let chunks: [PNGContainer.Chunk]
    do {
      chunks = try PNGContainer.readChunks(png, source: "libpng output", verifyCRC: false)
    } catch {
      throw .pngEncode(reason: "unexpected libpng output: \(error)")
    }
    guard let ihdr = chunks.first, ihdr.type == "IHDR", ihdr.data.count == 13 else {
      throw .pngEncode(reason: "unexpected libpng output: no IHDR")
    }
    let header = Array(png[ihdr.data])
    // Bit depth 8, colour type 6 (RGBA) or 2 (RGB), no interlacing: what every frame must share.
    guard header[8] == 8, header[9] == (hasAlpha ? 6 : 2), header[12] == 0 else {
      throw .pngEncode(
        reason: "libpng wrote bit depth \(header[8]), colour type \(header[9]), interlace \(header[12]); "
          + "expected 8, \(hasAlpha ? 6 : 2), 0")
    }
    var zlib: [UInt8] = []
    for chunk in chunks where chunk.type == "IDAT" { zlib.append(contentsOf: png[chunk.data]) }
    return (header, zlib)
  }

  /// The fcTL fraction for a delay of `wanted` seconds: exact when both parts fit 16 bits, else the
  /// nearest fraction that does (at most 65535 s).
  static func delayFraction(_ wanted: Rational) -> (numerator: UInt16, denominator: UInt16) {
    let limit = Int64(UInt16.max)
    let stored = max(.zero, wanted).approximated(maxNumerator: limit, maxDenominator: limit) ?? Rational(Int(limit))
    return (UInt16(stored.numerator), UInt16(stored.denominator))
  }

  /// The bounding box of the pixels that differ between two same-sized images, or nil when none do.
  static func changedRegion(from old: Image, to new: Image) -> PixelRegion? {
    let width = new.width
    var minX = width
    var minY = new.height
    var maxX = -1
    var maxY = -1
    old.pixels.withUnsafeBufferPointer { a in
      new.pixels.withUnsafeBufferPointer { b in
        for y in 0..<new.height {
          let row = y * width
          var x0 = 0
          while x0 < width && a[row + x0] == b[row + x0] { x0 += 1 }
          if x0 == width { continue }
          var x1 = width - 1
          while a[row + x1] == b[row + x1] { x1 -= 1 }
          minX = min(minX, x0)
          maxX = max(maxX, x1)
          minY = min(minY, y)
          maxY = y
        }
      }
    }
    guard maxX >= 0 else { return nil }
    return PixelRegion(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
  }
}

// MARK: - Regions

/// A rectangle of whole pixels.
struct PixelRegion: Hashable {
  var x: Int
  var y: Int
  var width: Int
  var height: Int
}

extension Image {
  /// The pixels inside `region`, which must lie within the image.
  func cropped(to region: PixelRegion) -> Image {
    precondition(
      region.x >= 0 && region.y >= 0 && region.width > 0 && region.height > 0
        && region.x + region.width <= width && region.y + region.height <= height, "region outside the image")
    var out: [UInt32] = []
    out.reserveCapacity(region.width * region.height)
    for y in region.y..<(region.y + region.height) {
      let start = y * width + region.x
      out.append(contentsOf: pixels[start..<(start + region.width)])
    }
    return Image(width: region.width, height: region.height, premultipliedARGB: out)
  }
}
