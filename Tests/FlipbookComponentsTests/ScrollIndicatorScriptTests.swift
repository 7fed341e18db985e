import FlipbookGraphics
import FlipbookJSON
import FlipbookLayers
import FlipbookScene
import FlipbookScrolling
import Foundation
import Testing

@testable import FlipbookComponents

/// The scroll indicator in rendered frames of gesture scripts, under every refresh component, and the
/// `"scrollIndicator"` key that turns it off.
@Suite("Scroll indicator in scripts")
struct ScrollIndicatorScriptTests {
  /// 40 rows of 44 pt (1760 pt) on a 320 × 480 screen at 2x; the finger drags 300 pt up by 0.6 s and
  /// holds until it lifts at 1.0 s.
  static func script(indicator: Bool? = nil) -> String {
    let key = indicator.map { "\"scrollIndicator\": \($0), " } ?? ""
    return """
      { \(key)"viewport": {"width": 320, "height": 480, "scale": 2}, "duration": 2, "content": {"rows": 40},
        "touches": [{"down": 0.1, "up": 1.0, "track": [{"at": 0.1, "y": 0}, {"at": 0.6, "y": -300}, {"at": 1.0, "y": -300}]}] }
      """
  }

  func frame(_ text: String, at time: Double) throws -> (ScriptScene, Image) {
    let scene = try GestureScript.decode(Data(text.utf8))
    scene.advance(to: time)
    return (scene, try LayerRenderer(scale: scene.scale, background: scene.background).render(scene.root, at: time))
  }

  /// The indicator's pixels are the frame without it under black at 0x59/255.
  func isUnderIndicator(_ with: RGBA8, _ without: RGBA8) -> Bool {
    func dimmed(_ c: UInt8) -> Int { Int((Double(c) * (255 - 0x59) / 255).rounded()) }
    return abs(Int(with.r) - dimmed(without.r)) <= 1 && abs(Int(with.g) - dimmed(without.g)) <= 1
      && abs(Int(with.b) - dimmed(without.b)) <= 1
  }

  @Test("While dragging, the bar darkens 314.5 … 317 pt across and its length down; nothing else changes")
  func pixelsWhileDragging() throws {
    let (scene, on) = try frame(Self.script(), at: 0.8)
    let (_, off) = try frame(Self.script(indicator: false), at: 0.8)
    #expect(scene.scrollView.contentOffset.y == 300 && scene.scrollView.isDragging)
    // 480 of 1760 pt visible: 474 × 480/1760 = 129.27 pt long, 300/1280 of the way down the free track.
    let length = 474 * 480 / 1760.0
    let top = 3 + 300 / 1280 * (474 - length)
    let middle = Int((top + length / 2) * 2)
    for x in [630, 633] {
      #expect(isUnderIndicator(on.pixel(x: x, y: middle), off.pixel(x: x, y: middle)), "x = \(x) px")
      #expect(isUnderIndicator(on.pixel(x: x, y: Int(top * 2) + 6), off.pixel(x: x, y: Int(top * 2) + 6)))
      #expect(
        isUnderIndicator(
          on.pixel(x: x, y: Int((top + length) * 2) - 6), off.pixel(x: x, y: Int((top + length) * 2) - 6)))
    }
    #expect(on.pixel(x: 630, y: middle) != off.pixel(x: 630, y: middle))
    for (x, y) in [(627, middle), (635, middle), (631, Int(top * 2) - 3), (631, Int((top + length) * 2) + 3)] {
      #expect(on.pixel(x: x, y: y) == off.pixel(x: x, y: y), "outside the bar at (\(x), \(y)) px")
    }
  }

  @Test("At rest before the touch, and once faded after it, the frame is the one without an indicator")
  func invisibleAtRestAndAfter() throws {
    for time in [0.05, 1.0 + 0.05 + 0.25 + 0.01] {
      let (_, on) = try frame(Self.script(), at: time)
      let (_, off) = try frame(Self.script(indicator: false), at: time)
      #expect(on == off, "at \(time) s")
    }
    let (scene, _) = try frame(Self.script(), at: 1.0 + 0.05 + 0.125)
    let indicator = try #require(scene.scrollView.verticalScrollIndicator)
    #expect(abs(indicator.layer.presentation(at: scene.time).opacity - 0.5) < 1e-6, "half way through the fade")
  }

  @Test("\"scrollIndicator\": false makes none; true is the default; anything else is one error at its path")
  func key() throws {
    let off = try GestureScript.decode(Data(Self.script(indicator: false).utf8))
    off.advance(to: 0.8)
    #expect(off.scrollView.verticalScrollIndicator == nil && !off.scrollView.showsVerticalScrollIndicator)
    let on = try GestureScript.decode(Data(Self.script(indicator: true).utf8))
    #expect(on.scrollView.showsVerticalScrollIndicator)
    let bad = Self.script().replacingOccurrences(of: "\"viewport\"", with: "\"scrollIndicator\": 1, \"viewport\"")
    #expect {
      try GestureScript.decode(Data(bad.utf8))
    } throws: { error in
      (error as? DocumentError)?.location == "$.scrollIndicator"
    }
    let misspelt = Self.script().replacingOccurrences(
      of: "\"viewport\"", with: "\"scrolIndicator\": false, \"viewport\"")
    #expect {
      try GestureScript.decode(Data(misspelt.utf8))
    } throws: { error in
      (error as? DocumentError)?.description.contains("did you mean \"scrollIndicator\"?") == true
    }
  }

  /// Each component's example, dragging at 1.0 s.
  static let examples = [
    "scripts/ego/full-refresh.json", "scripts/apl/full-refresh.json", "scripts/airplane/full-refresh.json",
    "custom/pull-bar.json", "custom/airplane.json",
  ]

  @Test("Under every refresh component it shows above everything, and nothing else moves", arguments: examples)
  func underComponents(example: String) throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("examples/\(example)")
    let text = try String(contentsOf: url, encoding: .utf8)
    let on = try GestureScript.decode(Data(text.utf8), baseDirectory: url.deletingLastPathComponent())
    let off = try GestureScript.decode(
      Data(text.replacingOccurrences(of: "\"viewport\"", with: "\"scrollIndicator\": false, \"viewport\"").utf8),
      baseDirectory: url.deletingLastPathComponent())
    on.advance(to: 1.0)
    off.advance(to: 1.0)
    #expect(on.scrollView.isDragging)
    let indicator = try #require(on.scrollView.verticalScrollIndicator)
    #expect(on.scrollView.layer.sublayers.last === indicator.layer)
    #expect(indicator.layer.presentation(at: 1.0).opacity == 1)
    let others = on.scrollView.layer.sublayers.dropLast()
    #expect(others.map(\.frame) == off.scrollView.layer.sublayers.map(\.frame))
    #expect(on.frameState == off.frameState)
    #expect(on.refresh?.state == off.refresh?.state)
  }
}
