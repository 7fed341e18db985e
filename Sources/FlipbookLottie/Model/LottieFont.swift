// MARK: - LottieFont

/// A font of the file's font list (`fonts.list[]`): what text layers name with `f`.
public struct LottieFont: Hashable, Sendable {
  /// The name text documents use (`fName`).
  public var name: String
  /// The family (`fFamily`).
  public var family: String
  /// The style (`fStyle`: "Regular", "Bold"…).
  public var style: String
  /// The ascent in percent of the size (`ascent`), used to place the first baseline.
  public var ascent: Double

  /// A font description.
  public init(name: String, family: String, style: String, ascent: Double) {
    self.name = name
    self.family = family
    self.style = style
    self.ascent = ascent
  }
}
