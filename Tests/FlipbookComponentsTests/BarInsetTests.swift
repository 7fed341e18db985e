import FlipbookGraphics
import FlipbookLayers
import FlipbookScene
import FlipbookScrolling
import FlipbookTiming
import Foundation
import Testing

@testable import FlipbookComponents

/// APL under a 64 pt navigation bar (`"topInset": 64`): the content starts below the bar whatever its
/// length, and the pull is measured from there.
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
    #expect(scene.scrollState.contentOffset.y == -64)
  }

  @Test("Pixels of the first frame of tall content: white under the bar, the first header and row below it")
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
    #expect(probe(10) == style.backgroundColor.hex, "under the bar: no content")
    #expect(probe(62) == style.backgroundColor.hex, "just above 64: no header yet")
    #expect(probe(66) == style.headerColor.hex, "the first header starts at 64")
    #expect(probe(85) == style.headerColor.hex)
    #expect(probe(100) == style.rowColor.hex, "the first row, below the header")
    #expect(probe(64 + 22 + 44 - 0.25) == style.separatorColor.hex, "the first row's separator at 129.5 ... 130")
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
