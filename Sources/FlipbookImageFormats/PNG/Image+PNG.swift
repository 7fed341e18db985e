import CFlipbook
import FlipbookGraphics
import FlipbookSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: - PNGOptions

/// The PNG row filter, as libpng names them. `adaptive` lets libpng pick the best of the five per row.
public enum PNGFilter: String, CaseIterable, Sendable {
  /// Rows stored as they are: the fastest to write.
  case none
  /// Each byte minus the one to its left.
  case sub
  /// Each byte minus the one above.
  case up
  /// Each byte minus the average of left and above.
  case average
  /// Each byte minus the Paeth predictor of left, above and upper left.
  case paeth
  /// libpng tries the five on each row and keeps the smallest-looking: smaller files, slower writes.
  case adaptive

  var cValue: Int32 {
    switch self {
    case .none: Int32(FB_PNG_FILTER_NONE.rawValue)
    case .sub: Int32(FB_PNG_FILTER_SUB.rawValue)
    case .up: Int32(FB_PNG_FILTER_UP.rawValue)
    case .average: Int32(FB_PNG_FILTER_AVERAGE.rawValue)
    case .paeth: Int32(FB_PNG_FILTER_PAETH.rawValue)
    case .adaptive: Int32(FB_PNG_FILTER_ADAPTIVE.rawValue)
    }
  }
}

/// How to write a PNG. Every setting is lossless; they trade encoding time against file size.
public struct PNGOptions: Hashable, Sendable {
  /// Which encoder writes the file.
  public enum Encoder: String, Hashable, Sendable {
    /// libpng and zlib, with `compressionLevel` and `filter`.
    case libpng
    /// Flipbook's own encoder (`FastPNGEncoder`), which picks its filters itself and ignores
    /// `compressionLevel` and `filter`.
    case flipbook
    /// libdeflate (Debian's libdeflate-dev) at `compressionLevel`, 0...12, filter None.
    case libdeflate
  }

  /// zlib level, 0 (store) ... 9 (smallest).
  public var compressionLevel: Int
  /// The row filter libpng applies (the other encoders choose their own).
  public var filter: PNGFilter
  /// Write RGBA even when every pixel is opaque (otherwise such images are written as RGB).
  public var keepAlpha: Bool
  /// Which encoder writes the file; all three decode to the same pixels.
  public var encoder: Encoder

  /// Options whose defaults (libpng, level 1, no filter) are Flipbook's fast default for frames.
  public init(
    compressionLevel: Int = 1, filter: PNGFilter = .none, keepAlpha: Bool = false, encoder: Encoder = .libpng
  ) {
    self.compressionLevel = compressionLevel
    self.filter = filter
    self.keepAlpha = keepAlpha
    self.encoder = encoder
  }

  /// Flipbook's own encoder: the fastest setting, for frames written during a render. On the flat UI
  /// frames the examples render it is several times quicker than `libpngFast` and its files are
  /// smaller (measured by `make bench`, and by `flipbook-benchmark encoders DIR` on a rendered folder).
  public static let fast = PNGOptions(encoder: .flipbook)

  /// zlib level 1, no filter: what `fast` was before Flipbook had its own encoder, kept as the
  /// benchmark's comparison.
  public static let libpngFast = PNGOptions(compressionLevel: 1, filter: .none)

  /// zlib level 9, no filter. Measured on 640x960 flat UI-like frames (solid backgrounds, table rows,
  /// anti-aliased shapes and text), this was the smallest of every level/filter pair: about 11 % smaller
  /// than level 9 `adaptive` and 45 % smaller than `fast`, and also quicker than `adaptive` (filters
  /// turn long runs of equal bytes into less repetitive deltas that deflate's matcher finds harder).
  /// About 6x the time of `fast`: use it for files kept in a repository, not for every rendered frame.
  public static let smallest = PNGOptions(compressionLevel: 9, filter: .none)

  /// libdeflate at level 6, no filter: the animated PNG previews' default, chosen for size and speed together.
  /// On the benchmark's 241 frames of a pull, a fling and a pull (640x960), its APNG took 1.33 s and 5.92 MB where
  /// `smallest` (zlib level 9) took 5.26 s and 5.63 MB, and ffmpeg's own APNG 9.97 s and 6.00 MB; libdeflate's
  /// levels 8, 9, 10 and 12 took 2.41, 3.12, 6.84 and 24.1 s for 5.91, 5.92, 5.50 and 5.33 MB.
  public static let balanced = PNGOptions(compressionLevel: 6, encoder: .libdeflate)

  /// libdeflate at its highest level, 12, no filter: what `flipbook render --png smallest` writes.
  /// Measured on the benchmark's reference scene and the EGO and fling examples' frames, 4-7 % smaller
  /// than `smallest` at about 6x its time (deflatepng.c has the figures).
  public static let libdeflateSmallest = PNGOptions(compressionLevel: 12, encoder: .libdeflate)
}

// MARK: - Reading and writing PNG

