import FlipbookGraphics
import FlipbookLayers
import FlipbookScene
import FlipbookScrolling
import FlipbookTesting
import FlipbookTiming
import Foundation
import Testing

@testable import FlipbookComponents

/// The EGO examples, run as scripts; each test reads the header's trace and presentation at key times.
@Suite("EGO refresh header")
struct EGOTests {
  static let examples = ExampleScripts.folder("ego")

  func load(_ name: String) throws -> (ScriptScene, EGORefreshTableHeaderView) {
    try ExampleScripts.load(name, in: Self.examples, as: EGORefreshTableHeaderView.self)
  }

  /// The first 60 Hz simulation tick at which the finger of `scene`'s first touch has pulled the content
  /// past `distance` points (through the rubber band).
  func firstTick(pastPull distance: Double, in scene: ScriptScene) -> Double {
    let touch = scene.track.touches[0]
    var k = Int((touch.down * 60).rounded(.up))
    while Double(k) / 60 <= touch.up {
      let t = Double(k) / 60
      if RubberBand.offset(distance: touch.translation(at: t), dimension: scene.size.height) > distance { return t }
      k += 1
    }
    return .infinity
  }

  func trace(_ header: EGORefreshTableHeaderView) -> [String] { ExampleScripts.trace(header.callbacks) }

