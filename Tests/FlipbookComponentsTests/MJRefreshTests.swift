import FlipbookGraphics
import FlipbookLayers
import FlipbookScene
import FlipbookTesting
import FlipbookTiming
import Foundation
import Testing

@testable import FlipbookComponents

/// MJRefresh's header and footers against the numbers of its source (`MJRefreshMetrics`), in its examples and in
/// pixels. The examples' lists sit under iOS 7 bars, so the content rests 64 pt down.
@Suite("MJRefresh")
struct MJRefreshTests {
  static let examples = ExampleScripts.folder("mjrefresh")

  /// `name` run to `time`, or to just after it: a callback's time is a 1/60 s tick, whose shortest decimal can
  /// fall a hair short of the tick itself.
  func run(_ name: String, to time: Double) throws -> (ScriptScene, MJRefreshControl) {
    try ExampleScripts.load(name, in: Self.examples, as: MJRefreshControl.self, to: time + 1e-9)
  }

  /// The time of the first callback named `name`.
  func time(of name: String, in control: MJRefreshControl) throws -> Double {
    try #require(control.callbacks.first { $0.name == name }).time
  }

  @Test(
    "The normal header: pulling past 54 pt, refreshing when let go, the block after the 0.25 s inset, idle at dataLoaded"
  )
  func normalHeader() throws {
    let (scene, control) = try run("normal-header.json", to: 4)
    let names = control.callbacks.map(\.name)
    #expect(names == ["header pulling", "header refreshing", "refreshingBlock", "header idle"])
    let refreshing = try time(of: "header refreshing", in: control)
    #expect(abs(try time(of: "refreshingBlock", in: control) - (refreshing + 0.25)) < 1e-9)
    #expect(try time(of: "header idle", in: control) == 3.0)
    #expect(scene.scrollView.contentInset.top == 64 && scene.scrollView.contentOffset.y == -64)
    // The threshold: pulling as the offset passes −(64 + 54).
    let pulling = try time(of: "header pulling", in: control)
    let (before, _) = try run("normal-header.json", to: pulling - 1.0 / 60)
    #expect(before.scrollView.contentOffset.y >= -118)
    let (at, _) = try run("normal-header.json", to: pulling)
    #expect(at.scrollView.contentOffset.y < -118)
    #expect(control.thresholds.contentOffsetY == -118)
  }

  @Test("The arrow is half way through its 0.25 s turn 0.125 s in: (0.000001 − π)/2, ease-in-out's midpoint")
  func arrowTurn() throws {
    let (_, control) = try run("normal-header.json", to: 4)
    let pulling = try time(of: "header pulling", in: control)
    let (scene, _) = try run("normal-header.json", to: pulling + 0.125)
    let arrow = try #require(scene.root.presentation(at: scene.time).layer(named: "arrowView")).transform
    let angle = (0.000_001 - Double.pi) / 2
    // Within 1e-6: the run stops 1e-9 s past the moment, where the turn moves about 19 rad/s.
    #expect(abs(atan2(arrow.m12, arrow.m11) - angle) < 1e-6)
    let settled = try #require(scene.root.layer(named: "arrowView")).transform
    #expect(abs(settled.m11 - cos(0.000_001 - .pi)) < 1e-12)
  }

  @Test("0.25 s after it begins refreshing the inset is 64 + 54 and the content rests there; half way, half way")
  func insetAfterTrigger() throws {
    let (_, control) = try run("normal-header.json", to: 4)
    let refreshing = try time(of: "header refreshing", in: control)
    let (scene, _) = try run("normal-header.json", to: refreshing + 0.25)
    #expect(scene.scrollView.contentInset.top == 118 && scene.scrollView.presentationContentOffset.y == -118)
    // The release left the content at some offset y0; the 0.25 s ease-in-out is half way at 0.125 s.
    let (start, _) = try run("normal-header.json", to: refreshing)
    let y0 = start.scrollView.presentationContentOffset.y
    let (mid, _) = try run("normal-header.json", to: refreshing + 0.125)
    #expect(abs(mid.scrollView.presentationContentOffset.y - (y0 + (-118 - y0) / 2)) < 1e-6)
  }

