// MARK: - Fraction

/// An exact rational number of seconds: APNG delays are stored as a numerator and a denominator, and
/// frame times are `from + index / fps`, so comparing them as doubles would call 1/3 s and 0.333333 s
/// equal (or 1/10 + 2/10 and 3/10 different). Compared by cross-multiplying, never by dividing.
struct Fraction: Equatable, CustomStringConvertible, Sendable {
  let numerator: Int
  /// Always positive.
  let denominator: Int

  /// `numerator / denominator` in lowest terms; the denominator must not be 0.
  init(_ numerator: Int, _ denominator: Int = 1) {
    precondition(denominator != 0, "a fraction's denominator is 0")
    let sign = denominator < 0 ? -1 : 1
    let divisor = Swift.max(Self.gcd(numerator, denominator), 1)
    self.numerator = sign * numerator / divisor
    self.denominator = sign * denominator / divisor
  }

  /// An APNG fcTL delay: `numerator / denominator` seconds, where a denominator of 0 means 100 (the
  /// specification's rule).
  init(delayNumerator: UInt16, delayDenominator: UInt16) {
    self.init(Int(delayNumerator), delayDenominator == 0 ? 100 : Int(delayDenominator))
  }

  /// A number read from JSON that was written with at most six decimals (as the manifest writes times,
  /// `from` and `fps`), as the exact decimal it was written as. Nil for numbers too large to hold.
  init?(decimal value: Double) {
    let scaled = (value * 1_000_000).rounded()
    guard value.isFinite, abs(scaled) < 9e15 else { return nil }
    self.init(Int(scaled), 1_000_000)
  }

  static func == (lhs: Fraction, rhs: Fraction) -> Bool {
    lhs.numerator * rhs.denominator == rhs.numerator * lhs.denominator
  }

  static func + (lhs: Fraction, rhs: Fraction) -> Fraction {
    Fraction(lhs.numerator * rhs.denominator + rhs.numerator * lhs.denominator, lhs.denominator * rhs.denominator)
  }

  static func / (lhs: Fraction, rhs: Fraction) -> Fraction {
    precondition(rhs.numerator != 0, "division by a zero fraction")
    return Fraction(lhs.numerator * rhs.denominator, lhs.denominator * rhs.numerator)
  }

  static let zero = Fraction(0)

  var seconds: Double { Double(numerator) / Double(denominator) }

  /// `1/10`, or `3` when whole.
  var description: String { denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)" }

  private static func gcd(_ a: Int, _ b: Int) -> Int {
    var (x, y) = (abs(a), abs(b))
    while y != 0 { (x, y) = (y, x % y) }
    return x
  }
}
