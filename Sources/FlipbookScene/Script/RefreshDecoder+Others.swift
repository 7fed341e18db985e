import FlipbookComponents
import FlipbookGraphics
import FlipbookJSON
import Foundation

extension RefreshDecoder {
  /// The styles other than EGO's, or an unknown style.
  static func others(_ style: String, _ cursor: JSONCursor, styleCursor: JSONCursor, viewport: CGSize)
    throws(DocumentError)
    -> RefreshComponent
  {
    switch style {
    case "apl": return try apl(cursor)
    default:
      throw styleCursor.error("\"\(style)\" is not one of \(styles.map { "\"\($0)\"" }.joined(separator: ", "))")
    }
  }

  /// `{"style": "apl", "enabled": true, "topInset": 0}`: APL's container with its default refresh view.
  /// `topInset` stands for the bars above the content (APL's `topLayoutGuide`); a script's `dataLoaded`
  /// event calls the completion handler.
  static func apl(_ cursor: JSONCursor) throws(DocumentError) -> RefreshComponent {
    let m = try cursor.object(allowing: ["style", "enabled", "topInset"])
    let container = PullToRefreshContainer()
    if let c = m["enabled"] { container.pullToRefreshEnabled = try c.bool() }
    if let c = m["topInset"] { container.baseTopInset = try c.number(in: 0...500) }
    return container
  }
}