  @Test("A pull short of 54 pt does not refresh")
  func shortPull() throws {
    let (scene, control) = try run("short-pull.json", to: 2.5)
    #expect(control.callbacks.isEmpty && scene.scrollView.contentOffset.y == -64)
  }

  static let now = ISO8601DateFormatter().date(from: "2026-12-01T09:41:00Z")!
  static let utc = TimeZone(identifier: "UTC")!

  @Test(
    "The last-updated line by MJRefresh's rules: same day, same year, another year, never, in en and zh-Hant",
    arguments: [
      ("en", "2026-12-01T08:05:00Z", "Last update: Today 08:05"),
      ("en", "2026-07-04T16:30:00Z", "Last update: 07-04 16:30"),
      ("en", "2025-12-24T23:59:00Z", "Last update: 2025-12-24 23:59"),
      ("zh-Hant", "2026-12-01T08:05:00Z", "最後更新：今天 08:05"),
      ("zh-Hant", "2026-07-04T16:30:00Z", "最後更新：07-04 16:30"),
      ("zh-Hant", "2025-12-24T23:59:00Z", "最後更新：2025-12-24 23:59"),
      // The quirk: only the day of the month is compared, so 1 November reads "Today" on 1 December, and
      // so does 1 December of another year.
      ("en", "2026-11-01T07:00:00Z", "Last update: Today 07:00"),
      ("en", "2024-12-01T07:00:00Z", "Last update: Today 07:00"),
    ])
  func lastUpdated(language: String, saved: String, expected: String) throws {
    let strings = try #require(MJRefreshStrings.byLanguage[language])
    let date = try #require(ISO8601DateFormatter().date(from: saved))
    #expect(strings.lastUpdatedText(saved: date, now: Self.now, timeZone: Self.utc) == expected)
  }

