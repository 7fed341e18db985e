import FlipbookGraphics
import FlipbookLayers
import Foundation

// MARK: - BarText

/// A line of text in a bar: a `Label` as tall as the bar, so its line is centred in the bar as UIKit
/// centres its labels (the bars' titles and the status bar's items sit on the bar's middle).
enum BarText {
  /// A one-line label across `x ..< x + width` and the bar's height, truncating at the tail.
  static func layer(
    _ string: String, name: String, style: TextStyle, x: Double, width: Double, barHeight: Double
  ) -> Label {
    let text = Label()
    text.name = name
    text.string = string
    text.fontSize = style.size
    text.fontWeight = style.weight
    text.foregroundColor = style.color
    text.alignmentMode = style.alignment
    text.textShadowColor = style.shadowColor
    text.textShadowOffset = style.shadowOffset
    text.frame = CGRect(x: x, y: 0, width: width, height: barHeight)
    return text
  }
}
