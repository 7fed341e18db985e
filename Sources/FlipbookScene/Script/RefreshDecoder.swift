import FlipbookComponents
import FlipbookGraphics
import FlipbookJSON
import FlipbookScrolling
import Foundation

// MARK: - RefreshDecoder

/// Builds a script's refresh component from its `refresh` object: `{"style": "ego", …options}`. Every
/// option is checked: an unknown option, a colour that does not parse or a language with no strings is an
/// error naming the option.
enum RefreshDecoder {
  static let styles = ["none", "ego", "apl", "airplane", "custom", "lottie", "uirefreshcontrol", "mjrefresh"]

  /// `layers` decodes the layers of a custom refresh view (at the script's scale, files beside the script);
  /// `viewport` is the scroll view's size; `barInset` the top inset the script's bars give it, if it has bars.
  static func component(
    _ cursor: JSONCursor?, viewport: CGSize, layers: LayerDecoder, barInset: Double? = nil
  ) throws(DocumentError) -> RefreshComponent? {
    guard let cursor else { return nil }
    guard let styleCursor = cursor.value["style"].map({ JSONCursor($0, path: cursor.path + ".style") }) else {
      throw cursor.error("missing key \"style\"")
    }
    let style = try styleCursor.string()
    switch style {
    case "none":
      _ = try cursor.object(allowing: ["style"])
      return nil
    case "ego":
      return try ego(cursor, viewport: viewport)
    default:
      return try others(
        style, cursor, styleCursor: styleCursor, viewport: viewport, layers: layers, barInset: barInset)
    }
  }

  /// `{"style": "ego", "arrowColor": "blue", "language": "zh-Hant", "timeZone": "Asia/Taipei",
  /// "now": "2026-12-01T01:03:00Z", "lastUpdated": "…", "textColor": "#576C89", "backgroundColor": "#E2E7ED",
  /// "listKey": "inbox"}`
  static func ego(_ cursor: JSONCursor, viewport: CGSize) throws(DocumentError) -> RefreshComponent {
    let m = try cursor.object(allowing: [
      "style", "arrowColor", "language", "timeZone", "now", "lastUpdated", "textColor", "backgroundColor", "listKey",
    ])
    let arrow = try m["arrowColor"].map { c throws(DocumentError) in try c.choice(EGOArrowColor.self) } ?? .blue
    let strings =
      try m["language"].map { c throws(DocumentError) in try language(c, in: EGOStrings.byLanguage) } ?? .english
    var timeZone = TimeZone(identifier: "UTC")!
    if let c = m["timeZone"] { timeZone = try DateDecoder.timeZone(c) }
    let now = try m["now"].map { c throws(DocumentError) in try DateDecoder.date(c) } ?? defaultNow
    let lastUpdated = try m["lastUpdated"].map { c throws(DocumentError) in try DateDecoder.date(c) }
    let text = try m["textColor"].map { c throws(DocumentError) in try LayerDecoder.color(c) } ?? EGOMetrics.textColor
    let background =
      try m["backgroundColor"].map { c throws(DocumentError) in try LayerDecoder.color(c) }
      ?? EGOMetrics.backgroundColor
    let key = try m["listKey"].map { c throws(DocumentError) in try c.string() } ?? LastRefreshStore.defaultKey
    do {
      return try EGORefreshTableHeaderView(
        width: viewport.width, height: viewport.height, arrowColor: arrow, strings: strings, textColor: text,
        backgroundColor: background, timeZone: timeZone, now: now, lastUpdated: lastUpdated, storeKey: key)
    } catch {
      throw cursor.error("\(error)")
    }
  }

  /// The strings a `language` names from `table`, or an error listing the languages there are (`what` names
  /// whose strings they are, when not the component's only ones).
  static func language<Strings>(_ c: JSONCursor, in table: [String: Strings], what: String = "")
    throws(DocumentError) -> Strings
  {
    let language = try c.string()
    guard let found = table[language] else {
      let names = table.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
      throw c.error("\"\(language)\" has no \(what)strings; the languages are \(names)")
    }
    return found
  }

  /// Scripts pin "now" so renders never depend on the clock: 2026-12-01 01:03 UTC unless given.
  static let defaultNow = Date(timeIntervalSince1970: 1_796_086_980)

}
