import FlipbookComponents
import FlipbookGraphics
import FlipbookLayers
import Foundation
import Testing

/// The `on` reactions of a custom view: which moments come when, what a reaction does in which order,
/// and the layers' own animations. The view is 60 pt high and triggers at 65 pt, as EGO's does.
@Suite("Custom refresh view: reactions")
struct CustomReactionTests {
  func script(layers: String, on: String, touches: [String], events: [String] = []) throws -> CustomScript {
    let view = CustomScript.view(height: 60, layers: layers, #""on": \#(on)"#)
    return try CustomScript(
      CustomScript.custom(view: view, #""trigger": {"distance": 65}, "inset": {"height": 60}"#), touches: touches,
      events: events)
  }

  @Test("A cancelled pull, then a full one: beyond, within, idle, beyond, start, stop, idle, in that order")
  func momentOrder() throws {
    let flip = #"{"transaction": {"duration": 0.18}, "set": {"arrow": {"transform": [{"rotate": 180}]}}}"#
    let back = #"{"transaction": {"duration": 0.18}, "set": {"arrow": {"transform": []}}}"#
    let rig = try script(
      layers: #"{"name": "arrow", "frame": [150, 10, 20, 40]}"#,
      on: #"{"beyondThreshold": \#(flip), "withinThreshold": \#(back)}"#,
      touches: [
        CustomScript.pullBack(far: 80, near: 40),
        CustomScript.hold(pull: 80, down: 2.5, reach: 2.9, up: 3.3),
      ],
      events: [CustomScript.dataLoaded(at: 4)])

    rig.scene.advance(to: 0.6)
    #expect(rig.moments == ["beyondThreshold"], "80 pt pulled")
    // The flip runs in its 0.18 s transaction: the arrow is a standalone layer, so it animates.
    let arrow = try rig.model("arrow")
    let flipping = try #require(arrow.animation(forKey: "transform") as? BasicAnimation<Transform3D>)
    #expect(flipping.timing.duration == 0.18)
    #expect(abs(arrow.transform.m11 + 1) < 1e-12, "turned half way round")

    rig.scene.advance(to: 6)
    #expect(
      rig.moments == [
        "beyondThreshold", "withinThreshold", "idle", "beyondThreshold", "startAnimating", "stopAnimating", "idle",
      ])
    let times = rig.view.moments.map(\.time)
    #expect(times[4] == 3.3 && times[5] == 4, "the lift, then the data")
    #expect(abs(times[6] - 4.3) < 1e-9, "idle once the 0.3 s retraction is over")
    #expect(times == times.sorted())
  }

  @Test("A reaction removes, then sets, then adds, whatever order its JSON gives them in")
  func changeOrder() throws {
    let rig = try script(
      layers: #"""
        {"name": "dot", "frame": [0, 0, 10, 10],
         "animations": [{"key": "spin", "keyPath": "transform.rotation.z", "to": 6.28, "duration": 1, "repeatCount": "infinity"}]}
        """#,
      on: #"""
        {"startAnimating": {
          "add": {"dot": [{"key": "spin", "keyPath": "transform.rotation.z", "to": 6.28, "duration": 2},
                          {"key": "opacity", "keyPath": "opacity", "from": 0, "to": 1, "duration": 3}]},
          "set": {"dot": {"opacity": 0.5}},
          "remove": {"dot": ["spin"]}}}
        """#,
      touches: [CustomScript.hold(pull: 80)])
    let dot = try rig.model("dot")
    #expect(dot.animation(forKey: "spin")?.timing.duration == 1, "the declared one, from install")
    rig.scene.advance(to: 1)
    #expect(rig.moments == ["beyondThreshold", "startAnimating"])
    // Removed before the add: the new 2 s spin survives. Set before the add: the explicit 3 s opacity
    // animation replaces the 0.25 s implicit one the set started under the same key.
    #expect(dot.animation(forKey: "spin")?.timing.duration == 2)
    #expect(dot.animation(forKey: "opacity")?.timing.duration == 3)
    #expect(dot.opacity == 0.5)
  }

  @Test("Animations declared on the layers start when the view is installed, at time 0")
  func declaredAnimations() throws {
    let rig = try script(
      layers:
        #"{"name": "pulse", "frame": [0, 0, 10, 10], "animations": [{"keyPath": "opacity", "from": 0, "to": 1, "duration": 2}]}"#,
      on: "{}", touches: [])
    let pulse = try rig.model("pulse")
    let animation = try #require(pulse.animation(forKey: "opacity"))
    #expect(animation.timing.beginTime == 0)
    rig.scene.advance(to: 1)
    #expect(abs(try rig.shown("pulse").opacity - 0.5) < 1e-9, "halfway through 2 s, linear")
  }
}
