import Foundation

// MARK: - InternetDateTime

/// A date-time in the form `ISO8601DateFormatter` reads by default (RFC 3339's: `2026-12-01T01:03:00Z`,
/// `2026-12-01T02:03:00+01:00`), read with integer arithmetic instead.
///
/// Why not the formatter: it opens an ICU date format on first use, which cost a one-frame render of an EGO
/// script about 2 ms of its start-up (perf: a quarter of its time in Swift code) for one fixed format; and
/// ICU's lenient calendar took dates that do not exist (`2026-02-29` became March 1, `24:00:00` the next
/// day) and spaces around the text, where a document should hear what is wrong.
enum InternetDateTime {
  /// Years the Gregorian calendar covers: ICU's calendar, which shows the EGO header's date, is Julian
  /// before October 1582, so an earlier date read here would be shown as another day.
  static let years = 1583...9999

  /// The moment `text` names: `YYYY-MM-DDTHH:MM:SS` and a zone, `Z` (or `z`) or an offset `±HH:MM`,
  /// `±HHMM` or `±HH`; nil for anything else, including a day the month does not have, a year outside
  /// `years`, and fractions of a second (which the formatter's default refuses too).
  static func date(from text: String) -> Date? {
    let bytes = Array(text.utf8)
    guard bytes.count >= 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
      let year = number(bytes, 0, 4), let month = number(bytes, 5, 2), let day = number(bytes, 8, 2),
      let hour = number(bytes, 11, 2), let minute = number(bytes, 14, 2), let second = number(bytes, 17, 2),
      years.contains(year), (1...12).contains(month), (1...daysIn(month: month, of: year)).contains(day), hour < 24,
      minute < 60,
      second < 60, let offset = zoneOffset(bytes[19...])
    else { return nil }
    let days = daysSinceEpoch(year: year, month: month, day: day)
    let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offset
    return Date(timeIntervalSince1970: TimeInterval(seconds))
  }

  /// Seconds east of UTC for `Z`, `±HH:MM`, `±HHMM` or `±HH`.
  private static func zoneOffset(_ zone: ArraySlice<UInt8>) -> Int? {
    let zone = Array(zone)
    if zone == [UInt8(ascii: "Z")] || zone == [UInt8(ascii: "z")] { return 0 }
    guard let sign = zone.first.flatMap({ $0 == UInt8(ascii: "+") ? 1 : $0 == UInt8(ascii: "-") ? -1 : nil }),
      let hours = number(zone, 1, 2), hours < 24
    else { return nil }
    let minutes: Int?
    switch zone.count {
    case 3: minutes = 0
    case 5: minutes = number(zone, 3, 2)
    case 6: minutes = zone[3] == UInt8(ascii: ":") ? number(zone, 4, 2) : nil
    default: minutes = nil
    }
    guard let minutes, minutes < 60 else { return nil }
    return sign * (hours * 3_600 + minutes * 60)
  }

  /// The decimal number in `count` ASCII digits from `start`; nil if any is not a digit.
  private static func number(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int? {
    guard start + count <= bytes.count else { return nil }
    var value = 0
    for byte in bytes[start..<(start + count)] {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return value
  }

  private static func daysIn(month: Int, of year: Int) -> Int {
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
  }

  /// Days from 1970-01-01 to the date in the proleptic Gregorian calendar: whole 400-year eras of
  /// 146,097 days, then the years of the era counted from March, so that February's leap day falls last.
  static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let monthFromMarch = (month + 9) % 12
    let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    // 719,468 days from 0000-03-01 to 1970-01-01.
    return era * 146_097 + dayOfEra - 719_468
  }
}
