import FlipbookGraphics
import Foundation

// MARK: - LineBreakMode

/// How a label breaks and shortens text that does not fit (`NSLineBreakMode`).
public enum LineBreakMode: String, CaseIterable, Sendable {
  /// Wraps at word boundaries.
  case wordWrapping
  /// Wraps at any character.
  case charWrapping
  /// Cuts the text at the label's edge.
  case clipping
  /// Replaces the start of a line that does not fit with an ellipsis.
  case truncatingHead
  /// Replaces the end of a line that does not fit with an ellipsis, UILabel's default.
  case truncatingTail
  /// Replaces the middle of a line that does not fit with an ellipsis.
  case truncatingMiddle

  /// Where an ellipsis goes; wrapping and clipping modes cut the text at the label's edge instead.
  var truncation: TextTruncation {
    switch self {
    case .wordWrapping, .charWrapping, .clipping: .none
    case .truncatingHead: .start
    case .truncatingMiddle: .middle
    case .truncatingTail: .end
    }
  }
}

// MARK: - Label

/// A text layer that lays its text out as `UILabel` does, where `TextLayer` is `CATextLayer`.
///
/// - **Vertical centring.** UILabel draws its lines centred in its frame (`drawTextInRect:` centres the
///   rect `textRectForBounds:limitedToNumberOfLines:` returns); CATextLayer draws from the top. EGO's 20 pt
///   status label with a 13 pt line therefore has its baseline (20 − line height) / 2 lower than a text
///   layer of the same frame would put it.
/// - **Lines.** `numberOfLines` (1 by default; 0 for as many as fit) lines, wrapped at the width between
///   words (anywhere for `.charWrapping`), and never more than fit the bounds' height, at least one.
/// - **Shortening.** `lineBreakMode` (`.truncatingTail` by default) puts the ellipsis at the start, middle
///   or end of the last line shown; the wrapping and clipping modes cut the text at the label's edges.
/// - **Clipping.** A label draws into its own bounds-sized backing store, so nothing it draws — text or
///   shadow — reaches outside its bounds.
///
/// Its defaults are UILabel's: 17 pt system font (Inter here), black, left-aligned, with the shadow
/// offset (0, −1) used when a `textShadowColor` is given. `isWrapped` and `truncationMode` are
/// CATextLayer's; a label follows `numberOfLines` and `lineBreakMode` instead.
open class Label: TextLayer {
  /// `UILabel.numberOfLines`: the most lines drawn; 0 for no limit but the height.
  public var numberOfLines = 1
  /// `UILabel.lineBreakMode`.
  public var lineBreakMode: LineBreakMode = .truncatingTail

  /// UILabel's default font size, `+[UIFont labelFontSize]` (17 pt).
  public static let defaultFontSize = 17.0

  /// An empty label with UILabel's default font size.
  public override init() {
    super.init()
    fontSize = Self.defaultFontSize
    foregroundColor = .black
  }

  public required init(layer: Layer) {
    if let label = layer as? Label {
      numberOfLines = label.numberOfLines
      lineBreakMode = label.lineBreakMode
    }
    super.init(layer: layer)
  }

  open override class var typeName: String { "label" }

  /// The text style with the label's lines: wrapped unless one line, limited to `numberOfLines` and to
  /// the bounds' height, shortened as `lineBreakMode` says.
  open override var textStyle: TextStyle {
    var style = super.textStyle
    style.truncation = lineBreakMode.truncation
    style.wraps = numberOfLines != 1
    style.wrapsAnywhere = lineBreakMode == .charWrapping
    style.lineLimit = max(numberOfLines, 0)
    style.heightLimit = bounds.height
    return style
  }

  /// The text's top: centred in the bounds' height, as UILabel centres its text rect.
  open override func textOrigin(for layout: TextLayout) -> CGPoint {
    CGPoint(x: bounds.minX, y: bounds.minY + (bounds.height - layout.size.height) / 2)
  }

  /// The size the label would need to show all of its text in at most `numberOfLines` lines no wider
  /// than `size.width` (`sizeThatFits:`); a width of 0 or less means no limit.
  public func sizeThatFits(_ size: CGSize) throws(GraphicsError) -> CGSize {
    guard !string.isEmpty else { return .zero }
    var style = textStyle
    style.heightLimit = nil
    let layout = try TextLayout(string, style: style, width: size.width > 0 ? size.width : nil)
    return CGSize(width: layout.size.width.rounded(.up), height: layout.size.height.rounded(.up))
  }

  /// Only its bounds: the backing store clips what is drawn.
  open override var contentBounds: CGRect { bounds }

  open override func drawContent(in canvas: Canvas) throws(GraphicsError) {
    canvas.save()
    defer { canvas.restore() }
    canvas.clip(to: bounds)
    try super.drawContent(in: canvas)
  }
}
