import CFlipbook
import Foundation

// MARK: - TextLayout

/// Text shaped by Pango with the project's fonts: measure it, then draw it on a canvas.
///
/// Layout is independent of the drawing scale (hinting is off), so a label has the same size and line
/// breaks at 1x, 2x and 3x.
public final class TextLayout {
  /// The text laid out.
  public let text: String
  /// The style it was laid out with.
  public let style: TextStyle
  /// The width the text is aligned, wrapped and truncated in; nil for a single unlimited line.
  public let width: Double?
  /// Where the text's logical box starts, from the layout's left: 0, except for one line that neither
  /// wraps nor truncates and is wider than `width`, which overflows both sides when centred, the left
  /// when right-aligned.
  public let left: Double
  /// The logical size of the laid-out text in points.
  public let size: CGSize
  /// Distance from the top of the layout to the first line's baseline.
  public let baseline: Double
  private let layout: OpaquePointer

  /// Shapes `text` in `style`, aligned, wrapped and truncated in `width` (one unlimited line when nil),
  /// registering the fonts first if needed. Throws when the fonts cannot be configured or the text cannot
  /// be laid out.
  public init(_ text: String, style: TextStyle, width: Double? = nil) throws(GraphicsError) {
    try FontLibrary.ensureConfigured()
    let created: OpaquePointer? = Self.withCStyle(style, width: width) { fb_text_layout_create(text, $0) }
    guard let created else {
      var error = [CChar](repeating: 0, count: 512)
      fb_text_error(&error, error.count)
      throw .font(
        path: style.family,
        reason: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
    layout = created
    var (l, w, h, b) = (0.0, 0.0, 0.0, 0.0)
    fb_text_layout_extents(created, &l, &w, &h, &b)
    self.text = text
    self.style = style
    self.width = width
    self.left = l
    self.size = CGSize(width: w, height: h)
    self.baseline = b
  }

  /// Whether laying out `text` in `style` registers the fallback (CJK) files, if they are not yet: true
  /// for a character the main family's faces for that style lack, or a CJK family asked for by name.
  public static func needsFallbackFonts(_ text: String, style: TextStyle) throws(GraphicsError) -> Bool {
    try FontLibrary.ensureConfigured()
    return withCStyle(style, width: nil) { fb_text_needs_fallback(text, $0) } == 1
  }

  /// `style` as the C layer takes it, valid inside `body`.
  private static func withCStyle<T>(
    _ style: TextStyle, width: Double?, _ body: (UnsafePointer<fb_text_style>) -> T
  ) -> T {
    var cStyle = fb_text_style()
    return FontLibrary.familyList(style.family, language: style.language).withCString { family in
      cStyle.family = family
      cStyle.weight = Int32(min(max(style.weight, 100), 1000))
      cStyle.italic = style.italic ? 1 : 0
      // A CJK family asked for by name is drawn by it, Latin letters too, whether or not an earlier
      // text happened to register its files.
      cStyle.needs_fallback = style.family == FontLibrary.latinFamily ? 0 : 1
      cStyle.size = style.size
      cStyle.alignment = style.alignment.cValue
      cStyle.width = width ?? -1
      let wrap = style.wraps ? (style.wrapsAnywhere ? FB_WRAP_CHARACTERS : FB_WRAP_WORDS) : FB_WRAP_NONE
      cStyle.wrap = Int32(wrap.rawValue)
      cStyle.truncation = style.truncation.cValue
      cStyle.max_lines = Int32(clamping: max(style.lineLimit, 0))
      cStyle.max_height = style.heightLimit ?? -1
      cStyle.no_kerning = style.kerning ? 0 : 1
      cStyle.no_ligatures = style.ligatures ? 0 : 1
      guard let language = style.language else { return body(&cStyle) }
      return language.withCString { language in
        cStyle.language = language
        return body(&cStyle)
      }
    }
  }

  deinit { fb_text_layout_destroy(layout) }

  /// Draws the text with its layout box's top-left at `origin`, its shadow first when it has one.
  public func draw(in canvas: Canvas, at origin: CGPoint, opacity: Double = 1) {
    if let shadow = style.shadowColor, shadow.alpha > 0 {
      canvas.setSource(shadow.multiplyingAlpha(opacity))
      fb_text_layout_draw(layout, canvas.cr, origin.x + style.shadowOffset.width, origin.y + style.shadowOffset.height)
    }
    canvas.setSource(style.color.multiplyingAlpha(opacity))
    fb_text_layout_draw(layout, canvas.cr, origin.x, origin.y)
  }
}

extension TextAlignment {
  var cValue: Int32 {
    let value: fb_alignment =
      switch self {
      case .left: FB_ALIGN_LEFT
      case .center: FB_ALIGN_CENTER
      case .right: FB_ALIGN_RIGHT
      case .justified: FB_ALIGN_JUSTIFIED
      }
    return Int32(value.rawValue)
  }
}

extension TextTruncation {
  var cValue: Int32 {
    let value: fb_truncation =
      switch self {
      case .none: FB_TRUNCATE_NONE
      case .start: FB_TRUNCATE_START
      case .middle: FB_TRUNCATE_MIDDLE
      case .end: FB_TRUNCATE_END
      }
    return Int32(value.rawValue)
  }
}
