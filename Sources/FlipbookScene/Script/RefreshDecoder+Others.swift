import FlipbookComponents
import FlipbookGraphics
import FlipbookJSON
import Foundation

extension RefreshDecoder {
  /// The styles other than EGO's, or an unknown style.
  static func others(
    _ style: String, _ cursor: JSONCursor, styleCursor: JSONCursor, viewport: CGSize, layers: LayerDecoder
  ) throws(DocumentError) -> RefreshComponent {
    switch style {
    case "apl": return try apl(cursor, layers: layers)
    case "custom": return try custom(cursor, viewport: viewport, layers: layers)
    case "airplane": return try airplane(cursor, viewport: viewport)
    default:
      throw styleCursor.error("\"\(style)\" is not one of \(styles.map { "\"\($0)\"" }.joined(separator: ", "))")
    }
  }

  /// `{"style": "airplane", "variant": "seed"}`: the airplane view as seed 004 writes it (4 s inset, 6 s of
  /// flight, redrawn while refreshing), or `"book"` for the RW book's code (0.3 s, ends 4 s later, 5 s).
  static func airplane(_ cursor: JSONCursor, viewport: CGSize) throws(DocumentError) -> RefreshComponent {
    let m = try cursor.object(allowing: ["style", "variant"])
    let variant =
      try m["variant"].map { c throws(DocumentError) in try c.choice(AirplaneRefreshView.Variant.self) } ?? .seed
    return AirplaneRefreshView(variant: variant, width: viewport.width)
  }

  /// `{"style": "apl", "enabled": true, "topInset": 0}`: APL's container with its default refresh view,
  /// customised by `didInstall` (`aplPullToRefreshContainer:didInstallPullToRefreshView:`), or with a view
  /// of your own (`"view": {…}`, a new one for every pull, as APL asks its delegate for). `topInset` stands
  /// for the bars above the content (APL's `topLayoutGuide`); a script's `dataLoaded` event calls the
  /// completion handler.
  static func apl(_ cursor: JSONCursor, layers: LayerDecoder) throws(DocumentError) -> RefreshComponent {
    let m = try cursor.object(allowing: ["style", "enabled", "topInset", "view", "didInstall"])
    let container = PullToRefreshContainer()
    if let c = m["enabled"] { container.pullToRefreshEnabled = try c.bool() }
    if let c = m["topInset"] { container.baseTopInset = try c.number(in: 0...500) }
    if let c = m["view"] {
      if let d = m["didInstall"] {
        throw d.error("didInstall customises APL's default view; a view of your own styles itself")
      }
      let design = try RefreshViewDecoder(layers: layers).design(c)
      container.useRefreshViews { width in DesignedRefreshView(design: design, width: width) }
    }
    if let c = m["didInstall"] { container.didInstallRefreshView = try aplDidInstall(c) }
    return container
  }
}
