// MARK: - SnapshotPrecision

/// swift-snapshot-testing's two knobs, `precision` and `perceptualPrecision`, judged exactly as its image
/// comparison judges them (pointfreeco/swift-snapshot-testing, `Sources/SnapshotTesting/Snapshotting/UIImage.swift`,
/// `compare` and `perceptuallyCompare`, at 0c2826f2), so tolerances from iOS snapshot suites, lottie-ios's
/// among them, carry over unchanged.
///
/// - Byte-identical images match; images of different pixel sizes never match.
/// - With `perceptualPrecision` below 1, a pixel fails when its `LabDeltaE` distance (CIE94, 0...100) is
///   above `(1 − perceptualPrecision) × 100`, and the images match when `1 − failed / pixels ≥ precision`,
///   all in `Float` as there.
/// - With `perceptualPrecision` 1 and `precision` below 1, swift-snapshot-testing counts changed **bytes**
///   (of the four of each pixel): the images match when no more than `Int((1 − precision) × bytes)` differ.
/// - With both 1, any changed byte fails.
///
/// lottie-ios's own snapshot tests use precision 0.985 and perceptual precision 0.97 (0.98 in older
/// versions).
public struct SnapshotPrecision: Hashable, Sendable {
  /// The fraction of pixels that must match, 0...1 (swift-snapshot-testing's `precision`).
  public var precision: Float
  /// How close a pixel's colour must be to count as matching, 0...1 (swift-snapshot-testing's
  /// `perceptualPrecision`): 1 − ΔE / 100, so 0.98 lets a pixel move by a ΔE of 2, about what the eye
  /// notices next to the original.
  public var perceptualPrecision: Float

  /// The two knobs, clamped to 0...1 (NaN becomes 1, the strict end); the defaults are
  /// swift-snapshot-testing's own: an exact match.
  public init(precision: Float = 1, perceptualPrecision: Float = 1) {
    self.precision = Self.clamped(precision)
    self.perceptualPrecision = Self.clamped(perceptualPrecision)
  }

  private static func clamped(_ value: Float) -> Float { value.isNaN ? 1 : min(max(value, 0), 1) }

  /// Whether pixels are compared by colour distance; otherwise by bytes.
  public var isPerceptual: Bool { perceptualPrecision < 1 }

  /// The largest ΔE a pixel may have and still match: `(1 − perceptualPrecision) × 100` computed in `Float`
  /// as swift-snapshot-testing does (2.9999971 for 0.97, not 3).
  public var deltaEThreshold: Float { (1 - perceptualPrecision) * 100 }

  /// swift-snapshot-testing's verdict on same-size, not byte-identical images with `failedPixels` of
  /// `totalPixels` above the ΔE threshold and `changedBytes` of their `4 × totalPixels` bytes changed.
  func matches(failedPixels: Int, changedBytes: Int, totalPixels: Int) -> Bool {
    if changedBytes == 0 { return true }
    if precision >= 1 && perceptualPrecision >= 1 { return false }
    if isPerceptual { return matchingFraction(failedPixels: failedPixels, totalPixels: totalPixels) >= precision }
    let byteCount = 4 * totalPixels
    return changedBytes <= Int((1 - precision) * Float(byteCount))
  }

  /// `1 − failed / total` in `Float`: swift-snapshot-testing's "percentage of pixels that match".
  func matchingFraction(failedPixels: Int, totalPixels: Int) -> Float {
    totalPixels == 0 ? 1 : 1 - Float(failedPixels) / Float(totalPixels)
  }
}
