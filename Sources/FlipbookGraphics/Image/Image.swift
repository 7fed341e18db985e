import CFlipbook
import Foundation

// MARK: - Image

/// A raster image: `width` x `height` pixels kept in Cairo's native form (premultiplied ARGB32, one
/// `UInt32` per pixel, rows tightly packed), so that drawing it or drawing into it costs no conversion.
/// Read pixels as straight RGBA with `pixel(x:y:)` or `rgbaBytes()`.
///
/// A value type with copy-on-write storage: safe to hand to another thread.
public struct Image: Hashable, Sendable {
  /// The width in pixels.
  public let width: Int
  /// The height in pixels.
  public let height: Int
  /// Premultiplied ARGB32 pixels, row by row; `pixels[y * width + x]`.
  public internal(set) var pixels: [UInt32]

  /// A transparent image. Throws when the size is invalid or beyond `ImageLimits`.
  public init(width: Int, height: Int) throws(GraphicsError) {
    try ImageLimits.check(width: width, height: height)
    self.width = width
    self.height = height
    self.pixels = [UInt32](repeating: 0, count: width * height)
  }

  /// Wraps existing premultiplied ARGB32 pixels (`pixels.count` must be `width * height`).
  public init(width: Int, height: Int, premultipliedARGB pixels: [UInt32]) {
    precondition(pixels.count == width * height, "pixel count does not match the size")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// Builds an image from straight RGBA bytes, 4 per pixel, rows tightly packed.
  public init(width: Int, height: Int, rgba: [UInt8]) throws(GraphicsError) {
    try ImageLimits.check(width: width, height: height)
    precondition(rgba.count == width * height * 4, "byte count does not match the size")
    var pixels = [UInt32](repeating: 0, count: width * height)
    rgba.withUnsafeBufferPointer { src in
      pixels.withUnsafeMutableBufferPointer { dst in
        fb_pixels_from_rgba(src.baseAddress, Int32(width), Int32(height), dst.baseAddress, Int32(width * 4))
      }
    }
    self.init(width: width, height: height, premultipliedARGB: pixels)
  }

  /// The pixel at (x, y) as straight 8-bit RGBA.
  public func pixel(x: Int, y: Int) -> RGBA8 {
    precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside \(width)x\(height)")
    let p = pixels[y * width + x]
    let a = UInt8(p >> 24)
    guard a != 0 else { return RGBA8(0, 0, 0, 0) }
    func unpremultiply(_ c: UInt32) -> UInt8 { UInt8(min(255, (c * 255 + UInt32(a) / 2) / UInt32(a))) }
    return RGBA8(unpremultiply((p >> 16) & 0xFF), unpremultiply((p >> 8) & 0xFF), unpremultiply(p & 0xFF), a)
  }

  /// All pixels as straight RGBA bytes, 4 per pixel, rows tightly packed.
  public func rgbaBytes() -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: width * height * 4)
    pixels.withUnsafeBufferPointer { src in
      bytes.withUnsafeMutableBufferPointer { dst in
        fb_pixels_to_rgba(src.baseAddress, Int32(width), Int32(height), Int32(width * 4), dst.baseAddress)
      }
    }
    return bytes
  }

  /// True when every pixel is fully opaque.
  public var isOpaque: Bool {
    pixels.withUnsafeBufferPointer {
      fb_pixels_are_opaque($0.baseAddress, Int32(width), Int32(height), Int32(width * 4)) != 0
    }
  }
}