  @Test("Full refresh: normal → pulling past 65 pt, trigger before loading on release, normal when data arrives")
  func fullRefresh() throws {
    let (scene, header) = try load("full-refresh.json")
    scene.advance(to: 4.5)
    let pulling = firstTick(pastPull: EGOMetrics.triggerDistance, in: scene)
    #expect(
      trace(header) == [
        "0.000 state normal", String(format: "%.3f state pulling", pulling), "1.400 didTriggerRefresh",
        "1.400 state loading", "3.400 dataLoaded",
        "3.400 state normal",
      ])
    #expect(header.egoState == .normal && scene.scrollView.contentOffset.y == 0)
  }

  @Test("The arrow flips to a half turn over 0.18 s on the default curve, clockwise")
  func flip() throws {
    let (scene, header) = try load("full-refresh.json")
    let pulling = firstTick(pastPull: EGOMetrics.triggerDistance, in: scene)
    let mid = pulling + EGOMetrics.flipDuration / 2
    scene.advance(to: mid)
    let arrow = try #require(scene.root.presentation(at: mid).layer(named: "arrowImage"))
    let angle = AnimationKeyPath<Double>.rotationZ.value(of: arrow)
    #expect(abs(angle - TimingFunction.default.value(at: 0.5) * .pi) < 1e-6)
    scene.advance(to: pulling + EGOMetrics.flipDuration)
    let done = AnimationKeyPath<Double>.rotationZ.value(of: scene.root.presentation().layer(named: "arrowImage")!)
    #expect(abs(abs(done) - .pi) < 1e-9)
    _ = header
  }

  @Test("Loading: the arrow hides at once, the spinner steps every 1/12 s, the inset goes to 60 over 0.2 s")
  func loading() throws {
    let (scene, header) = try load("full-refresh.json")
    scene.advance(to: 1.5)
    let shown = scene.root.presentation(at: 1.5)
    #expect(shown.layer(named: "arrowImage")?.isHidden == true)
    #expect(shown.layer(named: "activityView")?.isHidden == false)
    // Inset 0 → 60 in a 0.2 s easeInEaseOut block from 1.4 s: halfway at 1.5 s.
    #expect(abs(scene.scrollView.presentationInset.top - 30) < 1e-9)
    // The spinner's wheel has stepped 1 spoke per 1/12 s since loading began at 1.4 s.
    scene.advance(to: 1.9)
    let wheel = try #require(scene.root.presentation(at: 1.9).layer(named: "spokes"))
    let steps = AnimationKeyPath<Double>.rotationZ.value(of: wheel) / (2 * .pi / 12)
    #expect(abs(steps - 6) < 1e-6)
    scene.advance(to: 3)
    #expect(scene.scrollView.contentOffset.y == -60 && scene.scrollView.contentInset.top == 60)
    #expect(header.state == "loading")
  }

  @Test("A pull that stops short of 65 pt springs back without loading")
  func shortPull() throws {
    let (scene, header) = try load("short-pull.json")
    scene.advance(to: 2)
    #expect(trace(header) == ["0.000 state normal"], "only the original's harmless first setState(normal)")
    #expect(header.egoState == .normal && scene.scrollView.contentOffset.y == 0)
  }

  @Test("Data arriving during the 0.2 s inset animation does not leave the header stuck loading (EGO #23)")
  func earlyFinish() throws {
    let (scene, header) = try load("early-finish.json")
    scene.advance(to: 2.5)
    #expect(
      trace(header) == [
        "0.000 state normal", trace(header)[1], "1.400 didTriggerRefresh", "1.400 state loading", "1.500 dataLoaded",
        "1.500 state normal",
      ])
    #expect(header.egoState == .normal)
    #expect(scene.scrollView.contentOffset.y == 0 && scene.scrollView.contentInset.top == 0)
  }

  @Test("A second pull while loading moves the inset with the content and does not trigger again")
  func secondPull() throws {
    let (scene, header) = try load("second-pull.json")
    scene.advance(to: 2.7)
    // While loading, EGO sets the top inset to min(max(−offset, 0), 60) on every scroll.
    let offset = Double(scene.scrollView.contentOffset.y)
    let expected = min(max(-offset, 0), 60)
    let inset = scene.scrollView.contentInset.top
    #expect(offset < -60, "the second pull has the content below the loading inset")
    #expect(inset == expected)
    scene.advance(to: 5)
    #expect(header.callbacks.filter { $0.name == "didTriggerRefresh" }.count == 1)
    #expect(header.egoState == .normal)
  }

  @Test("Traditional Chinese strings and a Taipei date on a 375x667 screen")
  func zhHant() throws {
    let (scene, header) = try load("zh-hant-375x667.json")
    #expect(header.statusLabel.string == "下拉可以重新整理")
    // 01:03 UTC is 09:03 in Taipei: 上午 (morning) in CLDR's flexible day periods.
    #expect(header.lastUpdatedLabel.string == "最後更新: 2026/12/1 上午9:03")
    // EGO sizes its header by the table's bounds: 647 pt below the example's iOS 6 status bar.
    #expect(header.frame == CGRect(x: 0, y: -647, width: 375, height: 647))
    // The labels speak the strings' language, so their Chinese takes Taiwan's forms (Noto Sans CJK TC).
    #expect(header.statusLabel.language == "zh-Hant-TW" && header.lastUpdatedLabel.language == "zh-Hant-TW")
    scene.advance(to: 1.2)
    #expect(header.statusLabel.string == "鬆開即可重新整理")
  }

  @Test(
    "Dates as NSDateFormatter's short/short styles give them (measured with Foundation on Linux)",
    arguments: [
      ("en", "Last Updated: 12/1/26, 1:03\u{202F}AM"), ("zh-Hant", "最後更新: 2026/12/1 凌晨1:03"),
      ("zh-Hans", "最后更新: 2026/12/1 01:03"),
    ])
  func dates(language: String, expected: String) throws {
    let strings = try #require(EGOStrings.byLanguage[language])
    let date = Date(timeIntervalSince1970: 1_796_086_980)  // 2026-12-01 01:03 UTC
    #expect(strings.lastUpdatedLine(for: date, timeZone: TimeZone(identifier: "UTC")!) == expected)
  }

  @Test("The last-updated text is kept per list")
  func store() throws {
    let store = LastRefreshStore()
    let date = Date(timeIntervalSince1970: 1_796_086_980)
    _ = try EGORefreshTableHeaderView(width: 320, height: 480, now: date, store: store, storeKey: "inbox")
    _ = try EGORefreshTableHeaderView(
      width: 320, height: 480, now: date.addingTimeInterval(3600), store: store, storeKey: "outbox")
    #expect(store.text(forKey: "inbox") == "Last Updated: 12/1/26, 1:03\u{202F}AM")
    #expect(store.text(forKey: "outbox") == "Last Updated: 12/1/26, 2:03\u{202F}AM")
  }

  @Test("The header's states, as pictures")
  func snapshots() throws {
    let script = SnapshotDocument.file(Self.examples.appendingPathComponent("full-refresh.json").path)
    // Normal, pulling (arrow up), loading (spinner): the iOS 6 status bar and the header region, at 1x.
    for (time, name) in [(0.5, "normal"), (1.3, "pulling"), (2.5, "loading")] {
      assertSnapshot(of: script, as: Self.header(at: time, height: 110), named: name)
    }
  }

  /// The top `height` points of the screen at `time`, at 1x.
  static func header(at time: Double, height: Int = 90) -> Snapshotting<SnapshotDocument, Image> {
    Snapshotting<SnapshotDocument, Image>.frame(at: time, scale: 1).croppedTop(height)
  }
}

extension Snapshotting where Value == SnapshotDocument, Format == Image {
  /// The same strategy keeping only the top `pixels` rows of each image (at 1x, points are pixels).
  func croppedTop(_ pixels: Int) -> Snapshotting { cropped(pixels, fromBottom: false) }

  /// The same strategy keeping only the bottom `pixels` rows of each image, where a footer shows.
  func croppedBottom(_ pixels: Int) -> Snapshotting { cropped(pixels, fromBottom: true) }

  private func cropped(_ pixels: Int, fromBottom: Bool) -> Snapshotting {
    let snapshot = self.snapshot
    return Snapshotting(pathExtension: pathExtension, diffing: diffing) { value in
      let image = try snapshot(value)
      let y = fromBottom ? pixels - image.height : 0
      return try Image.drawing(pixelWidth: image.width, pixelHeight: pixels, scale: 1) { canvas throws(GraphicsError) in
        canvas.draw(image, in: CGRect(x: 0, y: y, width: image.width, height: image.height), filter: .nearest)
      }
    }
  }
}
