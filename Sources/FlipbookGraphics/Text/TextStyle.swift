import Foundation

// MARK: - Text attributes

/// Horizontal alignment of text in its width (`NSTextAlignment`).
public enum TextAlignment: String, CaseIterable, Sendable {
  /// Lines start at the left edge (`NSTextAlignment.left`, the default).
  case left
  /// Lines are centred in the width.
  case center
  /// Lines end at the right edge.
  case right
  /// Wrapped lines but the last are stretched to fill the width.
  case justified
}

/// Where text that does not fit its width loses characters for an ellipsis (`CATextLayerTruncationMode`).
public enum TextTruncation: String, CaseIterable, Sendable {
  /// Text is not truncated: it is clipped or overflows (the default).
  case none
  /// The ellipsis replaces the start: "…end of the text".
  case start
  /// The ellipsis replaces the middle: "start…text".
  case middle
  /// The ellipsis replaces the end: "Start of the…".
  case end
}

/// How text looks: font, size, alignment, truncation, colour, language and an optional shadow (as
/// `UILabel`'s `shadowColor`/`shadowOffset`, a hard copy of the glyphs drawn behind them).
public struct TextStyle: Hashable, Sendable {
  /// A family name from `FontLibrary.families` (Inter; CJK falls back to Noto Sans CJK glyph by glyph).
  public var family: String = FontLibrary.latinFamily
  /// CSS weight, 100 (thin) ... 900 (black); 400 regular, 700 bold.
  public var weight: Int = 400
  /// Whether to use the italic face.
  public var italic: Bool = false
  /// Font size in points.
  public var size: Double = 17
  /// How lines sit horizontally in the layout width.
  public var alignment: TextAlignment = .left
  /// Where text too wide for its width is cut for an ellipsis.
  public var truncation: TextTruncation = .none
  /// Wrap onto several lines at the layout width (`isWrapped`); one line otherwise.
  public var wraps: Bool = false
  /// When wrapping, break lines anywhere (`NSLineBreakByCharWrapping`) rather than between words first.
  public var wrapsAnywhere: Bool = false
  /// When wrapping, at most this many lines (`UILabel.numberOfLines`); 0 for no limit.
  public var lineLimit: Int = 0
  /// When wrapping, only the lines that fit this height (a label's bounds), always at least one.
  public var heightLimit: Double? = nil
  /// The colour the glyphs are filled with.
  public var color: Color = .black
  /// The colour of the hard shadow drawn behind the glyphs; nil for none (`UILabel.shadowColor`).
  public var shadowColor: Color? = nil
  /// `UILabel.shadowOffset`, whose default is (0, -1).
  public var shadowOffset: CGSize = CGSize(width: 0, height: -1)
  /// The text's language as a BCP 47 tag (`"zh-Hant"`, `"zh-Hans"`, `"en"`), or nil for English. It picks
  /// the regional CJK family and forms, as iOS picks PingFang TC or SC (see `CJKFamily`).
  public var language: String? = nil
  /// Whether the font's own kerning applies (OpenType `kern`), as by default on iOS. Off is an attributed
  /// string's `NSAttributedString.Key.kern` set, which Core Text reads as tracking that replaces the font's
  /// kerning ("If this attribute is set to 0.0, no kerning is done at all", `kCTKernAttributeName`).
  public var kerning: Bool = true
  /// Whether standard ligatures apply (OpenType `liga`, `clig`); off is `NSAttributedString.Key.ligature` 0.
  public var ligatures: Bool = true

  /// A style; every argument defaults to a `UILabel`-like 17-point regular black line.
  /// `wrapsAnywhere`, `lineLimit` and `heightLimit` are set on the value afterwards.
  public init(
    family: String = FontLibrary.latinFamily, weight: Int = 400, italic: Bool = false, size: Double = 17,
    alignment: TextAlignment = .left, truncation: TextTruncation = .none, wraps: Bool = false,
    color: Color = .black, shadowColor: Color? = nil, shadowOffset: CGSize = CGSize(width: 0, height: -1),
    language: String? = nil
  ) {
    self.family = family
    self.weight = weight
    self.italic = italic
    self.size = size
    self.alignment = alignment
    self.truncation = truncation
    self.wraps = wraps
    self.color = color
    self.shadowColor = shadowColor
    self.shadowOffset = shadowOffset
    self.language = language
  }
}
