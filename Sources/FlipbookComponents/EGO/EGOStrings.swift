import Foundation

// MARK: - EGOStrings

/// The header's texts. English is the original's (`EGORefreshTableHeaderView.m`); Traditional Chinese is seed
/// 000's, the blog post "開源中國iOS用戶端學習——(二)下拉重新整理特效EGOTableViewPullRefresh" (a zh-TW rendering of
/// a Simplified-Chinese post on duxinfeng2010's blog, http://blog.csdn.net/duxinfeng2010); Simplified Chinese is
/// that blog's wording.
public struct EGOStrings: Hashable, Sendable {
  /// The status while pulled less than the threshold.
  public var pull: String
  /// The status once pulled beyond the threshold.
  public var release: String
  /// The status while refreshing.
  public var loading: String
  /// `%@` is replaced by the formatted date.
  public var lastUpdated: String
  /// The locale the date is formatted in.
  public var localeIdentifier: String

  /// The labels' language as a BCP 47 tag ("zh-Hant-TW" for zh_Hant_TW), which picks the Chinese glyph
  /// forms as a device in that locale would.
  public var language: String { localeIdentifier.replacingOccurrences(of: "_", with: "-") }

  /// The languages the header speaks, by script option value.
  public static let byLanguage: [String: EGOStrings] = [
    "en": EGOStrings(
      pull: "Pull down to refresh...", release: "Release to refresh...", loading: "Loading...",
      lastUpdated: "Last Updated: %@", localeIdentifier: "en_US"),
    "zh-Hant": EGOStrings(
      pull: "下拉可以重新整理", release: "鬆開即可重新整理", loading: "載入中", lastUpdated: "最後更新: %@",
      localeIdentifier: "zh_Hant_TW"),
    "zh-Hans": EGOStrings(
      pull: "下拉可以刷新", release: "松开即可刷新", loading: "加载中", lastUpdated: "最后更新: %@",
      localeIdentifier: "zh_Hans_CN"),
  ]

  /// The original's English texts.
  public static let english = byLanguage["en"]!

  /// The last-updated line for `date`, formatted with short date and short time in this locale and
  /// `timeZone`, as EGO's `NSDateFormatter` does (short/short styles since EGO's commit 7e51010). What that gives
  /// is measured with this toolchain's Foundation (ICU) on Linux: en_US "12/1/26, 1:03 AM" with a narrow no-break
  /// space, zh_Hant_TW "2026/12/1 凌晨1:03", zh_Hans_CN "2026/12/1 01:03"; older iOS versions wrote some of these
  /// differently (the manual's Fidelity article).
  public func lastUpdatedLine(for date: Date, timeZone: TimeZone) -> String {
    let shown = FormattedDate(date: date, localeIdentifier: localeIdentifier, timeZone: timeZone)
    return lastUpdated.replacingOccurrences(of: "%@", with: shown.text)
  }
}

// MARK: - LastRefreshStore

/// Where the header keeps its last-updated text, keyed per list — EGO wrote one global
/// `NSUserDefaults` key ("EGORefreshTableView_LastRefresh"), which made every list share one date (the
/// per-screen key MJRefresh users asked for). Components never touch files: the host owns the store.
public final class LastRefreshStore {
  /// EGO's key, used when a list names none.
  public static let defaultKey = "EGORefreshTableView_LastRefresh"
  /// Every saved text by key, for a host to persist.
  public private(set) var values: [String: String] = [:]

  /// A store holding `values`, e.g. what a host read back from disk.
  public init(_ values: [String: String] = [:]) { self.values = values }

  /// Saves `text` under `key`, as the header does when a refresh ends.
  public func set(_ text: String, forKey key: String) { values[key] = text }
  /// The text saved under `key`, if any.
  public func text(forKey key: String) -> String? { values[key] }
}
