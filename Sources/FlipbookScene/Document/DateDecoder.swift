import FlipbookComponents
import FlipbookJSON
import Foundation

// MARK: - DateDecoder

/// Dates in documents: a fixed moment (`"2026-12-01T01:03:00Z"`), a time zone by IANA name, and date text, a
/// label's `string` written as a date formatter writes a fixed date:
///
/// ```json
/// {"date": "2026-12-01T01:03:00Z", "locale": "en_US", "timeZone": "UTC", "dateStyle": "short",
///  "timeStyle": "short", "format": "Last Updated: {}"}
/// ```
///
/// `dateFormat` (`"yyyy-MM-dd HH:mm"`) replaces the styles; `format` puts the date where its `{}` is.
enum DateDecoder {
  /// An ISO 8601 date-time with a zone, such as `2026-12-01T01:03:00Z` (`InternetDateTime`).
  static func date(_ c: JSONCursor) throws(DocumentError) -> Date {
    let text = try c.string()
    guard let date = InternetDateTime.date(from: text) else {
      throw c.error("\"\(text)\" is not an ISO 8601 date-time such as \"2026-12-01T01:03:00Z\"")
    }
    return date
  }

  /// An IANA time zone name such as "Asia/Taipei".
  static func timeZone(_ c: JSONCursor) throws(DocumentError) -> TimeZone {
    let name = try c.string()
    guard let zone = TimeZone(identifier: name) else {
      throw c.error("\"\(name)\" is not a time zone (use an IANA name such as \"Asia/Taipei\")")
    }
    return zone
  }

  static let textKeys: Set<String> = ["date", "locale", "timeZone", "dateStyle", "timeStyle", "dateFormat", "format"]

  /// Text: a string, or a date written out (see the type's description).
  static func text(_ c: JSONCursor) throws(DocumentError) -> String {
    guard case .object = c.value else { return try c.string() }
    let m = try c.object(allowing: textKeys)
    guard let dateCursor = m["date"] else { throw c.error("missing key \"date\"") }
    var shown = FormattedDate(date: try date(dateCursor))
    if let l = m["locale"] {
      let identifier = try l.string()
      guard Locale.availableIdentifiers.contains(identifier) else {
        throw l.error(
          "\"\(identifier)\" is not a locale this Foundation has"
            + JSONCursor.choices(for: identifier, among: Locale.availableIdentifiers.sorted()))
      }
      shown.localeIdentifier = identifier
    }
    if let z = m["timeZone"] { shown.timeZone = try timeZone(z) }
    if let s = m["dateStyle"] { shown.dateStyle = try s.choice(FormattedDate.Style.self) }
    if let s = m["timeStyle"] { shown.timeStyle = try s.choice(FormattedDate.Style.self) }
    if let p = m["dateFormat"] {
      for key in ["dateStyle", "timeStyle"] {
        if let style = m[key] { throw style.error("\"\(key)\" does not go with \"dateFormat\"") }
      }
      shown.pattern = try p.string()
    }
    let format = try m["format"].map { c throws(DocumentError) in try c.string() } ?? "{}"
    if let f = m["format"], !format.contains("{}") { throw f.error("the format needs a {} where the date goes") }
    return format.replacingOccurrences(of: "{}", with: shown.text)
  }
}
