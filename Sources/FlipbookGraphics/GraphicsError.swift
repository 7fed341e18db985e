import FlipbookSupport
import Foundation

// MARK: - GraphicsError

/// Everything that can go wrong below the layer tree, each case with enough context to print as one
/// line that says what and where.
public enum GraphicsError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Cairo reported a status other than success; `operation` names what was being done.
  case cairo(operation: String, status: String)
  /// libpng could not decode the data; `source` is a file path or a description of the data.
  case pngDecode(source: String, reason: String)
  /// libpng could not encode an image.
  case pngEncode(reason: String)
  /// An animated GIF could not be encoded (no frames, frames of different sizes, a bad delay, or the
  /// colour quantizer failed).
  case gifEncode(reason: String)
  /// An animated WebP could not be encoded (a bad setting, frame size or time, or libwebp failed).
  case webpEncode(reason: String)
  /// An image could not be scaled to the size asked for (out of range, or larger than the image).
  case scale(reason: String)
  /// An image size beyond `ImageLimits`, refused before anything was allocated.
  case sizeTooLarge(width: Int, height: Int, reason: String)
  /// A font file that could not be found or loaded.
  case font(path: String, reason: String)
  /// A file that could not be read or written.
  case file(path: String, reason: String)

  /// One line saying what failed and where, for a log or an error message.
  public var description: String {
    switch self {
    case .cairo(let operation, let status): "cairo failed to \(operation): \(status)"
    case .pngDecode(let source, let reason): "cannot decode PNG \(source): \(reason)"
    case .pngEncode(let reason): "cannot encode PNG: \(reason)"
    case .gifEncode(let reason): "cannot encode GIF: \(reason)"
    case .webpEncode(let reason): "cannot encode WebP: \(reason)"
    case .scale(let reason): "cannot scale image: \(reason)"
    case .sizeTooLarge(let width, let height, let reason): "image size \(width)x\(height) refused: \(reason)"
    case .font(let path, let reason): "cannot load font \(path): \(reason)"
    case .file(let path, let reason): "\(path): \(reason)"
    }
  }
}

// MARK: - ImageLimits

/// The largest images Flipbook will allocate. A scene or PNG asking for more is refused up front, so an
/// absurd size is an error message rather than an out-of-memory kill.
public enum ImageLimits {
  /// Longest allowed side in pixels.
  public static let maxSide = 16_384
  /// Most pixels allowed in one image (64 megapixels, 256 MiB as ARGB32).
  public static let maxPixels = 64 * 1_048_576

  /// Most pixels one decoded input image (a PNG, an APNG canvas or frame) may have: 8 megapixels, 32 MiB
  /// as ARGB32, above any rendered frame (1920x2880 at 3x is 5.5) yet small enough that two decompression
  /// bombs, one on each side of a `diff`, stay within 100 MB however small their files.
  public static let maxDecodedPixels = 8 * 1_048_576

  /// Throws `sizeTooLarge` unless `width`x`height` is a valid, allowed size.
  public static func check(width: Int, height: Int) throws(GraphicsError) {
    if width <= 0 || height <= 0 {
      throw .sizeTooLarge(width: width, height: height, reason: "sides must be at least 1 pixel")
    }
    if width > maxSide || height > maxSide {
      throw .sizeTooLarge(width: width, height: height, reason: "more than \(maxSide) pixels a side")
    }
    if width * height > maxPixels {
      throw .sizeTooLarge(width: width, height: height, reason: "more than 64 megapixels")
    }
  }
}

// MARK: - File errors

extension GraphicsError {
  /// A safe-file helper's failure (FlipbookSupport) as the drawing layer's error, with the same path,
  /// reason and wording, so the code that reads and writes images keeps one error type.
  public init(_ error: FileError) {
    switch error {
    case .file(let path, let reason): self = .file(path: path, reason: reason)
    }
  }

  /// Runs `body`, a call to a safe-file helper, with its `FileError` thrown as `GraphicsError.file`.
  public static func files<T>(_ body: () throws(FileError) -> T) throws(GraphicsError) -> T {
    do {
      return try body()
    } catch {
      throw GraphicsError(error)
    }
  }
}
