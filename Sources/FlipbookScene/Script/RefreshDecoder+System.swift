import FlipbookComponents
import FlipbookGraphics
import FlipbookJSON
import Foundation

extension RefreshDecoder {
  /// The keys a `uirefreshcontrol` takes besides `style`.
  static let systemKeys: Set<String> = ["look", "tintColor", "title", "titleColor"]

  /// `{"style": "uirefreshcontrol", "tintColor": "#FF2D55", "title": "Updated just now", "titleColor": "#8E8E93"}`:
  /// the system's refresh control in its modern look. `title` is its `attributedTitle` (Caption1, in
  /// `titleColor`, `labelColor` by default); the trigger distance comes from the scroll view's height.
  /// `"look": "ios6"` is iOS 6's stretching drop instead, which has no title.
  static func systemControl(_ cursor: JSONCursor) throws(DocumentError) -> RefreshComponent {
    let m = try cursor.object(allowing: systemKeys.union(["style"]))
    let look = try m["look"].map { c throws(DocumentError) in try c.choice(UIRefreshControl.Look.self) } ?? .modern
    if look == .ios6, let c = m["title"] ?? m["titleColor"] {
      throw c.error("the iOS 6 look draws no title (ODRefreshControl, which it follows, has none)")
    }
    let control = UIRefreshControl(look: look)
    if let c = m["tintColor"] { control.tintColor = try LayerDecoder.color(c) }
    if let c = m["titleColor"], m["title"] == nil { throw c.error("titleColor colours the title; give a \"title\"") }
    if let c = m["title"] {
      control.setTitle(
        try c.string(), color: try m["titleColor"].map { c throws(DocumentError) in try LayerDecoder.color(c) })
    }
    return control
  }
}
