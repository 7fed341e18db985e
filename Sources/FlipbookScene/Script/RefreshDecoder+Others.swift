import FlipbookComponents
import FlipbookGraphics
import FlipbookJSON
import Foundation

extension RefreshDecoder {
  /// The styles other than EGO's, or an unknown style.
  static func others(
    _ style: String, _ cursor: JSONCursor, styleCursor: JSONCursor, viewport: CGSize, layers: LayerDecoder,
    barInset: Double? = nil
  ) throws(DocumentError) -> RefreshComponent {
    switch style {
    case "apl": return try apl(cursor, layers: layers, barInset: barInset)
    case "custom": return try custom(cursor, viewport: viewport, layers: layers)
    case "lottie": return try lottie(cursor, viewport: viewport, layers: layers)
    case "airplane": return try airplane(cursor, viewport: viewport)
    case "uirefreshcontrol": return try systemControl(cursor)
    case "mjrefresh": return try mjRefresh(cursor, layers: layers)
    default:
      throw styleCursor.error("\"\(style)\" is not one of \(styles.map { "\"\($0)\"" }.joined(separator: ", "))")
    }
  }

  /// Points as a script writes them: 64, 20.5.
  static func points(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }

  /// `{"style": "airplane", "variant": "seed"}`: the airplane view as seed 004 writes it (4 s inset, 6 s of
  /// flight, redrawn while refreshing), or `"book"` for the RW book's code (0.3 s, ends 4 s later, 5 s). Both
  /// sources are named in `AirplaneMetrics`.
  static func airplane(_ cursor: JSONCursor, viewport: CGSize) throws(DocumentError) -> RefreshComponent {
    let m = try cursor.object(allowing: ["style", "variant"])
    let variant =
      try m["variant"].map { c throws(DocumentError) in try c.choice(AirplaneRefreshView.Variant.self) } ?? .seed
    return AirplaneRefreshView(variant: variant, width: viewport.width)
  }

  /// `{"style": "apl", "enabled": true, "topInset": 0}`: APL's container with its default refresh view,
  /// customised by `didInstall` (`aplPullToRefreshContainer:didInstallPullToRefreshView:`), or with a view
  /// of your own (`"view": {…}`, a new one for every pull, as APL asks its delegate for). `topInset` stands
  /// for the bars above the content (APL's `topLayoutGuide`); a script with `statusBar`/`navigationBar`
  /// takes it from its bars (`barInset`), and a `topInset` that disagrees with them is an error. A
  /// script's `dataLoaded` event calls the completion handler. A `view` with `"style": "lottie"` is a Lottie
  /// header (the keys of the `lottie` style's view), driven by APL's progress, threshold and fade.
  static func apl(_ cursor: JSONCursor, layers: LayerDecoder, barInset: Double? = nil) throws(DocumentError)
    -> RefreshComponent
  {
    let m = try cursor.object(allowing: ["style", "enabled", "topInset", "view", "didInstall"])
    let container = PullToRefreshContainer()
    if let c = m["enabled"] { container.pullToRefreshEnabled = try c.bool() }
    if let barInset { container.baseTopInset = barInset }
    if let c = m["topInset"] {
      let given = try c.number(in: 0...500)
      if let barInset, given != barInset {
        throw c.error(
          "the script's bars put the content \(Self.points(barInset)) pt down (statusBar/navigationBar); \(Self.points(given)) disagrees: leave topInset out, or make it \(Self.points(barInset))"
        )
      }
      container.baseTopInset = given
    }
    if let c = m["view"] {
      if let d = m["didInstall"] {
        throw d.error("didInstall customises APL's default view; a view of your own styles itself")
      }
      if isLottieView(c) {
        let lottieKeys = try c.object(allowing: lottieViewKeys.union(["style"]))
        let design = try lottieDesign(lottieKeys, at: c, layers: layers)
        container.useRefreshViews { width in LottieRefreshView(design: design, width: width) }
      } else {
        let design = try RefreshViewDecoder(layers: layers, host: .aplContainer).design(c)
        container.useRefreshViews { width in DesignedRefreshView(design: design, width: width) }
      }
    }
    if let c = m["didInstall"] { container.didInstallRefreshView = try aplDidInstall(c) }
    return container
  }
}