extension Image {
  /// What a Git LFS pointer file starts with: a checkout made without `git lfs pull`.
  static let lfsPointerPrefix = Array("version https://git-lfs.github.com/spec/".utf8)

  /// Decodes a PNG of any colour type and bit depth. `source` names the data in error messages.
  public init(pngData: [UInt8], source: String = "data") throws(GraphicsError) {
    if pngData.starts(with: Image.lfsPointerPrefix) {
      throw .pngDecode(source: source, reason: "is a Git LFS pointer, not a PNG; run git lfs pull")
    }
    var error = [CChar](repeating: 0, count: 256)
    var width: Int32 = 0
    var height: Int32 = 0
    let maxSide = Int32(ImageLimits.maxSide)
    let maxPixels = Int64(ImageLimits.maxDecodedPixels)
    func reason() -> String { String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
    // Header, pixel budget and the data present are checked before the pixels are allocated; the
    // pixels are then decoded straight into the image's own array, with no second copy.
    var status = pngData.withUnsafeBufferPointer { data in
      error.withUnsafeMutableBufferPointer { message in
        fb_png_check(
          data.baseAddress, data.count, maxSide, maxPixels, &width, &height, message.baseAddress, message.count)
      }
    }
    var pixels: [UInt32] = []
    if status == 0 {
      let count = Int(width) * Int(height)
      pixels = [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
        status = pngData.withUnsafeBufferPointer { data in
          error.withUnsafeMutableBufferPointer { message in
            fb_png_decode_into(
              data.baseAddress, data.count, maxSide, maxPixels, buffer.baseAddress, width, height,
              message.baseAddress, message.count)
          }
        }
        if status != 0 { buffer.initialize(repeating: 0) }  // libpng may have stopped part-way
        initialized = count
      }
    }
    switch status {
    case 0:
      self.init(width: Int(width), height: Int(height), premultipliedARGB: pixels)
    case 2:
      // The header asked for more than ImageLimits allows; let `check` word the refusal.
      try ImageLimits.check(width: Int(width), height: Int(height))
      throw .sizeTooLarge(
        width: Int(width), height: Int(height),
        reason: "more than ImageLimits.maxDecodedPixels (\(ImageLimits.maxDecodedPixels)) pixels to decode")
    default:
      throw .pngDecode(source: source, reason: reason())
    }
  }

  /// Decodes PNG data held in `Data`.
  public init(pngData: Data, source: String = "data") throws(GraphicsError) {
    try self.init(pngData: [UInt8](pngData), source: source)
  }

  /// Reads and decodes a PNG file; errors name the path.
  public init(contentsOfFile path: String) throws(GraphicsError) {
    try self.init(
      pngData: try GraphicsError.files { () throws(FileError) in try SafeFile.read(path, kind: .image) }, source: path)
  }

  /// Encodes the image as an 8-bit PNG: RGB when opaque (unless `options.keepAlpha`), RGBA otherwise; with
  /// the encoder `options` names (Flipbook's own for `.fast`).
  public func pngData(options: PNGOptions = .fast) throws(GraphicsError) -> Data {
    if options.encoder == .flipbook {
      return try FastPNGEncoder.shared.pngData(self, keepAlpha: options.keepAlpha)
    }
    let levels = options.encoder == .libdeflate ? 0...12 : 0...9
    guard levels.contains(options.compressionLevel) else {
      throw .pngEncode(reason: "compression level \(options.compressionLevel) is not in \(levels)")
    }
    var error = [CChar](repeating: 0, count: 256)
    var bytes: UnsafeMutablePointer<UInt8>?
    var size = 0
    let status = pixels.withUnsafeBufferPointer { src in
      error.withUnsafeMutableBufferPointer { message in
        options.encoder == .libdeflate
          ? fb_png_encode_libdeflate(
            src.baseAddress, Int32(width), Int32(height), Int32(width * 4), Int32(options.compressionLevel),
            options.keepAlpha ? 1 : 0, &bytes, &size, message.baseAddress, message.count)
          : fb_png_encode(
            src.baseAddress, Int32(width), Int32(height), Int32(width * 4), Int32(options.compressionLevel),
            options.filter.cValue, options.keepAlpha ? 1 : 0, &bytes, &size, message.baseAddress, message.count)
      }
    }
    guard status == 0, let bytes else {
      throw .pngEncode(reason: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
    // Hand the C buffer to Data without copying; it is freed with fb_free.
    return Data(bytesNoCopy: bytes, count: size, deallocator: .custom { pointer, _ in fb_free(pointer) })
  }

  /// Encodes and writes the image to `path` atomically: the PNG goes to a temporary file in the same
  /// directory, which is then renamed over `path`, so readers see the old file or the new one, never a
  /// partial one. (No fsync: this guards against crashes of this process, not power loss.)
  public func writePNG(toFile path: String, options: PNGOptions = .fast) throws(GraphicsError) {
    let data = try pngData(options: options)
    try GraphicsError.files { () throws(FileError) in try writeFileAtomically(path, data) }
  }
}
