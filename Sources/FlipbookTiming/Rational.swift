// MARK: - Rational

/// An exact fraction of two integers, for times that must compare exactly: frame *i* of a render at
/// `T0 + i/N`, a simulation tick at `n/60`, a preview delay of `7/60` s.
///
/// Float sums drift (`0.35 + 3/60` is `0.39999999999999997`, one ulp before the tick at `0.4`), so times
/// are kept as fractions and turned into seconds only where a physics formula needs them. `seconds` is the
/// correctly rounded value of the fraction, so one instant always becomes the same `Double`, whatever sum
/// it was reached by.
///
/// Always reduced, with a positive denominator. Arithmetic runs in 128 bits and is exact whenever the
/// reduced result fits 64 bits; beyond that (never for times, rates and counts the CLI accepts) the result
/// is the nearest fraction that fits, saturating at ±`Int64.max`, so no operation ever traps.
public struct Rational: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The numerator, carrying the sign; reduced against the denominator.
  public let numerator: Int64
  /// Always positive.
  public let denominator: Int64

  /// 0, where a timeline starts.
  public static let zero = Rational(0)
  /// 1, e.g. one second, or the whole of a fraction of progress.
  public static let one = Rational(1)

  /// `numerator/denominator`, reduced; nil when `denominator` is 0.
  public init?(_ numerator: Int64, _ denominator: Int64) {
    guard denominator != 0 else { return nil }
    self.init(reducing: Int128(numerator), Int128(denominator))
  }

  /// A whole number.
  public init(_ integer: Int) {
    numerator = Int64(integer)
    denominator = 1
  }

  /// Reduces a 128-bit fraction (denominator not 0), approximating it when it does not fit 64 bits.
  init(reducing numerator: Int128, _ denominator: Int128) {
    var n = numerator
    var d = denominator
    if d < 0 {
      n = -n
      d = -d
    }
    let divisor = Self.gcd(n.magnitude, d.magnitude)
    if divisor > 1 {
      n /= Int128(divisor)
      d /= Int128(divisor)
    }
    if let small = Int64(exactly: n), let smallDenominator = Int64(exactly: d) {
      self.numerator = small
      self.denominator = smallDenominator
    } else {
      self = Self.nearest(n, d, maxDenominator: Int128(Int64.max))
    }
  }

  private init(unchecked numerator: Int64, _ denominator: Int64) {
    self.numerator = numerator
    self.denominator = denominator
  }

  /// The exact value of a decimal that was written as text and parsed into a `Double` (a JSON number, a
  /// `--from 0.35`): the shortest decimal that reads back as `value` (Swift's `description`), as a
  /// fraction, so `0.35` becomes `7/20` and not the binary `0.34999999999999997779…`. Nil for a
  /// non-finite value; a decimal with more than 18 significant places is approximated.
  public init?(decimal value: Double) {
    guard value.isFinite else { return nil }
    if let whole = Int64(exactly: value) {
      self.init(unchecked: whole, 1)
      return
    }
    guard let parsed = Self.parseDecimal(value.description) else { return nil }
    self = parsed
  }

  /// "-12.345e-6" → a fraction: digits over a power of ten.
  private static func parseDecimal(_ text: String) -> Rational? {
    var mantissa = Substring(text)
    var exponent = 0
    if let e = mantissa.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      guard let parsed = Int(mantissa[mantissa.index(after: e)...]) else { return nil }
      exponent = parsed
      mantissa = mantissa[..<e]
    }
    let negative = mantissa.hasPrefix("-")
    if negative { mantissa = mantissa.dropFirst() }
    var digits: Int128 = 0
    var significant = 0
    for character in mantissa {
      if character == "." { continue }
      guard let digit = character.wholeNumberValue else { return nil }
      if character != "0" || significant > 0 { significant += 1 }
      if significant > 36 { return nil }
      digits = digits * 10 + Int128(digit)
    }
    if let dot = mantissa.firstIndex(of: ".") {
      exponent -= mantissa.distance(from: mantissa.index(after: dot), to: mantissa.endIndex)
    }
    guard (-36...36).contains(exponent) else { return nil }
    var power: Int128 = 1
    for _ in 0..<abs(exponent) { power *= 10 }
    let signed = negative ? -digits : digits
    return exponent >= 0 ? Rational(reducing: signed * power, 1) : Rational(reducing: signed, power)
  }

  /// The nearest `Double` to the fraction (one correctly rounded division when both parts are exact in a
  /// `Double`, as every time here is).
  public var seconds: Double { Double(numerator) / Double(denominator) }

  /// The largest whole number not above the fraction.
  public var floor: Int64 {
    let quotient = numerator / denominator
    return numerator % denominator < 0 ? quotient - 1 : quotient
  }

  /// The smallest whole number not below the fraction.
  public var ceiling: Int64 { -Rational(unchecked: -numerator, denominator).floor }

  /// The nearest whole number, halves rounded up (towards +∞).
  public var rounded: Int64 { (self + Rational(unchecked: 1, 2)).floor }

  /// "7/60", or "2" for a whole number.
  public var description: String { denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)" }

  // MARK: Arithmetic

  /// The exact sum (nearest representable fraction beyond 64 bits; see the type's note).
  public static func + (a: Rational, b: Rational) -> Rational {
    Rational(
      reducing: Int128(a.numerator) * Int128(b.denominator) + Int128(b.numerator) * Int128(a.denominator),
      Int128(a.denominator) * Int128(b.denominator))
  }

  /// The exact difference.
  public static func - (a: Rational, b: Rational) -> Rational { a + Rational(unchecked: -b.numerator, b.denominator) }

  /// The exact product: `index * period` is frame *i*'s time with no drift.
  public static func * (a: Rational, b: Rational) -> Rational {
    Rational(
      reducing: Int128(a.numerator) * Int128(b.numerator), Int128(a.denominator) * Int128(b.denominator))
  }

  /// Nil when dividing by zero.
  public static func / (a: Rational, b: Rational) -> Rational? {
    guard b.numerator != 0 else { return nil }
    return Rational(
      reducing: Int128(a.numerator) * Int128(b.denominator), Int128(a.denominator) * Int128(b.numerator))
  }

  public static func < (a: Rational, b: Rational) -> Bool {
    Int128(a.numerator) * Int128(b.denominator) < Int128(b.numerator) * Int128(a.denominator)
  }

  // MARK: Approximation

  /// The fraction nearest to `self` whose numerator and denominator are at most `maxNumerator` and
  /// `maxDenominator` in size (a best rational approximation, from the continued fraction's convergents
  /// and semiconvergents); nil when even the nearest whole number is beyond `maxNumerator`.
  public func approximated(maxNumerator: Int64, maxDenominator: Int64) -> Rational? {
    if numerator.magnitude <= maxNumerator.magnitude && denominator <= maxDenominator { return self }
    return Self.nearest(
      Int128(numerator), Int128(denominator), maxNumerator: Int128(maxNumerator),
      maxDenominator: Int128(maxDenominator))
  }

  /// The best approximation of `n/d` (d > 0) within the bounds, saturating at ±`Int64.max`.
  private static func nearest(_ n: Int128, _ d: Int128, maxDenominator: Int128) -> Rational {
    if let fitting = nearest(n, d, maxNumerator: Int128(Int64.max), maxDenominator: maxDenominator) { return fitting }
    return Rational(unchecked: n < 0 ? -Int64.max : Int64.max, 1)
  }

  /// The best approximation of `n/d` (d > 0) with |numerator| ≤ `maxNumerator` and denominator ≤
  /// `maxDenominator`, or nil when the whole part alone is too large.
  private static func nearest(_ n: Int128, _ d: Int128, maxNumerator: Int128, maxDenominator: Int128) -> Rational? {
    let sign: Int128 = n < 0 ? -1 : 1
    let target = n.magnitude
    // Convergents h/k of the continued fraction of |n|/d, stopped before either part passes its bound;
    // then the best semiconvergent between the last two.
    var (h0, k0, h1, k1): (UInt128, UInt128, UInt128, UInt128) = (0, 1, 1, 0)
    var (p, q) = (target, UInt128(d))
    let (limitH, limitK) = (UInt128(maxNumerator), UInt128(maxDenominator))
    while q != 0 {
      let a = p / q
      let (ah, overflowH) = a.multipliedReportingOverflow(by: h1)
      let (ak, overflowK) = a.multipliedReportingOverflow(by: k1)
      let h2 = overflowH ? UInt128.max : ah.addingReportingOverflow(h0).partialValue
      let k2 = overflowK ? UInt128.max : ak.addingReportingOverflow(k0).partialValue
      if h2 > limitH || k2 > limitK {
        guard k1 > 0 else { return nil }  // the whole part alone is too large
        let steps = min(h1 == 0 ? a : (limitH - h0) / h1, (limitK - k0) / k1)
        let (hs, ks) = (steps * h1 + h0, steps * k1 + k0)
        // Pick whichever of the semiconvergent and the last convergent is closer to target/d.
        let useSemi = steps > 0 && distance(hs, ks, target, UInt128(d)) < distance(h1, k1, target, UInt128(d))
        let (hn, kn) = useSemi ? (hs, ks) : (h1, k1)
        return Rational(unchecked: Int64(sign * Int128(hn)), Int64(kn))
      }
      (h0, h1) = (h1, h2)
      (k0, k1) = (k1, k2)
      (p, q) = (q, p - a * q)
    }
    return Rational(unchecked: Int64(sign * Int128(h1)), Int64(k1))
  }

  /// |h/k − t/d| scaled by d, to choose between two candidates of a best approximation (in floating
  /// point: only the rare fallback for fractions that do not fit uses it).
  private static func distance(_ h: UInt128, _ k: UInt128, _ t: UInt128, _ d: UInt128) -> Double {
    let a = h.multipliedFullWidth(by: d)
    let b = t.multipliedFullWidth(by: k)
    let hd = Double(a.high) * 0x1p128 + Double(a.low)
    let tk = Double(b.high) * 0x1p128 + Double(b.low)
    return abs(hd - tk) / Double(k)
  }

  private static func gcd(_ a: UInt128, _ b: UInt128) -> UInt128 {
    var (x, y) = (a, b)
    while y != 0 { (x, y) = (y, x % y) }
    return x
  }
}
