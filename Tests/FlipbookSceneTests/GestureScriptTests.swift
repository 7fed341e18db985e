import FlipbookGraphics
import FlipbookJSON
import FlipbookLayers
import FlipbookScrolling
import Foundation
import Testing

@testable import FlipbookScene

@Suite("Gesture scripts")
struct GestureScriptTests {
  let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("examples/scripts")

  func decode(_ text: String) throws(DocumentError) -> ScriptScene {
    try GestureScript.decode(Data(text.utf8))
  }

  func message(_ text: String) -> String? {
    do {
      _ = try decode(text)
      return nil
    } catch {
      return error.description
    }
  }

  @Test("The pull example: the finger drags 150 pt, the rubber band shows less, the release bounces home")
  func pull() throws {
    let scene = try GestureScript.load(path: examples.appendingPathComponent("pull.json").path)
    #expect(scene.size == CGSize(width: 320, height: 480) && scene.fps == 60 && scene.duration == 2.5)
    scene.advance(to: 1.2)
    let held = scene.frameState
    #expect(held.dragging)
    // 150 pt of finger past the top of a 480 pt view shows (1 − 1/(150·0.55/480 + 1))·480 pt.
    let banded = (1 - 1 / (150 * 0.55 / 480 + 1)) * 480
    #expect(abs(held.contentOffset.y + banded) < 1e-9)
    scene.advance(to: 1.45)
    #expect(!scene.frameState.dragging && scene.frameState.decelerating)
    scene.advance(to: 2.5)
    #expect(scene.frameState.contentOffset.y == 0 && !scene.frameState.decelerating)
  }

  @Test("Table content: sections, headers and rows stack to the content size")
  func content() throws {
    let scene = try decode(
      ##"{"viewport": {"width": 320, "height": 480}, "content": {"sections": [{"title": "A", "rows": 2}, {"rows": ["x", "y", "z"]}], "rowHeight": 50}}"##
    )
    let height: Double = scene.scrollView.contentSize.height
    #expect(height == 22 + 5 * 50, "one header and five rows")
    #expect(scene.table.sections.map(\.rows) == [["Row 1", "Row 2"], ["x", "y", "z"]])
  }

  @Test("Simulation does not depend on the frame rate: the state at 1 s is the same reached in any steps")
  func steps() throws {
    let coarse = try GestureScript.load(path: examples.appendingPathComponent("fling.json").path)
    let fine = try GestureScript.load(path: examples.appendingPathComponent("fling.json").path)
    coarse.advance(to: 2.5)
    for i in 1...250 { fine.advance(to: Double(i) / 100) }
    #expect(coarse.frameState == fine.frameState)
  }

  @Test(
    "Bad scripts give one line naming where",
    arguments: [
      (##"{"fps": 60}"##, ##"$: missing key "viewport""##),
      (##"{"viewport": {"width": 0, "height": 480}}"##, "$.viewport.width: 0 is out of range 1...4096"),
      (##"{"viewport": {"width": 100000, "height": 480}}"##, "$.viewport.width: 100000 is out of range 1...4096"),
      (
        ##"{"viewport": {"width": 4096, "height": 4096, "scale": 3}}"##,
        "$.viewport: image size 12288x12288 refused: more than 64 megapixels"
      ),
      (##"{"viewport": {"width": 320, "height": 480}, "fps": 0}"##, "$.fps: 0 is out of range 1...240"),
      (##"{"viewport": {"width": 320, "height": 480}, "fps": 10000}"##, "$.fps: 10000 is out of range 1...240"),
      (
        ##"{"viewport": {"width": 320, "height": 480}, "duration": -2}"##, "$.duration: -2 is out of range 0.001...3600"
      ),
      (##"{"viewport": {"width": 320, "height": "NaN"}}"##, "$.viewport.height: expected a number, found a string"),
      (
        ##"{"viewport": {"width": 320, "height": 480}, "content": {"rows": 5, "sections": []}}"##,
        ##"$.content.sections: give either "rows" or "sections", not both"##
      ),
      (
        ##"{"viewport": {"width": 320, "height": 480}, "events": [{"at": 1, "event": "explode"}]}"##,
        ##"$.events[0].event: "explode" is not an event; the events are "dataLoaded", "beginRefreshing", "noMoreData""##
      ),
      (
        ##"{"viewport": {"width": 320, "height": 480}, "refresh": {"style": "fancy"}}"##,
        ##"$.refresh.style: "fancy" is not one of "none", "ego", "apl", "airplane", "custom", "lottie", "uirefreshcontrol", "mjrefresh""##
      ),
      (
        ##"{"viewport": {"width": 320, "height": 480}, "refresh": {"style": "ego", "language": "fr"}}"##,
        ##"$.refresh.language: "fr" has no strings; the languages are "en", "zh-Hans", "zh-Hant""##
      ),
      (
        ##"{"viewport": {"width": 320, "height": 480}, "refresh": {"style": "ego", "textColor": "blue"}}"##,
        ##"$.refresh.textColor: "blue" is not a colour; write #RRGGBB or #RRGGBBAA"##
      ),
      (
        ##"{"viewport": {"width": 320, "height": 480}, "refresh": {"style": "ego", "arrowColour": "blue"}}"##,
        ##"$.refresh.arrowColour: unknown key (did you mean "arrowColor"?); valid here: "arrowColor", "backgroundColor", "language", "lastUpdated", "listKey", "now", "style", "textColor", "timeZone""##
      ),
      (
        ##"{"viewport": {"width": 320, "height": 480}, "touchs": []}"##,
        ##"$.touchs: unknown key (did you mean "touches"?); valid here: "touches", "events", "fps", "$schema", "content", "refresh" (the 6 nearest of 13)"##
      ),
    ])
  func bad(text: String, expected: String) throws {
    #expect(message(text) == expected)
  }
}
