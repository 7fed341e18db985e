import FlipbookComponents
import FlipbookGraphics
import FlipbookJSON
import Foundation

extension RefreshDecoder {
  /// The styles built elsewhere (APL's container, the airplane view), or an unknown style.
  static func others(_ style: String, _ cursor: JSONCursor, styleCursor: JSONCursor, viewport: CGSize)
    throws(DocumentError)
    -> RefreshComponent
  {
    throw styleCursor.error("\"\(style)\" is not one of \(styles.map { "\"\($0)\"" }.joined(separator: ", "))")
  }
}
