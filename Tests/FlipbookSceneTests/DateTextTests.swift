import FlipbookComponents
import FlipbookJSON
import FlipbookLayers
import Foundation
import Testing

@testable import FlipbookScene

/// A label's `string` written as a date formatter writes a fixed date, as EGO's last-updated line.
@Suite("Date text in labels")
struct DateTextTests {
  static func text(_ json: String) throws -> String {
    try DateDecoder.text(JSONCursor(JSONParser.parse(Data(json.utf8)), path: "$.string"))
  }

  @Test(
    "Known values: EGO's line in three locales, a pattern, styles, a zone",
    arguments: [
      (#"{"date": "2026-12-01T01:03:00Z", "format": "Last Updated: {}"}"#, "Last Updated: 12/1/26, 1:03\u{202F}AM"),
      (#"{"date": "2026-12-01T01:03:00Z", "locale": "zh_Hant_TW"}"#, "2026/12/1 凌晨1:03"),
      (#"{"date": "2026-12-01T01:03:00Z", "locale": "zh_Hans_CN"}"#, "2026/12/1 01:03"),
      (#"{"date": "2026-12-01T01:03:00Z", "dateFormat": "yyyy-MM-dd HH:mm"}"#, "2026-12-01 01:03"),
      (#"{"date": "2026-12-01T01:03:00Z", "timeZone": "Asia/Taipei", "dateFormat": "HH:mm"}"#, "09:03"),
      (#"{"date": "2026-12-01T01:03:00Z", "dateStyle": "medium", "timeStyle": "none"}"#, "Dec 1, 2026"),
      (
        #"{"date": "2026-12-01T01:03:00Z", "dateStyle": "long", "timeStyle": "none", "locale": "de_DE"}"#,
        "1. Dezember 2026"
      ),
      (#""plain""#, "plain"),
    ])
  func knownValues(json: String, expected: String) throws {
    #expect(try Self.text(json) == expected)
  }

  @Test("EGO's built-in line is the same text: one formatter owns both")
  func sameAsEGO() throws {
    let line = EGOStrings.english.lastUpdatedLine(
      for: Date(timeIntervalSince1970: 1_796_086_980), timeZone: TimeZone(identifier: "UTC")!)
    #expect(try Self.text(#"{"date": "2026-12-01T01:03:00Z", "format": "Last Updated: {}"}"#) == line)
  }

  @Test(
    "Errors name the key and list the choices",
    arguments: [
      (
        #"{"date": "yesterday"}"#,
        #"$.string.date: "yesterday" is not an ISO 8601 date-time such as "2026-12-01T01:03:00Z""#
      ),
      (
        #"{"date": "2026-12-01T01:03:00Z", "dateStyle": "shrt"}"#,
        #"$.string.dateStyle: "shrt" is not one of "none", "short", "medium", "long", "full" (did you mean "short"?)"#
      ),
      (
        #"{"date": "2026-12-01T01:03:00Z", "dateFormat": "HH", "timeStyle": "short"}"#,
        #"$.string.timeStyle: "timeStyle" does not go with "dateFormat""#
      ),
      (
        #"{"date": "2026-12-01T01:03:00Z", "format": "Last"}"#,
        "$.string.format: the format needs a {} where the date goes"
      ),
      (#"{"locale": "en_US"}"#, #"$.string: missing key "date""#),
      (
        #"{"date": "2026-12-01T01:03:00Z", "timeZone": "Mars/Olympus"}"#,
        #"$.string.timeZone: "Mars/Olympus" is not a time zone (use an IANA name such as "Asia/Taipei")"#
      ),
    ])
  func errors(json: String, message: String) throws {
    #expect {
      try Self.text(json)
    } throws: { "\($0)" == message }
  }

  @Test("An unknown locale lists the nearest this Foundation has")
  func unknownLocale() throws {
    #expect {
      try Self.text(#"{"date": "2026-12-01T01:03:00Z", "locale": "en_UX"}"#)
    } throws: { error in
      let text = "\(error)"
      return text.hasPrefix(#"$.string.locale: "en_UX" is not a locale this Foundation has (did you mean"#)
        && text.contains("nearest of")
    }
  }
}
