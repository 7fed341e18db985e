import FlipbookComponents
import FlipbookJSON
import FlipbookLayers
import Foundation
import Testing

@testable import FlipbookScene

/// A binding's `phases`, and a trigger under the finger (`"when": "whileDragging"`).
@Suite("Custom views: binding phases and triggering while dragging")
struct CustomViewPhasesAndTriggerTests {
  /// A 50 pt view whose bar's opacity follows the pull only while pulling, and whose width always follows it; the
  /// finger pulls 300 pt over 1 s and holds until 1.4 s.
  static func script(trigger: String, phases: String = #""phases": ["idle", "pulling", "armed"],"#) -> Data {
    Data(
      ##"""
      {"viewport": {"width": 320, "height": 480, "scale": 1}, "fps": 60, "duration": 3, "content": {"rows": 12},
       "refresh": {"style": "custom", "trigger": \##(trigger), "updatesWhileRefreshing": true,
         "view": {"height": 50,
           "layers": [{"name": "bar", "bounds": [0, 0, 200, 6], "position": [160, 25], "backgroundColor": "#007AFF"}],
           "bindings": [
             {"layer": "bar", "property": "opacity", "input": "progress", \##(phases) "apply": "set"},
             {"layer": "bar", "property": "transform.scale.x", "input": "pull", "from": [0, 200], "to": [0, 1],
              "apply": "set"}]}},
       "touches": [{"down": 0.2, "up": 1.4, "track": [{"at": 0.2, "y": 0}, {"at": 1.2, "y": 300}, {"at": 1.4, "y": 300}]}]}
      """##.utf8)
  }

  static func bar(_ scene: ScriptScene) throws -> Layer {
    try #require(scene.root.layer(named: "bar"))
  }

  @Test("A binding with phases keeps its last value outside them while the others follow the pull")
  func phases() throws {
    let scene = try GestureScript.decode(Self.script(trigger: #"{"distance": 60}"#))
    scene.advance(to: 1.3)
    let held = try Self.bar(scene).opacity
    #expect(held == 1, "the pull reached progress 1 while pulling")
    scene.advance(to: 1.6)  // released: refreshing, the content going back up to the 50 pt inset
    #expect(scene.frameState.refresh?.state == "refreshing")
    let bar = try Self.bar(scene)
    let control = try #require(scene.refresh as? CustomRefreshControl)
    #expect(bar.opacity == held, "opacity runs in idle, pulling and armed only")
    #expect(control.inputs.progress < 0.9)
    #expect(abs(Double(bar.transform.m11) - control.inputs.pull / 200) < 1e-9, "the width still follows the pull")
  }

  @Test("whileDragging triggers on the scroll that meets the distance, with the finger still down")
  func whileDragging() throws {
    let scene = try GestureScript.decode(Self.script(trigger: #"{"distance": 60, "when": "whileDragging"}"#))
    let control = try #require(scene.refresh as? CustomRefreshControl)
    // The same pull with the release trigger, for the pull at each 1/60 s tick.
    let reference = try GestureScript.decode(Self.script(trigger: #"{"distance": 60}"#))
    var tick = 12  // 0.2 s
    var lastPull = 0.0
    while control.callbacks.first(where: { $0.name == "trigger" }) == nil, tick < 90 {
      tick += 1
      lastPull = -Double(reference.scrollView.contentOffset.y)
      scene.advance(to: Double(tick) / 60)
      reference.advance(to: Double(tick) / 60)
    }
    let trigger = try #require(control.callbacks.first { $0.name == "trigger" })
    #expect(abs(trigger.time - Double(tick) / 60) < 1e-9)
    #expect(lastPull < 60 && -Double(reference.scrollView.contentOffset.y) >= 60, "the first tick at 60 pt")
    #expect(scene.scrollView.isDragging && scene.frameState.refresh?.state == "refreshing")
    #expect(control.callbacks.map(\.name).prefix(2) == ["trigger", "startAnimating"])
  }

  @Test("phases must name phases, at least one, each once")
  func phaseErrors() {
    let cases: [(String, String)] = [
      (
        #""phases": [],"#,
        #"$.refresh.view.bindings[0].phases: name the phases the binding runs in: "idle", "pulling", "armed", "refreshing", "finishing""#
      ),
      (
        #""phases": ["pulling", "pulling"],"#,
        #"$.refresh.view.bindings[0].phases[1]: "pulling" is listed twice"#
      ),
      (
        #""phases": ["refresing"],"#,
        #"$.refresh.view.bindings[0].phases[0]: "refresing" is not one of "idle", "pulling", "armed", "refreshing", "finishing" (did you mean "refreshing"?)"#
      ),
    ]
    for (phases, message) in cases {
      #expect(throws: DocumentError.self) { try GestureScript.decode(Self.script(trigger: "{}", phases: phases)) }
      do {
        _ = try GestureScript.decode(Self.script(trigger: "{}", phases: phases))
      } catch {
        #expect(error.description == message)
      }
    }
  }
}
