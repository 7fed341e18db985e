import FlipbookJSON
import Foundation
import Testing

@testable import FlipbookScene

/// The scripts' date-times read without ICU: the same moments Foundation's `ISO8601DateFormatter` reads
/// from every valid text, and a refusal where its lenient calendar invented a moment.
@Suite("Script date-times")
struct InternetDateTimeTests {
  @Test(
    "Known moments",
    arguments: [
      ("2026-12-01T01:03:00Z", 1_796_086_980), ("2026-12-01T02:03:00+01:00", 1_796_086_980),
      ("2026-12-01T02:03:00+0100", 1_796_086_980), ("2026-12-01T02:03:00+01", 1_796_086_980),
      ("2026-11-30T20:03:00-05:00", 1_796_086_980), ("2026-12-01T01:03:00z", 1_796_086_980),
      ("1970-01-01T00:00:00Z", 0), ("1969-12-31T23:59:59Z", -1), ("2000-02-29T12:00:00Z", 951_825_600),
      ("1583-01-01T00:00:00Z", -12_212_553_600), ("9999-12-31T23:59:59Z", 253_402_300_799),
    ])
  func known(text: String, seconds: Int) {
    #expect(InternetDateTime.date(from: text) == Date(timeIntervalSince1970: TimeInterval(seconds)))
  }

  @Test("Every one of 2,000 valid date-times is the moment ISO8601DateFormatter reads")
  func agreesWithFoundation() {
    let formatter = ISO8601DateFormatter()
    // A fixed linear congruential sequence: the same 2,000 cases on every run.
    var state: UInt64 = 0x5EED
    func next(_ range: ClosedRange<Int>) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return range.lowerBound + Int((state >> 33) % UInt64(range.count))
    }
    for _ in 0..<2_000 {
      let year = next(InternetDateTime.years)
      let month = next(1...12)
      let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
      let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
      let zone =
        next(0...2) == 0 ? "Z" : String(format: "%@%02d:%02d", next(0...1) == 0 ? "+" : "-", next(0...14), next(0...59))
      let text = String(
        format: "%04d-%02d-%02dT%02d:%02d:%02d%@", year, month, next(1...days), next(0...23), next(0...59),
        next(0...59), zone)
      let ours = InternetDateTime.date(from: text)
      #expect(ours != nil && ours == formatter.date(from: text), "\(text)")
    }
  }

  @Test(
    "Refused: malformed text, days the month lacks, times past the day, fractions",
    arguments: [
      "2026-02-29T00:00:00Z", "2026-04-31T00:00:00Z", "2100-02-29T00:00:00Z", "2026-13-01T00:00:00Z",
      "2026-00-10T00:00:00Z", "2026-12-00T00:00:00Z", "2026-12-01T24:00:00Z", "2026-12-01T23:60:00Z",
      "2026-12-01T23:59:60Z", "2026-12-01T01:03:00", "2026-12-01T01:03:00.5Z", "2026-12-01 01:03:00Z",
      "2026-12-01t01:03:00Z", " 2026-12-01T01:03:00Z", "2026-12-01T01:03:00Z ", "2026-12-1T01:03:00Z",
      "20261201T010300Z", "2026-12-01T01:03Z", "2026-12-01T01:03:00+24:00", "2026-12-01T01:03:00+01:60",
      "2026-12-01T01:03:00+1:00", "2026-12-01T01:03:00UTC", "+2026-12-01T01:03:00Z", "", "1582-12-31T00:00:00Z",
      "0001-01-01T00:00:00Z", "２０２６-12-01T01:03:00Z",
    ])
  func refused(text: String) {
    #expect(InternetDateTime.date(from: text) == nil)
  }

  @Test("A script's impossible date is an error naming its path, not the next day")
  func scriptError() throws {
    let script = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples/scripts/ego/short-pull.json"), encoding: .utf8)
    let bad = script.replacingOccurrences(of: "\"2026-12-01T01:03:00Z\"", with: "\"2026-02-29T01:03:00Z\"")
    #expect(bad != script)
    #expect {
      _ = try GestureScript.decode(Data(bad.utf8))
    } throws: { error in
      (error as? DocumentError)?.description.contains(
        "\"2026-02-29T01:03:00Z\" is not an ISO 8601 date-time such as \"2026-12-01T01:03:00Z\"") == true
    }
  }
}
