// MARK: - NumberLimits

/// The bound every number read from a document obeys, whatever it stands for; keys with a meaning
/// (times, speeds, sizes) add their own, tighter ranges.
public enum NumberLimits {
  /// Largest magnitude of any document number: a billion points, seconds or degrees is far past any
  /// screen, run or turn, and keeps every sum, product and pixel conversion far from overflow.
  public static let maxMagnitude = 1e9

  /// A number as a message shows it: plainly when it is of a reasonable size, else in exponent form
  /// (`1e+300`), so neither a huge nor a tiny number prints as a wall of digits or a misleading `0`.
  public static func describe(_ n: Double) -> String {
    guard n.isFinite else { return n.isNaN ? "nan" : (n > 0 ? "inf" : "-inf") }
    let magnitude = abs(n)
    return magnitude == 0 || (magnitude >= 1e-6 && magnitude < 1e15) ? JSONValue.format(n) : "\(n)"
  }
}
