import FlipbookGraphics
import FlipbookLayers
import Foundation

// MARK: - BarText

/// A line of text in a bar, centred vertically in the bar as UIKit centres its labels (a `UILabel`
/// centres its line in its frame; the bars' titles and the status bar's items sit on the bar's middle).
enum BarText {
  /// A one-line text layer across `x ..< x + width`, its line box centred in `0 ..< barHeight`.
  static func layer(
    _ string: String, name: String, style: TextStyle, x: Double, width: Double, barHeight: Double
  ) -> TextLayer {
    let text = TextLayer()
    text.name = name
    text.string = string
    text.fontSize = style.size
    text.fontWeight = style.weight
    text.foregroundColor = style.color
    text.alignmentMode = style.alignment
    text.truncationMode = .end
    text.textShadowColor = style.shadowColor
    text.textShadowOffset = style.shadowOffset
    let height = lineHeight(style)
    text.frame = CGRect(x: x, y: (barHeight - height) / 2, width: width, height: height)
    return text
  }

  /// The height of one line in the project's fonts; 1.25 em (what the table's labels assume) when the
  /// fonts cannot be loaded, so that building a scene never fails on text.
  static func lineHeight(_ style: TextStyle) -> Double {
    (try? TextLayout("9:41", style: style).size.height) ?? style.size * 1.25
  }
}
