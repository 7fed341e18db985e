import Foundation

// MARK: - YIQ

/// Pixelmatch's perceptual colour difference (Kotsarenko and Ramos 2010, "Measuring perceived color
/// difference using YIQ NTSC transmission color space"): a weighted distance in YIQ, where brightness (Y)
/// counts about twice as much as the chroma axes, as it does for the eye. Cheap enough for every pixel,
/// and the metric Playwright's and jest-image-snapshot's thresholds are expressed in.
///
/// Pixelmatch works on straight RGBA and blends a translucent pixel with white as `255 + (c − 255) × a`.
/// Flipbook's pixels are premultiplied ARGB32, so each is first unpremultiplied (`StraightRGBA`), and then
/// every operation is done in pixelmatch's order (Y, I and Q of each colour, then their differences), so
/// that the floating-point results, ties included, are the very numbers pixelmatch computes.
enum YIQ {
  /// The largest delta the metric gives, between red and cyan (pixelmatch's 35215; black against white
  /// is 32857).
  static let maxDelta = 35215.0

  /// A pixel's red, green and blue as pixelmatch sees them: straight, and blended with white when
  /// translucent.
  @inline(__always)
  static func overWhite(_ p: UInt32) -> (r: Double, g: Double, b: Double) {
    let c = StraightRGBA(p)
    guard c.a < 255 else { return (Double(c.r), Double(c.g), Double(c.b)) }
    let alpha = Double(c.a) / 255
    return (
      255 + Double(c.r - 255) * alpha, 255 + Double(c.g - 255) * alpha, 255 + Double(c.b - 255) * alpha
    )
  }

  /// Luma (Y) of a colour with channels in 0...255.
  @inline(__always)
  static func y(_ r: Double, _ g: Double, _ b: Double) -> Double {
    r * 0.29889531 + g * 0.58662247 + b * 0.11448223
  }

  @inline(__always)
  static func i(_ r: Double, _ g: Double, _ b: Double) -> Double {
    r * 0.59597799 - g * 0.27417610 - b * 0.32180189
  }

  @inline(__always)
  static func q(_ r: Double, _ g: Double, _ b: Double) -> Double {
    r * 0.21147017 - g * 0.52261711 + b * 0.31114694
  }

  /// How much brighter `p` is than `q` (pixelmatch's `colorDelta(..., yOnly: true)`): what the
  /// anti-aliasing detector compares neighbours by. Exactly 0 for identical pixels.
  @inline(__always)
  static func brightnessDelta(_ p: UInt32, _ q: UInt32) -> Double {
    if p == q { return 0 }
    let c1 = overWhite(p)
    let c2 = overWhite(q)
    return y(c1.r, c1.g, c1.b) - y(c2.r, c2.g, c2.b)
  }

  /// The squared perceptual difference between two premultiplied pixels, 0...`maxDelta`.
  @inline(__always)
  static func delta(_ p: UInt32, _ other: UInt32) -> Double {
    if p == other { return 0 }
    let c1 = overWhite(p)
    let c2 = overWhite(other)
    let dy = y(c1.r, c1.g, c1.b) - y(c2.r, c2.g, c2.b)
    let di = i(c1.r, c1.g, c1.b) - i(c2.r, c2.g, c2.b)
    let dq = q(c1.r, c1.g, c1.b) - q(c2.r, c2.g, c2.b)
    return 0.5053 * dy * dy + 0.299 * di * di + 0.1957 * dq * dq
  }
}
