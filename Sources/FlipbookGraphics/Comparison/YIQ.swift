import Foundation

// MARK: - YIQ

/// Pixelmatch's perceptual colour difference (Kotsarenko and Ramos 2010, "Measuring perceived color
/// difference using YIQ NTSC transmission color space"): a weighted distance in YIQ, where brightness (Y)
/// counts about twice as much as the chroma axes, as it does for the eye. Cheap enough for every pixel,
/// and the metric Playwright's and jest-image-snapshot's thresholds are expressed in.
///
/// Works straight on Flipbook's premultiplied ARGB32 pixels. Like pixelmatch, a translucent pixel is
/// first blended over white, which for a premultiplied channel `c` with alpha `a` is simply
/// `c + 255 - a`, with no unpremultiplying (and its rounding) needed.
enum YIQ {
  /// The largest delta the metric gives, between red and cyan (pixelmatch's 35215; black against white
  /// is 32857).
  static let maxDelta = 35215.0

  /// The pixel's red, green and blue after blending over white, 0...255.
  @inline(__always)
  static func overWhite(_ p: UInt32) -> (r: Double, g: Double, b: Double) {
    let white = 255 - Double(p >> 24)
    return (
      Double((p >> 16) & 0xFF) + white, Double((p >> 8) & 0xFF) + white, Double(p & 0xFF) + white
    )
  }

  /// Luma (Y) of a colour with channels in 0...255.
  @inline(__always)
  static func y(_ r: Double, _ g: Double, _ b: Double) -> Double {
    0.29889531 * r + 0.58662247 * g + 0.11448223 * b
  }

  /// The pixel's brightness after blending over white: what the anti-aliasing detector compares.
  @inline(__always)
  static func brightness(_ p: UInt32) -> Double {
    let c = overWhite(p)
    return y(c.r, c.g, c.b)
  }

  /// The squared perceptual difference between two premultiplied pixels, 0...`maxDelta`.
  @inline(__always)
  static func delta(_ p: UInt32, _ q: UInt32) -> Double {
    if p == q { return 0 }
    let c1 = overWhite(p)
    let c2 = overWhite(q)
    let dr = c1.r - c2.r
    let dg = c1.g - c2.g
    let db = c1.b - c2.b
    // Y, I and Q are linear in RGB, so their differences are those of the RGB differences.
    let dy = y(dr, dg, db)
    let di = 0.59597799 * dr - 0.27417610 * dg - 0.32180189 * db
    let dq = 0.21147017 * dr - 0.52261711 * dg + 0.31114694 * db
    return 0.5053 * dy * dy + 0.299 * di * di + 0.1957 * dq * dq
  }
}
