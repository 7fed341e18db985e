// MARK: - PixelCount

/// A side in pixels from geometry (a transformed box, a blurred shadow's reach), which extreme transforms
/// can make huge or NaN. `Int(_:)` would trap on those; this clamps them to a size `ImageLimits.check`
/// then refuses in words ("more than 16384 pixels a side", "sides must be at least 1 pixel").
public enum PixelCount {
  /// One past the longest side `ImageLimits` allows: every larger or infinite side becomes this.
  static let ceiling = Double(ImageLimits.maxSide + 1)

  /// `value` rounded up to a whole number of pixels, clamped to `0...ceiling`; NaN is 0.
  public static func roundingUp(_ value: Double) -> Int {
    let rounded = value.rounded(.up)
    guard rounded > 0 else { return 0 }  // also NaN
    return Int(exactly: min(rounded, ceiling)) ?? 0
  }
}
