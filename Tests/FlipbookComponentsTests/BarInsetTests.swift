import FlipbookGraphics
import FlipbookLayers
import FlipbookScene
import FlipbookScrolling
import FlipbookTiming
import Foundation
import Testing

@testable import FlipbookComponents

/// APL under the nav-bar example's iOS 7 status and navigation bars (64 pt, the container's `topInset`):
/// the content starts below the bars whatever its length, and the pull is measured from there.
@Suite("APL under a bar")
struct BarInsetTests {
  static let navBar = ExampleScripts.folder("apl").appendingPathComponent("nav-bar-375x667.json")

  /// The nav-bar example: its 3 × 4 rows (594 pt, shorter than the 667 pt screen), or 3 × `rows` rows.
  func scene(rows: Int?) throws -> ScriptScene {
    var text = try String(contentsOf: Self.navBar, encoding: .utf8)
    if let rows { text = text.replacingOccurrences(of: "\"rows\": 4", with: "\"rows\": \(rows)") }
    return try GestureScript.decode(Data(text.utf8))
  }

  @Test("The first frame rests at −64, short content or tall", arguments: [nil, 20])
  func firstFrame(rows: Int?) throws {
    let scene = try scene(rows: rows)
    if rows != nil { #expect(scene.scrollView.contentSize.height > scene.size.height) }
    scene.advance(to: 0)
    #expect(scene.scrollView.contentOffset.y == -64)
    #expect(scene.frameState.contentOffset.y == -64)
  }

  @Test("Pixels of the first frame of tall content: the bars over white, the first header and row below them")
  func firstFramePixels() throws {
    let scene = try scene(rows: 20)
    scene.advance(to: 0)
    let image = try LayerRenderer(scale: scene.scale, background: scene.background).render(scene.root, at: 0)
    let style = scene.table.style
    func probe(_ y: Double) -> String {
      let p = image.pixel(x: Int((scene.size.width - 4) * scene.scale), y: Int(y * scene.scale))
      return Color(red: Double(p.r) / 255, green: Double(p.g) / 255, blue: Double(p.b) / 255, alpha: Double(p.a) / 255)
        .hex
    }
    // Header 0 is 22 pt tall, then row 0.0, 44 pt, its separator in its last half point.
    // The iOS 7 bar (white 0.97 at 0.9) over the scroll view's white: 0.973, 248 of 255. No content yet.
    #expect(probe(10) == "#F8F8F8", "the navigation bar's background behind the status bar")
    #expect(probe(62) == "#F8F8F8", "just above 64: the bar, no header under it")
    #expect(probe(66) == style.headerColor.hex, "the first header starts at 64")
    #expect(probe(85) == style.headerColor.hex)
    #expect(probe(100) == style.rowColor.hex, "the first row, below the header")
    #expect(probe(64 + 22 + 44 - 0.25) == style.separatorColor.hex, "the first row's separator at 129.5 ... 130")
  }

  @Test("The example's pull: progress is measured from −64, and it arms at 90 % of the 64 pt view below the bars")
  func examplePull() throws {
    let scene = try scene(rows: nil)
    let container = try #require(scene.refresh as? PullToRefreshContainer)
    #expect(container.baseTopInset == 64, "the bars' inset, with no topInset in the script")
    var armed: [Double] = []
    var short: [Double] = []
    // While the finger is down (0.2 ... 1.4 s) every tick's progress is the pull below the bars over 64.
    for k in 13...83 {
      scene.advance(to: Double(k) / 60)
      let pull = -scene.scrollView.contentOffset.y - 64
      #expect(abs(container.progress - min(max(pull / aplHeight, 0), 1)) < 1e-9, "at tick \(k)")
      #expect(container.isBeyondThreshold == (pull >= aplThreshold * aplHeight), "at tick \(k)")
      (pull >= aplThreshold * aplHeight ? { armed.append(pull) } : { short.append(pull) })()
    }
    #expect(!armed.isEmpty && !short.isEmpty, "the pull crosses the threshold")
    #expect(short.max()! < 57.6 && armed.min()! >= 57.6)
    scene.advance(to: 1.5)
    #expect(ExampleScripts.trace(container.callbacks) == ["1.400 startAnimating", "1.400 trigger"])
  }

  @Test("An APL container made in Swift rests under the script's bars too, unless it sets its own base")
  func swiftContainer() throws {
    var text = try String(contentsOf: Self.navBar, encoding: .utf8)
    let declared = try #require(text.range(of: #""refresh": {"#))
    let end = try #require(text[declared.upperBound...].range(of: "},"))
    text.removeSubrange(declared.lowerBound..<end.upperBound)
    let scene = try GestureScript.decode(Data(text.utf8)) { _ in PullToRefreshContainer() }
    scene.advance(to: 0)
    #expect(scene.scrollView.contentOffset.y == -64)
    let own = try GestureScript.decode(Data(text.utf8)) { _ in
      let container = PullToRefreshContainer()
      container.baseTopInset = 30
      return container
    }
    #expect(own.scrollView.contentInset.top == 30)
  }

  /// An APL container with a 64 pt bar inset over 2000 pt of content, pulled `overscroll` points below
  /// the bar and let go.
  func pull(overscroll: Double) throws -> APLRig {
    let rig = try APLRig()
    rig.container.baseTopInset = 64
    #expect(rig.scroll.contentOffset.y == -64)
    rig.pull(overscroll: overscroll, from: 0.1, to: 0.6)
    return rig
  }

  @Test("It triggers when 90 % of the refresh view shows below the bar, not before")
  func triggerBelowBar() throws {
    let threshold = aplThreshold * aplHeight
    let short = try pull(overscroll: threshold - 0.25)
    #expect(short.names.first == "cancel")
    #expect(abs(short.container.progress - (threshold - 0.25) / aplHeight) < 1e-9, "progress from the bar")
    let far = try pull(overscroll: threshold + 0.25)
    #expect(far.names.contains("trigger"))
    far.run(to: 1.5)
    #expect(abs(far.scroll.contentOffset.y + 64 + aplHeight) < 1e-9, "refreshing just below the bar")
  }
}
