import FlipbookGraphics
import Foundation

// MARK: - TextLayer

/// A layer that draws a string, modelled on `CATextLayer` (defaults: 36 pt, white, left, not wrapped,
/// no truncation), drawn from the top of its bounds and aligned within their width.
///
/// It also carries `UILabel`'s text shadow (`textShadowColor`, `textShadowOffset`), because the
/// originals' labels (EGO's status and last-updated lines) are UILabels with a hard one-point shadow.
open class TextLayer: Layer {
  /// The text drawn.
  public var string: String = ""
  /// The font family; Inter (Debian's fonts-inter) unless set, so text renders alike on every machine.
  public var fontFamily: String = FontLibrary.latinFamily
  /// The font size in points.
  public var fontSize: Double = 36
  /// CSS weight: 400 regular, 700 bold (`boldSystemFontOfSize:`).
  public var fontWeight: Int = 400
  /// The text's colour.
  public var foregroundColor: Color = .white
  /// How lines are aligned within the bounds' width.
  public var alignmentMode: TextAlignment = .left
  /// Whether the text wraps to the bounds' width instead of running on one line.
  public var isWrapped = false
  /// Where an ellipsis replaces text that does not fit.
  public var truncationMode: TextTruncation = .none
  /// The text shadow's colour; nil draws no shadow.
  public var textShadowColor: Color?
  /// Where the text shadow falls, in points (a hard shadow, as UILabel's).
  public var textShadowOffset = CGSize(width: 0, height: -1)
  /// The text's language (BCP 47, e.g. "zh-Hant"), which picks regional CJK forms; nil for English.
  /// CATextLayer has none (it takes the attributed string's `kCTLanguageAttributeName`); a UILabel's
  /// text follows the device's language, which this stands for.
  public var language: String?
  /// Whether the font's own kerning applies; CATextLayer has no property for it (its attributed string's
  /// `NSAttributedString.Key.kern` turns it off), see ``TextStyle/kerning``.
  public var kerning = true
  /// Whether standard ligatures apply (`NSAttributedString.Key.ligature`), see ``TextStyle/ligatures``.
  public var ligatures = true

  private var cachedLayout: TextLayout?

  /// An empty text layer with CATextLayer's defaults.
  public override init() { super.init() }

  public required init(layer: Layer) {
    super.init(layer: layer)
    guard let text = layer as? TextLayer else { return }
    string = text.string
    fontFamily = text.fontFamily
    fontSize = text.fontSize
    fontWeight = text.fontWeight
    foregroundColor = text.foregroundColor
    alignmentMode = text.alignmentMode
    isWrapped = text.isWrapped
    truncationMode = text.truncationMode
    textShadowColor = text.textShadowColor
    textShadowOffset = text.textShadowOffset
    language = text.language
    kerning = text.kerning
    ligatures = text.ligatures
    // Lay the source out now (it keeps the result) and share it: presentation copies are made on the
    // simulation thread every frame and rasterized elsewhere, so without this every frame would shape
    // every label again, one thread at a time under Pango's lock.
    cachedLayout = text.string.isEmpty ? nil : (try? text.layout())
  }

  open override class var typeName: String { "text" }

  /// How the text is laid out and drawn; a `Label` adds its line limits.
  open var textStyle: TextStyle {
    var style = TextStyle(
      family: fontFamily, weight: fontWeight, size: fontSize, alignment: alignmentMode,
      truncation: truncationMode, wraps: isWrapped, color: foregroundColor, shadowColor: textShadowColor,
      shadowOffset: textShadowOffset, language: language)
    style.kerning = kerning
    style.ligatures = ligatures
    return style
  }

  /// The laid-out text, reused while string, style and width stay the same (layout is the costly part).
  public func layout() throws(GraphicsError) -> TextLayout {
    let style = textStyle
    if let cached = cachedLayout, cached.text == string, cached.style == style, cached.width == bounds.width {
      return cached
    }
    let fresh = try TextLayout(string, style: style, width: bounds.width)
    cachedLayout = fresh
    return fresh
  }

  /// Where the laid-out text's top-left goes: the top of the bounds, as `CATextLayer` draws.
  open func textOrigin(for layout: TextLayout) -> CGPoint { bounds.origin }

  open override var contentBounds: CGRect {
    guard !string.isEmpty, let layout = try? layout() else { return bounds }
    let offset = textShadowColor == nil ? CGSize.zero : textShadowOffset
    let text = CGRect(origin: textOrigin(for: layout), size: layout.size).offsetBy(dx: layout.left, dy: 0)
    return bounds.union(text).union(text.offsetBy(dx: offset.width, dy: offset.height)).insetBy(dx: -1, dy: -1)
  }

  open override var contentPaintCount: Int { string.isEmpty ? 0 : (textShadowColor == nil ? 1 : 2) }

  open override func drawContent(in canvas: Canvas) throws(GraphicsError) {
    guard !string.isEmpty, bounds.width > 0 else { return }
    let layout = try layout()
    layout.draw(in: canvas, at: textOrigin(for: layout))
  }
}
