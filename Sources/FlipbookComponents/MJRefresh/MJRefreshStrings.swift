import Foundation

// MARK: - MJRefreshStrings

/// MJRefresh's texts in one language, from its bundle's `Localizable.strings`
/// (https://github.com/CoderMJLee/MJRefresh at 5647d82, `MJRefresh/MJRefresh.bundle/<language>.lproj`).
public struct MJRefreshStrings: Hashable, Sendable {
  /// `MJRefreshHeaderIdleText`, `MJRefreshHeaderPullingText`, `MJRefreshHeaderRefreshingText`.
  public var headerIdle, headerPulling, headerRefreshing: String
  /// `MJRefreshAutoFooterIdleText`, `…RefreshingText`, `…NoMoreDataText`.
  public var autoFooterIdle, autoFooterRefreshing, autoFooterNoMoreData: String
  /// `MJRefreshBackFooterIdleText`, `…PullingText`, `…RefreshingText`, `…NoMoreDataText`.
  public var backFooterIdle, backFooterPulling, backFooterRefreshing, backFooterNoMoreData: String
  /// `MJRefreshHeaderLastTimeText` ("Last update: "), `MJRefreshHeaderDateTodayText` ("Today") and
  /// `MJRefreshHeaderNoneLastDateText` ("No record").
  public var lastTime, today, noRecord: String
  /// The BCP 47 tag the labels are drawn in, which picks the CJK glyph forms a device in that language would.
  public var language: String

  /// The six languages MJRefresh ships, by the `.lproj` name a script's `language` gives.
  public static let byLanguage: [String: MJRefreshStrings] = [
    "en": MJRefreshStrings(
      headerIdle: "Pull down to refresh", headerPulling: "Release to refresh", headerRefreshing: "Loading...",
      autoFooterIdle: "Tap or pull up to load more", autoFooterRefreshing: "Loading...",
      autoFooterNoMoreData: "No more data", backFooterIdle: "Pull up to load more",
      backFooterPulling: "Release to load more", backFooterRefreshing: "Loading...",
      backFooterNoMoreData: "No more data", lastTime: "Last update: ", today: "Today", noRecord: "No record",
      language: "en"),
    "ko": MJRefreshStrings(
      headerIdle: "아래로 당겨 새로고침", headerPulling: "놓으면 새로고침", headerRefreshing: "로딩중...",
      autoFooterIdle: "탭 또는 위로 당겨 로드함", autoFooterRefreshing: "로딩중...", autoFooterNoMoreData: "더이상 데이터 없음",
      backFooterIdle: "위로 당겨 더 로드 가능", backFooterPulling: "놓으면 더 로드됨.", backFooterRefreshing: "로딩중...",
      backFooterNoMoreData: "더이상 데이터 없음", lastTime: "마지막 업데이트: ", today: "오늘", noRecord: "기록 없음",
      language: "ko"),
    "ru": MJRefreshStrings(
      headerIdle: "Потяните чтобы обновить", headerPulling: "Отпустите чтобы обновить", headerRefreshing: "Загрузка...",
      autoFooterIdle: "Нажмите или потяните чтобы загрузить еще", autoFooterRefreshing: "Загрузка...",
      autoFooterNoMoreData: "Больше нет данных", backFooterIdle: "Потяните чтобы загрузить еще",
      backFooterPulling: "Отпустите чтобы загрузить еще", backFooterRefreshing: "Загрузка...",
      backFooterNoMoreData: "Больше нет данных", lastTime: "Последнее обновление: ", today: "Сегодня",
      noRecord: "Нет записи", language: "ru"),
    "uk": MJRefreshStrings(
      headerIdle: "Потягніть для оновлення", headerPulling: "Відпустіть для оновлення",
      headerRefreshing: "Завантаження...", autoFooterIdle: "Натисніть або потягніть щоб завантажити ще",
      autoFooterRefreshing: "Завантаження...", autoFooterNoMoreData: "Більше немає даних",
      backFooterIdle: "Потягніть щоб завантажити ще", backFooterPulling: "Відпустіть щоб завантажити ще",
      backFooterRefreshing: "Завантаження...", backFooterNoMoreData: "Більше немає даних",
      lastTime: "Останнє оновлення: ", today: "Сьогодні", noRecord: "Немає запису", language: "uk"),
    "zh-Hans": MJRefreshStrings(
      headerIdle: "下拉可以刷新", headerPulling: "松开立即刷新", headerRefreshing: "正在刷新数据中...",
      autoFooterIdle: "点击或上拉加载更多", autoFooterRefreshing: "正在加载更多的数据...", autoFooterNoMoreData: "已经全部加载完毕",
      backFooterIdle: "上拉可以加载更多", backFooterPulling: "松开立即加载更多", backFooterRefreshing: "正在加载更多的数据...",
      backFooterNoMoreData: "已经全部加载完毕", lastTime: "最后更新：", today: "今天", noRecord: "无记录", language: "zh-Hans"),
    "zh-Hant": MJRefreshStrings(
      headerIdle: "下拉可以刷新", headerPulling: "鬆開立即刷新", headerRefreshing: "正在刷新數據中...",
      autoFooterIdle: "點擊或上拉加載更多", autoFooterRefreshing: "正在加載更多的數據...", autoFooterNoMoreData: "已經全部加載完畢",
      backFooterIdle: "上拉可以加載更多", backFooterPulling: "鬆開立即加載更多", backFooterRefreshing: "正在加載更多的數據...",
      backFooterNoMoreData: "已經全部加載完畢", lastTime: "最後更新：", today: "今天", noRecord: "無記錄", language: "zh-Hant"),
  ]

  /// The bundled English texts, MJRefresh's own default.
  public static let english = byLanguage["en"]!

  /// The last-updated line as `MJRefreshStateHeader`'s `setLastUpdatedTimeKey:` writes it for a refresh saved
  /// at `saved`, seen at `now` in `timeZone` (Gregorian): "Last update: Today HH:mm" when the **day of the month**
  /// matches, "MM-dd HH:mm" when the year does, "yyyy-MM-dd HH:mm" otherwise, and "Last update: No record" when
  /// nothing was saved. MJRefresh compares only the day of the month (`[cmp1 day] == [cmp2 day]`), so a refresh
  /// on 1 November still reads "Today" on 1 December: a quirk of the original, kept.
  public func lastUpdatedText(saved: Date?, now: Date, timeZone: TimeZone) -> String {
    guard let saved else { return lastTime + noRecord }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let then = calendar.dateComponents([.year, .day], from: saved)
    let today = calendar.dateComponents([.year, .day], from: now)
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.calendar = calendar
    formatter.timeZone = timeZone
    let isToday = then.day == today.day
    formatter.dateFormat = isToday ? " HH:mm" : then.year == today.year ? "MM-dd HH:mm" : "yyyy-MM-dd HH:mm"
    return lastTime + (isToday ? self.today : "") + formatter.string(from: saved)
  }
}
