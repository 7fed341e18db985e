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

/// The finger's place across the screen: a touch's `x`, and the `fingerX` input.
@Suite("Touches: the finger's x")
struct FingerXTests {
  /// A dot whose `position.x` is the finger's x; the finger lands at x 80 and moves to 240 while it pulls.
  static func script(host: String = #""style": "custom""#, track: String? = nil) -> Data {
    let track =
      track
      ?? #"[{"at": 0.2, "y": 0, "x": 80}, {"at": 1.0, "y": 200, "x": 240}, {"at": 1.2, "y": 200}]"#
    return Data(
      ##"""
      {"viewport": {"width": 320, "height": 480, "scale": 1}, "fps": 30, "duration": 2, "content": {"rows": 12},
       "refresh": {\##(host),
         "view": {"height": 50, "layers": [{"name": "dot", "bounds": [0, 0, 8, 8], "position": [160, 25],
                                            "backgroundColor": "#FF3B30"}],
           "bindings": [{"layer": "dot", "property": "position.x", "input": "fingerX", "apply": "set"}]}},
       "touches": [{"down": 0.2, "up": 1.4, "track": \##(track)}]}
      """##.utf8)
  }

  @Test("x moves along the track's curves, holds where no keyframe gives it, and the binding follows it")
  func followsTheFinger() throws {
    let scene = try GestureScript.decode(Self.script())
    let dot = try #require(scene.root.layer(named: "dot"))
    #expect(dot.position.x == 160, "the middle before any touch")
    scene.advance(to: 0.2)
    #expect(dot.position.x == 80, "a finger at x = 80")
    scene.advance(to: 0.6)
    #expect(dot.position.x == 160, "half way from 80 to 240")
    scene.advance(to: 1.3)
    #expect(dot.position.x == 240 && scene.scrollView.fingerX == 240, "held by the keyframe without x")
  }

  @Test("A finger moving only across still reaches the binding")
  func sidewaysOnly() throws {
    let scene = try GestureScript.decode(
      Self.script(track: #"[{"at": 0.2, "y": 0, "x": 40}, {"at": 0.4, "y": 60}, {"at": 1.0, "y": 60, "x": 280}]"#))
    scene.advance(to: 0.5)
    let offset = scene.scrollView.contentOffset.y
    scene.advance(to: 0.7)
    #expect(scene.scrollView.contentOffset.y == offset, "the content holds still")
    let x = try #require(scene.root.layer(named: "dot")).position.x
    #expect(
      abs(x - 160) < 1e-9, "40 + (280 − 40) · 0.5, not \(x); finger \(String(describing: scene.scrollView.fingerX))")
  }

  @Test("x is checked, and APL's container, which tells its view only the fraction pulled, refuses fingerX")
  func errors() {
    let cases: [(Data, String)] = [
      (
        Self.script(track: #"[{"at": 0.2, "y": 0, "x": -5}]"#),
        "$.touches[0].track[0].x: -5 is out of range 0...4096"
      ),
      (
        Self.script(host: #""style": "apl""#),
        #"$.refresh.view.bindings[0].input: APL's container does not tell its view "fingerX"; it tells "progress", "pull", "beyondThreshold", "state""#
      ),
    ]
    for (data, message) in cases {
      do {
        _ = try GestureScript.decode(data)
        Issue.record("\(message) was not thrown")
      } catch {
        #expect(error.description == message)
      }
    }
  }
}

/// Every "not a … here" error lists the names valid at that place, and suggests only among them.
@Suite("Custom views: errors that list the choices")
struct ChoiceListingErrorTests {
  /// A view with a replicator of dots and a label, whose first binding's members are `binding`.
  static func script(binding: String, on: String = "{}", track: String = #"[{"at": 0, "y": 0}]"#) -> Data {
    Data(
      ##"""
      {"viewport": {"width": 320, "height": 480, "scale": 1}, "fps": 30, "duration": 1,
       "refresh": {"style": "custom", "view": {"height": 50,
         "layers": [{"name": "spokes", "type": "replicator", "instanceCount": 3,
                     "sublayers": [{"name": "spoke", "type": "shape", "path": "M 0 0 L 2 0 L 2 6 Z"}]},
                    {"name": "title", "type": "label", "string": "Pull"}],
         "bindings": [{\##(binding)}], "on": \##(on)}},
       "touches": [{"down": 0, "up": 0.5, "track": \##(track)}]}
      """##.utf8)
  }

  static func message(_ data: Data) -> String {
    do {
      _ = try GestureScript.decode(data)
      return "no error"
    } catch {
      return error.description
    }
  }

  @Test(
    "Each kind of naming error lists the valid names, suggesting only among them",
    arguments: [
      (
        #""layer": "spoke", "property": "lineCap", "input": "progress", "apply": "set""#,
        #"$.refresh.view.bindings[0].property: "lineCap" is set in the layer's declaration, not by a binding; valid here: "#
      ),
      (
        #""layer": "spokes", "property": "instanceCount", "input": "progress", "apply": "set""#,
        #"$.refresh.view.bindings[0].property: "instanceCount" is set in the layer's declaration, not by a binding; valid here: "instanceColor", "#
      ),
      (
        #""layer": "spoke", "property": "pat", "input": "progress", "apply": "set""#,
        #"$.refresh.view.bindings[0].property: "pat" is not a property a binding can drive on "spoke", a shape layer (did you mean "path"?); valid here: "#
      ),
      (
        #""layer": "spoks", "property": "opacity", "input": "progress", "apply": "set""#,
        #"$.refresh.view.bindings[0].layer: no layer named "spoks" in this view (did you mean "spoke"?); valid here: "spoke", "spokes", "title""#
      ),
      (
        #""layer": "title", "property": "opacity", "input": "progres", "apply": "set""#,
        #"$.refresh.view.bindings[0].input: "progres" is not one of "progress", "pull", "beyondThreshold", "state", "inset", "offset", "fingerX" (did you mean "progress"?)"#
      ),
      (
        #""layer": "title", "property": "opacity", "input": "progress", "apply": "set", "phase": ["idle"]"#,
        #"$.refresh.view.bindings[0].phase: unknown key (did you mean "phases"?); valid here: "#
      ),
    ])
  func bindingErrors(binding: String, expected: String) {
    let message = Self.message(Self.script(binding: binding))
    #expect(message.hasPrefix(expected), "\(message)")
    #expect(message.contains("valid here: ") || message.contains("is not one of"), "\(message)")
  }

  @Test("An unknown moment lists the moments; a touch keyframe's unknown key lists the keys, x among them")
  func momentsAndTrackKeys() {
    let binding = #""layer": "title", "property": "opacity", "input": "progress", "apply": "set""#
    #expect(
      Self.message(Self.script(binding: binding, on: #"{"armed": {}}"#))
        == #"$.refresh.view.on.armed: unknown key; valid here: "beyondThreshold", "idle", "startAnimating", "stopAnimating", "withinThreshold""#
    )
    #expect(
      Self.message(Self.script(binding: binding, track: #"[{"at": 0, "y": 0, "z": 1}]"#))
        == #"$.touches[0].track[0].z: unknown key (did you mean "x"?); valid here: "at", "curve", "x", "y""#)
  }
}

/// `pull` counts from the resting top in every phase; `inset` and `offset` are inputs.
@Suite("Custom views: the pull from the resting top")
struct PullFromRestingTopTests {
  @Test("While finishing, pull is how far the content still shows below the resting top")
  func pullWhileFinishing() throws {
    let script = Data(
      ##"""
      {"viewport": {"width": 320, "height": 480, "scale": 1}, "fps": 60, "duration": 3, "content": {"rows": 12},
       "refresh": {"style": "custom", "trigger": {"distance": 60}, "end": {"after": 0.5},
         "inset": {"height": 50, "out": {"duration": 0.6, "curve": "linear"}},
         "view": {"height": 50, "layers": [{"name": "bar", "bounds": [0, 0, 200, 6], "position": [160, 25]}],
           "bindings": [{"layer": "bar", "property": "opacity", "input": "pull", "from": [0, 100], "to": [0, 1],
                         "apply": "set"}]}},
       "touches": [{"down": 0.2, "up": 0.8, "track": [{"at": 0.2, "y": 0}, {"at": 0.6, "y": 200}, {"at": 0.8, "y": 200}]}]}
      """##.utf8)
    let scene = try GestureScript.decode(script)
    let control = try #require(scene.refresh as? CustomRefreshControl)
    var time = 0.8
    while !(control.phase == .finishing && -Double(scene.scrollView.presentationContentOffset.y) <= 30), time < 3 {
      time += 1.0 / 60
      scene.advance(to: time)
    }
    #expect(control.phase == .finishing)
    let shown = -Double(scene.scrollView.contentOffset.y)
    #expect(shown > 0 && abs(control.inputs.pull - shown) < 1e-9, "pull \(control.inputs.pull), shown \(shown)")
    #expect(control.inputs.offset == -shown)
    #expect(
      abs(control.inputs.inset - scene.scrollView.presentationInset.top) < 1e-6,
      "\(control.inputs.inset) \(scene.scrollView.presentationInset.top) \(scene.scrollView.contentInset.top) \(time)")
    #expect(try #require(scene.root.layer(named: "bar")).opacity == min(shown / 100, 1), "the binding heard it")
  }
}

/// A reaction's `delay`, and an added animation's `beginTime` counted from the reaction.
@Suite("Custom views: timed reactions")
struct TimedReactionTests {
  static let script = Data(
    ##"""
    {"viewport": {"width": 320, "height": 480, "scale": 1}, "fps": 60, "duration": 3, "content": {"rows": 12},
     "refresh": {"style": "custom", "trigger": {"distance": 60},
       "view": {"height": 50, "layers": [{"name": "dot", "bounds": [0, 0, 8, 8], "position": [160, 25], "opacity": 0.5}],
         "on": {"startAnimating": {"delay": 0.2, "set": {"dot": {"opacity": 1}}},
                "beyondThreshold": {"add": {"dot": [{"type": "basic", "keyPath": "position.x", "from": 0, "to": 100,
                                                     "duration": 1, "beginTime": 0.3}]}}}}},
     "touches": [{"down": 0.2, "up": 0.8, "track": [{"at": 0.2, "y": 0}, {"at": 0.6, "y": 200}, {"at": 0.8, "y": 200}]}]}
    """##.utf8)

  @Test("A 0.2 s delay runs the reaction 0.2 s after its moment; a beginTime of 0.3 starts 0.3 s after the reaction")
  func delays() throws {
    let scene = try GestureScript.decode(Self.script)
    let view = try #require((scene.refresh as? CustomRefreshControl)?.refreshView as? DesignedRefreshView)
    let dot = try #require(scene.root.layer(named: "dot"))
    // The reference run: when the moments come (they do not depend on the reactions).
    let reference = try GestureScript.decode(Self.script)
    let referenceView = try #require((reference.refresh as? CustomRefreshControl)?.refreshView as? DesignedRefreshView)
    reference.advance(to: 2)
    let start = try #require(referenceView.moments.first { $0.moment == .startAnimating }).time
    let armed = try #require(referenceView.moments.first { $0.moment == .beyondThreshold }).time
    var checks: [(time: Double, check: () -> Void)] = [
      (start + 0.19, { #expect(dot.opacity == 0.5, "not yet") }),
      (start + 0.2, { #expect(dot.opacity == 1, "at the moment + 0.2 s") }),
      (armed + 0.29, { #expect(dot.presentationOfSelf(at: dot.localTime).position.x == 160, "waiting 0.3 s") }),
      (
        armed + 0.8,
        { #expect(abs(dot.presentationOfSelf(at: dot.localTime).position.x - 50) < 1e-6, "half way at + 0.8 s") }
      ),
    ]
    checks.sort { $0.time < $1.time }
    for (time, check) in checks {
      scene.advance(to: time)
      check()
    }
    #expect(view.moments.map(\.moment) == referenceView.moments.map(\.moment))
  }
}
