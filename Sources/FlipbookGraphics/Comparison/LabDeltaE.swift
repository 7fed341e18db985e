import Foundation

// MARK: - LabDeltaE

/// swift-snapshot-testing's perceptual colour distance between two pixels: what Core Image's `CILabDeltaE`
/// filter gives it (pointfreeco/swift-snapshot-testing, `Sources/SnapshotTesting/Snapshotting/UIImage.swift`,
/// `perceptuallyCompare`, at 0c2826f2, the revision lottie-ios 4.6.1 pins), a CIE94 ΔE on a 0...100 scale.
///
/// Apple documents the filter only as "ΔE 1994, 0–100"; how it gets there is:
/// - swift-snapshot-testing's context has no working colour space, so the 8-bit sRGB-encoded values are taken
///   **as if linear** (no transfer function);
/// - a pixel is premultiplied; it is composited **on white** (`c + 1 − a`) and **on black** (`c`), and the
///   distance is the larger of the two, so a change of alpha alone counts;
/// - RGB → XYZ with the sRGB primaries and D65 white (the matrix IEC 61966-2-1 publishes), XYZ clamped at 0,
///   → CIELAB relative to the white that matrix gives RGB (1, 1, 1), with `f(t) = t^(1/3)` above 0.008856
///   and `7.787 t + 16/116` below (CIE 15.2's rounded constants);
/// - CIE94 (CIE 116-1995, "Industrial colour-difference evaluation"): graphic-arts weights
///   kL = kC = kH = 1, K1 = 0.045, K2 = 0.015, with the **geometric mean of the two chromas** in S_C and
///   S_H, which makes the distance symmetric (the standard uses the reference's chroma).
///
/// These details come from public decompilations of Core Image's software kernel; choosing D50 instead of D65
/// changes no verdict on lottie-ios's references. Computed in `Double`; compared with swift-snapshot-testing's
/// `Float` threshold.
enum LabDeltaE {
  /// IEC 61966-2-1 (sRGB), linear RGB → XYZ, as the standard publishes it (rows X, Y, Z).
  static let rgbToXYZ: [[Double]] = [
    [0.4124, 0.3576, 0.1805],
    [0.2126, 0.7152, 0.0722],
    [0.0193, 0.1192, 0.9505],
  ]
  /// CIELAB's linear-segment joint, (6/29)³ rounded as CIE 15.2 gives it.
  static let epsilon = 0.008856
  /// The linear segment's slope, (29/6)²/3 rounded as CIE 15.2 gives it.
  static let slope = 7.787
  /// CIE94's chroma weight K1 (graphic arts).
  static let k1 = 0.045
  /// CIE94's hue weight K2 (graphic arts).
  static let k2 = 0.015

  /// For each 8-bit value v and each of X, Y and Z: `matrix[row][channel] × v / 255 / white[row]`, so a
  /// pixel's normalised XYZ is three table sums (the white is the XYZ of RGB (1, 1, 1), the row sums).
  /// Laid out as `[(channel × 3 + row) × 256 + v]`.
  static let contributions: [Double] = {
    var table = [Double](repeating: 0, count: 9 * 256)
    for channel in 0..<3 {
      for row in 0..<3 {
        let white = rgbToXYZ[row].reduce(0, +)
        for v in 0..<256 {
          table[(channel * 3 + row) * 256 + v] = rgbToXYZ[row][channel] * (Double(v) / 255) / white
        }
      }
    }
    return table
  }()

  /// A colour in CIELAB.
  struct Lab {
    var l: Double
    var a: Double
    var b: Double
  }

  /// CIELAB's f(t).
  @inline(__always)
  static func f(_ t: Double) -> Double {
    t > epsilon ? cbrt(t) : slope * t + 16.0 / 116.0
  }

