import Foundation

// MARK: - FormattedDate

/// A fixed date written as `NSDateFormatter` writes it: in a locale and time zone, by date and time styles (EGO's
/// last-updated line is short and short in en_US: "12/1/26, 1:03 AM") or by a pattern (`"yyyy-MM-dd HH:mm"`,
/// MJRefresh's). The text comes from this toolchain's Foundation and its ICU, as a device's comes from its own;
/// the manual's Fidelity article lists where older iOS versions wrote some locales differently.
public struct FormattedDate: Hashable, Sendable {
  /// `NSDateFormatterStyle`'s names.
  public enum Style: String, CaseIterable, Sendable {
    /// Not written.
    case none
    /// `12/1/26`, `1:03 AM` in en_US.
    case short
    /// `Dec 1, 2026`, `1:03:00 AM`.
    case medium
    /// The month's name written out, the time with its zone.
    case long
    /// The weekday too, and the zone's full name.
    case full

    var formatterStyle: DateFormatter.Style {
      switch self {
      case .none: .none
      case .short: .short
      case .medium: .medium
      case .long: .long
      case .full: .full
      }
    }
  }

  /// The moment shown.
  public var date: Date
  /// The locale, `"en_US"`, `"zh_Hant_TW"`.
  public var localeIdentifier: String
  /// The zone the moment is shown in.
  public var timeZone: TimeZone
  /// How the day is written, when there is no `pattern`.
  public var dateStyle: Style
  /// How the time is written, when there is no `pattern`.
  public var timeStyle: Style
  /// A Unicode date pattern (`dateFormat`) used instead of the styles.
  public var pattern: String?

  /// `date` in `localeIdentifier` and `timeZone`, by the styles (EGO's short and short by default) or `pattern`.
  public init(
    date: Date, localeIdentifier: String = "en_US", timeZone: TimeZone = TimeZone(identifier: "UTC")!,
    dateStyle: Style = .short, timeStyle: Style = .short, pattern: String? = nil
  ) {
    self.date = date
    self.localeIdentifier = localeIdentifier
    self.timeZone = timeZone
    self.dateStyle = dateStyle
    self.timeStyle = timeStyle
    self.pattern = pattern
  }

  /// The date as the formatter writes it.
  public var text: String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: localeIdentifier)
    formatter.timeZone = timeZone
    if let pattern {
      formatter.dateFormat = pattern
    } else {
      formatter.dateStyle = dateStyle.formatterStyle
      formatter.timeStyle = timeStyle.formatterStyle
    }
    return formatter.string(from: date)
  }
}