  @Test("Never refreshed: \"No record\" in each of the six languages")
  func noRecord() {
    let expected = [
      "en": "Last update: No record", "ko": "마지막 업데이트: 기록 없음", "ru": "Последнее обновление: Нет записи",
      "uk": "Останнє оновлення: Немає запису", "zh-Hans": "最后更新：无记录", "zh-Hant": "最後更新：無記錄",
    ]
    #expect(Set(MJRefreshStrings.byLanguage.keys) == Set(expected.keys))
    for (language, line) in expected {
      #expect(
        MJRefreshStrings.byLanguage[language]?.lastUpdatedText(saved: nil, now: Self.now, timeZone: Self.utc) == line)
    }
  }

  @Test("The zh-Hant state header: its texts, the time in Taipei, and the line rewritten when the refresh ends")
  func stateHeader() throws {
    let (scene, control) = try run("state-header-zh-hant.json", to: 0)
    let header = try #require(control.header)
    #expect(header.kind == .state && scene.root.layer(named: "arrowView") == nil)
    let label = { (name: String) in (scene.root.layer(named: name) as? Label)?.string }
    #expect(label("stateLabel") == "下拉可以刷新" && label("lastUpdatedTimeLabel") == "最後更新：2025-06-30 18:20")
    scene.advance(to: 2.0)
    #expect(label("stateLabel") == "正在刷新數據中...")
    scene.advance(to: 3.5)
    // Saved at the end, 3 s after 09:41 in Taipei.
    #expect(label("stateLabel") == "下拉可以刷新" && label("lastUpdatedTimeLabel") == "最後更新：今天 09:41")
  }

  @Test("automaticallyChangeAlpha: the header's alpha is its pulling percentage, and fades to 0 when the refresh ends")
  func automaticAlpha() throws {
    let (scene, control) = try run("state-header-zh-hant.json", to: 0.5)
    let header = try #require(control.header)
    #expect(header.pullingPercent > 0 && header.pullingPercent < 1 && header.alpha == header.pullingPercent)
    scene.advance(to: 3.2)
    let shown = try #require(scene.root.presentation(at: scene.time).layer(named: "mj_header"))
    #expect(shown.opacity > 0 && shown.opacity < 1 && header.alpha == 0)
  }

  @Test("Layout: the arrow 25 pt left of the widest text; with the time hidden, the state fills the header")
  func layout() throws {
    let (scene, control) = try run("normal-header.json", to: 0)
    let header = try #require(control.header)
    let state = try #require(scene.root.layer(named: "stateLabel") as? Label)
    let time = try #require(scene.root.layer(named: "lastUpdatedTimeLabel") as? Label)
    #expect(state.frame == CGRect(x: 0, y: 0, width: 320, height: 27) && time.frame.minY == 27)
    let widest = max(try state.sizeThatFits(.zero).width, try time.sizeThatFits(.zero).width)
    let arrow = try #require(scene.root.layer(named: "arrowView"))
    #expect(
      arrow.position == CGPoint(x: 160 - (widest / 2 + 25), y: 27) && arrow.bounds.size == CGSize(width: 15, height: 40)
    )
    #expect(header.frame == CGRect(x: 0, y: -54, width: 320, height: 54))
    // The gif example hides the time: the state label fills the header, the images sit left of its text.
    let (gif, _) = try run("gif-header.json", to: 0)
    let gifState = try #require(gif.root.layer(named: "stateLabel") as? Label)
    let images = try #require(gif.root.layer(named: "gifView"))
    #expect(gifState.frame == CGRect(x: 0, y: 0, width: 320, height: 54))
    #expect(images.frame.width == 160 - (try gifState.sizeThatFits(.zero).width) / 2 - 20)
    #expect(images.contentsGravity == .right)
  }

  @Test("The gif header scrubs its idle images by the pull and loops its refreshing ones over 0.8 s")
  func gifHeader() throws {
    let (_, full) = try run("gif-header.json", to: 4)
    let (scene, control) = try run("gif-header.json", to: 0.4)
    let header = try #require(control.header)
    guard case .gif(let images) = header.kind else {
      Issue.record("not a gif header")
      return
    }
    let idle = try #require(images.frames[.idle])
    let index = min(Int((Double(idle.count) * header.pullingPercent).rounded(.down)), idle.count - 1)
    let gif = try #require(scene.root.presentation(at: scene.time).layer(named: "gifView"))
    #expect(gif.contents == idle[index].image)
    // Refreshing: 8 images over 0.8 s, a tenth of a second each, from the moment it begins.
    let refreshing = try time(of: "header refreshing", in: full)
    let frames = try #require(images.frames[.refreshing])
    for k in [0, 3, 7] {
      let t = refreshing + 0.8 + Double(k) * 0.1 + 0.05
      let (later, _) = try run("gif-header.json", to: t)
      #expect(
        later.root.presentation(at: later.time).layer(named: "gifView")?.contents == frames[k].image, "image \(k)")
    }
  }

  @Test("beginRefreshing from a script: MJRefresh's runs the refreshing block, and shows the title set for refreshing")
  func beginRefreshing() throws {
    let (scene, control) = try run("begin-refreshing.json", to: 1.0)
    #expect(ExampleScripts.trace(control.callbacks) == ["0.500 header refreshing", "0.750 refreshingBlock"])
    #expect(scene.scrollView.contentOffset.y == -118)
    #expect((scene.root.layer(named: "stateLabel") as? Label)?.string == "Syncing your inbox...")
  }

  @Test(
    "The back footer arms 44 pt past the end of the content, holds 44 pt while loading, and sits under the new rows")
  func backFooter() throws {
    let (scene, control) = try run("back-footer.json", to: 4)
    #expect(control.callbacks.map(\.name) == ["footer pulling", "footer refreshing", "refreshingBlock", "footer idle"])
    // 20 rows of 44 pt under a 504 pt view: the end shows at offset 880 − 504 − 64 = 312, the footer arms past 356.
    let pulling = try time(of: "footer pulling", in: control)
    let (before, _) = try run("back-footer.json", to: pulling - 1.0 / 60)
    #expect(before.scrollView.contentOffset.y <= 356)
    let (at, _) = try run("back-footer.json", to: pulling)
    #expect(at.scrollView.contentOffset.y > 356)
    let refreshing = try time(of: "footer refreshing", in: control)
    let (loading, _) = try run("back-footer.json", to: refreshing + 0.3)
    #expect(loading.scrollView.contentInset.bottom == 44 && loading.scrollView.contentOffset.y == 356)
    // 10 rows arrived: the footer sits under row 30, and the inset is back.
    #expect(scene.table.rowCount == 30 && scene.scrollView.contentSize.height == 1320)
    #expect(scene.root.layer(named: "mj_footer")?.frame.minY == 1320 && scene.scrollView.contentInset.bottom == 0)
  }

  @Test("The auto footer loads as it comes fully into view (once a drag), and says there is no more data")
  func autoFooter() throws {
    let (scene, control) = try run("auto-footer.json", to: 5.5)
    #expect(
      control.callbacks.map(\.name) == [
        "footer refreshing", "refreshingBlock", "footer idle", "footer refreshing", "refreshingBlock",
        "footer noMoreData",
      ])
    // Fully in view at offset 880 − 568 + 44 = 356 (its 44 pt are in the bottom inset).
    let first = try time(of: "footer refreshing", in: control)
    let (before, _) = try run("auto-footer.json", to: first - 1.0 / 60)
    #expect(before.scrollView.contentOffset.y < 356)
    let (at, _) = try run("auto-footer.json", to: first)
    #expect(at.scrollView.contentOffset.y >= 356)
    #expect(control.state == "noMoreData" && scene.table.rowCount == 31)
    #expect((scene.root.layer(named: "mj_footer")?.layer(named: "stateLabel") as? Label)?.string == "No more data")
  }

  @Test("Bad declarations are one error at their path")
  func errors() throws {
    func error(_ refresh: String, events: String = "[]") -> String {
      let text =
        ##"{"viewport": {"width": 320, "height": 480}, "refresh": "## + refresh + ##", "events": "## + events + "}"
      do {
        _ = try GestureScript.decode(Data(text.utf8), baseDirectory: MJRefreshTests.examples)
        return "no error"
      } catch { return error.description }
    }
    #expect(
      error(##"{"style": "mjrefresh", "header": "fancy"}"##)
        == ##"$.refresh.header: "fancy" is not one of "normal", "state", "gif", "none""##)
    #expect(
      error(##"{"style": "mjrefresh", "language": "fr"}"##)
        == ##"$.refresh.language: "fr" has no MJRefresh strings; the languages are "en", "ko", "ru", "uk", "zh-Hans", "zh-Hant""##
    )
    #expect(
      error(##"{"style": "mjrefresh", "header": "gif", "images": {"idle": [{"file": "frames/missing@2x.png"}]}}"##)
        .hasPrefix("$.refresh.images.idle[0]: ") == true)
    #expect(
      error(##"{"style": "mjrefresh", "header": "gif"}"##)
        == ##"$.refresh: a gif header needs "images" for at least one state"##)
    #expect(
      error(##"{"style": "mjrefresh", "images": {}}"##)
        == ##"$.refresh.images: images belong to a gif header; this one is "normal""##)
    #expect(
      error(##"{"style": "mjrefresh", "footer": {"look": "gif"}}"##)
        == ##"$.refresh.footer.look: gif footers are not drawn yet; use "normal" or "state""##)
    #expect(
      error(##"{"style": "mjrefresh"}"##, events: ##"[{"at": 1, "event": "noMoreData"}]"##)
        == ##"$.events[0].event: "noMoreData" ends an MJRefresh footer's load; this script's refresh has no footer"##)
    #expect(error(##"{"style": "mjrefresh", "header": "none"}"##) == ##"$.refresh: "header": "none" needs a "footer""##)
  }

  @Test(
    "Each example in pixels at 1x, 2x and 3x",
    arguments: [
      ("normal-header", [0.6, 1.1, 2.0]), ("state-header-zh-hant", [0.9, 2.0]), ("gif-header", [0.5, 1.9]),
      ("begin-refreshing", [0.9]), ("back-footer", [1.2, 2.0]), ("auto-footer", [1.5, 5.2]),
    ], [1.0, 2, 3])
  func snapshots(example: (name: String, times: [Double]), scale: Double) throws {
    let script = SnapshotDocument.file(Self.examples.appendingPathComponent("\(example.name).json").path)
    let footer = example.name.hasSuffix("footer")
    // Named <example>-<hundredths of a second>-<scale>, parts the snapshot hygiene check can account for.
    for time in example.times {
      let strategy = Snapshotting<SnapshotDocument, Image>.frame(at: time, scale: scale)
      assertSnapshot(
        of: script, as: footer ? strategy.croppedBottom(Int(200 * scale)) : strategy.croppedTop(Int(200 * scale)),
        named: "\(example.name)-\(Int((time * 100).rounded()))-\(Int(scale))")
    }
  }
}
