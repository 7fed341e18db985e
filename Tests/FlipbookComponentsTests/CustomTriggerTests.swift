import FlipbookComponents
import FlipbookLayers
import FlipbookTiming
import Foundation
import Testing

/// What a free-standing custom view decides for itself: when a pull triggers, how the inset holds the
/// view open and animates, what ends a refresh, and what the view hears meanwhile. The view is 60 pt
/// high; a finger holds the content 80 pt down and lifts at 1 s.
@Suite("Custom refresh view: trigger, inset, end")
struct CustomTriggerTests {
  static let ring =
    ##"{"type": "shape", "name": "ring", "frame": [0, 0, 320, 60], "path": "M 10 10 L 300 10", "strokeColor": "#FFFFFF"}"##
  static let view = CustomScript.view(
    height: 60, layers: ring,
    #""bindings": [{"layer": "ring", "property": "strokeEnd", "input": "progress", "apply": "set"}]"#)

  func script(_ behaviour: String, touches: [String] = [CustomScript.hold(pull: 80)], events: [String] = [])
    throws -> CustomScript
  {
    try CustomScript(CustomScript.custom(view: Self.view, behaviour), touches: touches, events: events)
  }

  @Test(
    "Both trigger moments fire at the lift and rest the content at −inset; both grow the inset before the bounce is planned",
    arguments: ["release", "willEndDragging"])
  func triggerMoment(when: String) throws {
    let rig = try script(#""trigger": {"distance": 65, "when": "\#(when)"}, "inset": {"height": 60}"#)
    rig.scene.advance(to: 1)
    #expect(rig.trace == ["1.000 trigger", "1.000 startAnimating"])
    #expect(rig.control.phase == .refreshing && rig.scene.scrollView.contentInset.top == 60)
    let scroll = rig.scene.scrollView
    #expect(scroll.contentOffset.y < -79.9 && scroll.isDecelerating, "the bounce starts from the lift's 80 pt")
    rig.scene.advance(to: 1.05)
    // At either moment the inset is in force before the bounce is planned, so only the bounce moves the
    // content: the inset's view animation does not move the offset alongside it.
    #expect(scroll.presentationContentOffset.y == scroll.contentOffset.y)
    rig.scene.advance(to: 3)
    #expect(scroll.contentOffset.y == -60 && !scroll.isDecelerating)
  }

  @Test(
    "A distance threshold counts points, a progress threshold the fraction of the progress distance",
    arguments: [
      (#""trigger": {"distance": 50}"#, true),
      (#""trigger": {"distance": 60}"#, false),
      (#""trigger": {"progress": 0.9}"#, true),
      (#""trigger": {"progress": 1}"#, false),
      (#""trigger": {"progress": 1}, "progressDistance": 50"#, true),
    ])
  func threshold(trigger: String, triggers: Bool) throws {
    // 55 pt of a 60 pt view: progress 0.917.
    let rig = try script(trigger, touches: [CustomScript.hold(pull: 55)])
    rig.scene.advance(to: 0.8)
    #expect(rig.control.phase == (triggers ? .armed : .pulling))
    #expect(rig.control.inputs.isBeyondThreshold == triggers)
    rig.scene.advance(to: 2.5)
    #expect(rig.control.phase == (triggers ? .refreshing : .idle))
    #expect(rig.trace == (triggers ? ["1.000 trigger", "1.000 startAnimating"] : []))
  }

  @Test(
    "{\"after\": T} ends exactly T after the trigger and ignores the data; \"dataLoaded\" ends on the event",
    arguments: [(#"{"after": 1.55}"#, 2.55), (#""dataLoaded""#, 2)])
  func ending(end: String, at time: Double) throws {
    let rig = try script(#""end": \#(end)"#, events: [CustomScript.dataLoaded(at: 2)])
    rig.scene.advance(to: time - 0.001)
    #expect(rig.control.phase == .refreshing)
    rig.scene.advance(to: time)
    #expect(rig.control.phase == .finishing)
    let stamp = String(format: "%.3f", time)
    #expect(rig.trace == ["1.000 trigger", "1.000 startAnimating", "\(stamp) end", "\(stamp) stopAnimating"])
    let timed = end.contains("after")
    #expect(rig.control.diagnostics == (timed ? ["dataLoaded at 2 s ignored: this view ends its refresh by time"] : []))
    rig.scene.advance(to: time + 0.3)
    #expect(rig.control.phase == .idle && rig.trace.last == String(format: "%.3f finished", time + 0.3), "0.3 s out")
  }

  @Test("The inset animates in and out with its own duration, delay and curve: on screen, the curve's value")
  func insetAnimations() throws {
    let rig = try script(
      #""inset": {"height": 60, "in": {"duration": 1, "delay": 0.5, "curve": "linear"}, "out": {"duration": 0.5, "curve": "easeIn"}}, "end": {"after": 2}"#
    )
    let scroll = rig.scene.scrollView
    rig.scene.advance(to: 1.25)
    #expect(scroll.contentInset.top == 60 && scroll.presentationInset.top == 0, "still in its delay")
    rig.scene.advance(to: 2)
    #expect(abs(scroll.presentationInset.top - 30) < 1e-9, "halfway through 1 s, linear")
    rig.scene.advance(to: 3.25)
    #expect(rig.control.phase == .finishing && scroll.contentInset.top == 0)
    // The solver's tolerance (1e-7 of the curve) is 6e-6 pt of a 60 pt inset.
    #expect(abs(scroll.presentationInset.top / 60 - (1 - Bezier.easeIn.y(atX: 0.5))) < 1e-6, "halfway, easeIn")
    rig.scene.advance(to: 3.5)
    #expect(rig.control.phase == .idle && scroll.presentationInset.top == 0)
  }

  @Test(
    "followsScroll: while refreshing, scrolling up shrinks the inset to what is pulled; without it the inset stays",
    arguments: [true, false])
  func followsScroll(follows: Bool) throws {
    let up = #"{"down": 2.5, "up": 3.2, "track": [{"at": 2.5, "y": 0}, {"at": 3, "y": -30}, {"at": 3.2, "y": -30}]}"#
    let rig = try script(
      #""inset": {"height": 60, "followsScroll": \#(follows)}"#, touches: [CustomScript.hold(pull: 80), up])
    rig.scene.advance(to: 2.4)
    #expect(rig.scene.scrollView.contentOffset.y == -60 && rig.control.phase == .refreshing)
    rig.scene.advance(to: 3.1)
    #expect(rig.scene.scrollView.contentOffset.y == -30)
    #expect(rig.scene.scrollView.contentInset.top == (follows ? 30 : 60))
  }

  @Test(
    "updatesWhileRefreshing: the view hears progress fall to 0 as the content settles under the inset, the pull stay 60 pt below the resting top, or keeps the trigger's",
    arguments: [true, false])
  func updatesWhileRefreshing(updates: Bool) throws {
    let rig = try script(#""updatesWhileRefreshing": \#(updates)"#)
    rig.scene.advance(to: 1)
    #expect(rig.view.inputs.phase == .refreshing)
    // The inset grows at the trigger: the first bounce tick measures progress beyond the new top (a little under
    // 80 − 60 pt of the 60 pt distance), and the pull from the resting top.
    rig.scene.advance(to: try #require(Rational(61, 60)))
    let offset = rig.scene.scrollView.contentOffset.y
    #expect(abs(rig.control.inputs.pull - (-offset)) < 1e-9 && rig.control.inputs.pull > 79)
    #expect(abs(rig.control.inputs.progress - (-offset - 60) / 60) < 1e-9)
    #expect(rig.view.inputs.progress == (updates ? rig.control.inputs.progress : 1))
    rig.scene.advance(to: 2)
    #expect(
      rig.control.inputs.pull == 60 && rig.control.inputs.progress == 0 && rig.control.inputs.inset == 60,
      "resting under the grown inset: 60 pt below the resting top, nothing beyond the inset")
    #expect(rig.view.inputs.progress == (updates ? 0 : 1))
    #expect(try rig.model("ring", as: ShapeLayer.self).strokeEnd == (updates ? 0 : 1))
  }
}
