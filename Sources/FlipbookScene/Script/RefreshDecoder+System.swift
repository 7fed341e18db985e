import FlipbookComponents
import FlipbookGraphics
import FlipbookJSON
import Foundation

extension RefreshDecoder {
  /// The looks a `uirefreshcontrol` may ask for; only the modern one is drawn so far.
  static let systemLooks = ["modern", "ios6"]
  /// The keys a `uirefreshcontrol` takes besides `style`.
  static let systemKeys: Set<String> = ["look", "tintColor", "title", "titleColor"]

  /// `{"style": "uirefreshcontrol", "tintColor": "#FF2D55", "title": "Updated just now", "titleColor": "#8E8E93"}`:
  /// the system's refresh control in its modern look. `title` is its `attributedTitle` (Caption1, in
  /// `titleColor`, `labelColor` by default); the trigger distance comes from the scroll view's height.
  static func systemControl(_ cursor: JSONCursor) throws(DocumentError) -> RefreshComponent {
    let m = try cursor.object(allowing: systemKeys.union(["style"]))
    if let c = m["look"] {
      let look = try c.string()
      switch look {
      case "modern": break
      case "ios6":
        throw c.error("the iOS 6 look (the stretching drop) is not drawn yet; leave \"look\" out for the modern one")
      default:
        throw c.error("\"\(look)\" is not one of \(systemLooks.map { "\"\($0)\"" }.joined(separator: ", "))")
      }
    }
    let control = UIRefreshControl()
    if let c = m["tintColor"] { control.tintColor = try LayerDecoder.color(c) }
    if let c = m["titleColor"], m["title"] == nil { throw c.error("titleColor colours the title; give a \"title\"") }
    if let c = m["title"] {
      let text = try c.string()
      var attributes: [NSAttributedString.Key: Any] = [:]
      if let color = m["titleColor"] { attributes[.foregroundColor] = try LayerDecoder.color(color) }
      control.attributedTitle = NSAttributedString(string: text, attributes: attributes)
    }
    return control
  }
}