  /// The Lab of 8-bit channels taken as linear RGB, through `contributions`.
  @inline(__always)
  static func lab(_ r: Int, _ g: Int, _ b: Int, _ table: UnsafePointer<Double>) -> Lab {
    let x = max(0, table[r] + table[768 + g] + table[1536 + b])
    let y = max(0, table[256 + r] + table[1024 + g] + table[1792 + b])
    let z = max(0, table[512 + r] + table[1280 + g] + table[2048 + b])
    let fx = f(x)
    let fy = f(y)
    let fz = f(z)
    return Lab(l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
  }

  /// CIE94 between two Lab colours, with the geometric mean of the chromas in S_C and S_H.
  @inline(__always)
  static func cie94(_ p: Lab, _ q: Lab) -> Double {
    let dl = p.l - q.l
    let c1 = (p.a * p.a + p.b * p.b).squareRoot()
    let c2 = (q.a * q.a + q.b * q.b).squareRoot()
    let dc = c1 - c2
    let da = p.a - q.a
    let db = p.b - q.b
    let dh2 = max(0, da * da + db * db - dc * dc)
    let chroma = (c1 * c2).squareRoot()
    let sc = 1 + k1 * chroma
    let sh = 1 + k2 * chroma
    return (dl * dl + (dc / sc) * (dc / sc) + dh2 / (sh * sh)).squareRoot()
  }

  /// A premultiplied ARGB32 pixel's Lab on black (its channels) and on white (`c + 255 − a`); the same
  /// colour twice when opaque.
  @inline(__always)
  static func labs(_ p: UInt32, _ table: UnsafePointer<Double>) -> (black: Lab, white: Lab) {
    let a = Int(p >> 24)
    let r = Int((p >> 16) & 0xFF)
    let g = Int((p >> 8) & 0xFF)
    let b = Int(p & 0xFF)
    let black = lab(r, g, b, table)
    if a == 255 { return (black, black) }
    let lift = 255 - a
    // Premultiplied channels never exceed alpha, so c + 255 − a stays within 0...255.
    return (black, lab(min(r + lift, 255), min(g + lift, 255), min(b + lift, 255), table))
  }

  /// The distance between two premultiplied ARGB32 pixels: the larger CIE94 ΔE of the two composited on
  /// black and on white, 0...100 (about 100 for black against white). 0 for identical pixels.
  static func distance(_ p: UInt32, _ q: UInt32) -> Double {
    if p == q { return 0 }
    return contributions.withUnsafeBufferPointer { table in
      distance(labs(p, table.baseAddress!), labs(q, table.baseAddress!))
    }
  }

  /// The distance between two pixels' Lab pairs.
  @inline(__always)
  static func distance(_ p: (black: Lab, white: Lab), _ q: (black: Lab, white: Lab)) -> Double {
    max(cie94(p.black, q.black), cie94(p.white, q.white))
  }
}

// MARK: - LabCache

/// The Lab pairs of recently seen pixels, so that the cube roots of a colour are taken once however many
/// pixels share it (rendered images are mostly flat colours): a direct-mapped table of `LabCache.size`
/// entries, allocated once per comparison, never per pixel. A class, so that a comparer can fill it from
/// its non-mutating `classify`; used by one thread at a time.
final class LabCache {
  static let size = 4096
  private let keys: UnsafeMutablePointer<UInt32>
  private let filled: UnsafeMutablePointer<Bool>
  private let values: UnsafeMutablePointer<(black: LabDeltaE.Lab, white: LabDeltaE.Lab)>
  private let table: UnsafeMutablePointer<Double>

  init() {
    keys = .allocate(capacity: Self.size)
    keys.initialize(repeating: 0, count: Self.size)
    filled = .allocate(capacity: Self.size)
    filled.initialize(repeating: false, count: Self.size)
    let zero = LabDeltaE.Lab(l: 0, a: 0, b: 0)
    values = .allocate(capacity: Self.size)
    values.initialize(repeating: (zero, zero), count: Self.size)
    table = .allocate(capacity: LabDeltaE.contributions.count)
    _ = UnsafeMutableBufferPointer(start: table, count: LabDeltaE.contributions.count)
      .initialize(from: LabDeltaE.contributions)
  }

  deinit {
    keys.deallocate()
    filled.deallocate()
    values.deallocate()
    table.deallocate()
  }

  /// The Lab pair of `p`: from the table when seen recently, computed otherwise.
  @inline(__always)
  func labs(_ p: UInt32) -> (black: LabDeltaE.Lab, white: LabDeltaE.Lab) {
    // Fibonacci hashing spreads nearby colours over the 2^12 slots.
    let slot = Int((p &* 0x9E37_79B1) >> 20)
    if filled[slot] && keys[slot] == p { return values[slot] }
    let value = LabDeltaE.labs(p, table)
    keys[slot] = p
    filled[slot] = true
    values[slot] = value
    return value
  }

  /// The distance between two premultiplied pixels (`LabDeltaE.distance`), 0 when identical.
  @inline(__always)
  func distance(_ p: UInt32, _ q: UInt32) -> Double {
    if p == q { return 0 }
    return LabDeltaE.distance(labs(p), labs(q))
  }
}
