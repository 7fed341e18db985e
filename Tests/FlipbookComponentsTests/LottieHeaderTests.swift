import FlipbookComponents
import FlipbookJSON
import FlipbookLayers
import FlipbookLottie
import FlipbookScene
import FlipbookTiming
import Foundation
import Testing

/// A Lottie animation as the refresh header (`"style": "lottie"`): the pull scrubs a stretch, a refresh loops
/// another, the end plays a third once before the inset retracts, checked tick by tick against the formulas the
/// pattern apps copy states (`currentProgress = min(pull / 150, 1)`, a loop at the file's frame rate).
@Suite("Lottie refresh header")
struct LottieHeaderTests {
  static let style =
    #"{"style": "lottie", "animation": "header.json", "pull": {"marker": "pull"}, "#
    + #""refreshing": {"marker": "refresh"}, "finishing": {"marker": "finish"}, "end": {"after": 2}}"#

  func parts(_ scene: ScriptScene) throws -> (CustomRefreshControl, LottieRefreshView) {
    let control = try #require(scene.refresh as? CustomRefreshControl)
    return (control, try #require(control.refreshView as? LottieRefreshView))
  }

  @Test("A held pull shows frame 30 · min(pull / 150, 1) at every tick, and no refresh under 150 pt")
  func heldPull() throws {
    let scene = try LottieHeaderRig.decode(Self.style, touches: [CustomScript.hold(pull: 120, up: 1.5)])
    let (control, view) = try parts(scene)
    var checked = 0
    for tick in 1...120 {
      scene.advance(to: Double(tick) / 60)
      let pull = LottieHeaderRig.pull(scene)
      if tick == 84 {
        #expect(abs(pull - 120) < 1e-6 && abs(view.pullLayer.currentFrame - 24) < 1e-6, "held: frame 24")
      }
      let expected = 30 * min(pull / 150, 1)
      #expect(abs(view.pullLayer.currentFrame - expected) < 1e-9, "tick \(tick): pull \(pull)")
      if pull > 0 { checked += 1 }
    }
    #expect(checked > 60, "most ticks have something pulled")
    #expect(!control.callbacks.contains { $0.name == "trigger" }, "120 pt is under the 150 pt trigger")
  }

  @Test("Past 150 pt a release refreshes; t seconds in, the loop shows frame 30 + (30 t mod 30)")
  func loop() throws {
    let scene = try LottieHeaderRig.decode(Self.style, touches: [CustomScript.hold(pull: 170, up: 1)])
    let (control, view) = try parts(scene)
    scene.advance(to: 1)
    let start = try #require(control.callbacks.first { $0.name == "startAnimating" }?.time)
    #expect(start == 1, "the release at 1 s triggers")
    for t in [0.0, 0.1, 0.25, 0.5, 0.9, 1.0, 1.25, 1.9] {
      scene.advance(to: start + t)
      let expected = 30 + (t * 30).truncatingRemainder(dividingBy: 30)
      #expect(abs(view.visibleLayer.currentFrame - expected) < 1e-6, "t = \(t)")
      #expect(view.visibleLayer.isAnimationPlaying)
    }
  }

  @Test("The end plays frames 60 to 90 once, holding the inset open 1 s, then retracts it over 0.3 s")
  func finishing() throws {
    let scene = try LottieHeaderRig.decode(Self.style, touches: [CustomScript.hold(pull: 170, up: 1)])
    let (control, view) = try parts(scene)
    /// Where the screen shows the content's top: the scroll view's bounds as presented.
    func shownTop() -> Double { scene.scrollView.layer.presentation(at: scene.time).bounds.minY }
    // Triggered at 1 s, ended by `"after": 2` at 3 s.
    scene.advance(to: 3)
    let held = shownTop()
    #expect(held == -60, "the 60 pt header is held open")
    scene.advance(to: 3.5)
    #expect(control.phase == .finishing)
    #expect(abs(view.visibleLayer.currentFrame - 75) < 1e-6, "half a second into the finish: frame 75")
    #expect(shownTop() == held, "the inset waits for the finish")
    scene.advance(to: 3.95)
    #expect(shownTop() == held)
    scene.advance(to: 4.15)
    #expect(shownTop() > held && shownTop() < 0, "retracting")
    scene.advance(to: 4.35)
    #expect(shownTop() == 0, "retracted 1.3 s after the end")
    #expect(control.phase == .idle)
    #expect(view.pullLayer.currentFrame == 0 && !view.pullLayer.isAnimationPlaying, "back at rest on frame 0")
    let trace = control.callbacks.map { "\($0.name) \(($0.time * 1000).rounded() / 1000)" }
    #expect(trace == ["trigger 1.0", "startAnimating 1.0", "end 3.0", "stopAnimating 3.0", "finished 4.3"])
  }

  @Test("With no finishing stretch the loop stops at the end and the header follows the pull as it retracts")
  func stopWithoutFinishing() throws {
    let scene = try LottieHeaderRig.decode(
      #"{"style": "lottie", "animation": "header.json", "progressDistance": 100, "end": {"after": 1}}"#,
      touches: [CustomScript.hold(pull: 120, up: 1)])
    let (control, view) = try parts(scene)
    scene.advance(to: 1.1)
    let start = try #require(control.callbacks.first { $0.name == "startAnimating" }?.time)
    scene.advance(to: start + 1 + 0.1)
    #expect(control.phase == .finishing)
    #expect(!view.pullLayer.isAnimationPlaying)
    // The whole timeline is the pull: frame 90 · min(pull / 100, 1) while the inset retracts.
    let expected = 90 * min(LottieHeaderRig.pull(scene) / 100, 1)
    #expect(abs(view.pullLayer.currentFrame - expected) < 1e-9)
  }

  @Test("A second animation plays while refreshing, from its own frame 0 at its own 24 fps; the first hides")
  func secondAnimation() throws {
    let scene = try LottieHeaderRig.decode(
      #"{"style": "lottie", "animation": "header.json", "refreshAnimation": "spin.json", "pull": {"progress": [0, 0.5]}}"#,
      touches: [CustomScript.hold(pull: 160, up: 1)])
    let (control, view) = try parts(scene)
    let second = try #require(view.refreshLayer)
    scene.advance(to: 0.9)
    #expect(second.isHidden && !view.pullLayer.isHidden)
    #expect(abs(view.pullLayer.currentFrame - 45) < 1e-9, "progress 1 is the end of the pull's half: frame 45")
    scene.advance(to: 1.1)
    let start = try #require(control.callbacks.first { $0.name == "startAnimating" }?.time)
    scene.advance(to: start + 2.5)
    #expect(!second.isHidden && view.pullLayer.isHidden)
    #expect(view.visibleLayer === second)
    // 2.5 s at 24 fps over a 48-frame loop: 60 mod 48 = 12.
    #expect(abs(second.currentFrame - 12) < 1e-6)
  }

  @Test("In APL's container the header follows APL's progress and threshold, and fades with APL's view")
  func inAPL() throws {
    let scene = try LottieHeaderRig.decode(
      #"{"style": "apl", "view": {"style": "lottie", "animation": "header.json", "height": 50, "pull": {"marker": "pull"}}}"#,
      touches: [CustomScript.hold(pull: 44, up: 1), CustomScript.hold(pull: 48, down: 2, reach: 2.4, up: 2.8)],
      events: [CustomScript.dataLoaded(at: 3.5)])
    let container = try #require(scene.refresh as? PullToRefreshContainer)
    func hosted() throws -> LottieRefreshView {
      let host = try #require(container.refreshView as? APLHostedRefreshView)
      return try #require(host.hosted as? LottieRefreshView)
    }
    scene.advance(to: 0.8)
    // 44 of 50 pt is APL's progress 0.88: frame 30 · 0.88, under APL's 0.9 threshold.
    #expect(abs(container.progress - 0.88) < 1e-9)
    #expect(abs(try hosted().pullLayer.currentFrame - 26.4) < 1e-6)
    scene.advance(to: 1.5)
    #expect(container.state != "refreshing" && !container.callbacks.contains { $0.name.contains("start") })
    scene.advance(to: 2.7)
    #expect(abs(try hosted().pullLayer.currentFrame - 30 * 0.96) < 1e-6)
    scene.advance(to: 3.2)
    let view = try hosted()
    #expect(view.pullLayer.isAnimationPlaying, "APL started the refresh: the whole timeline loops")
    scene.advance(to: 3.6)
    let shown = view.view.layer.presentation(at: scene.time).opacity
    #expect(shown < 1 && shown > 0, "APL fades its view out after the completion handler")
  }
}

/// Bad Lottie declarations are refused at load, in one message naming the JSON path.
@Suite("Lottie refresh header: bad declarations")
struct LottieHeaderErrorTests {
  @Test(
    "Each bad declaration names its path",
    arguments: [
      (
        #"{"style": "lottie", "animation": "nowhere.json"}"#,
        "$.refresh.animation: nowhere.json: cannot read the file (no such file)"
      ),
      (
        #"{"style": "lottie", "animation": "header.json", "pull": {"marker": "pul"}}"#,
        #"$.refresh.pull.marker: header.json has no marker "pul"; its markers are "pull", "refresh", "finish", "middle""#
      ),
      (
        #"{"style": "lottie", "animation": "header.json", "refreshing": {"markers": ["refresh", "end"]}}"#,
        #"$.refresh.refreshing.markers: header.json has no marker "end""#
      ),
      (
        #"{"style": "lottie", "animation": "header.json", "finishing": {"frames": [60, 120]}}"#,
        "$.refresh.finishing.frames: frame 120 is outside header.json, which runs from frame 0 to 90"
      ),
      (
        #"{"style": "lottie", "animation": "header.json", "pull": {"progress": [0, 1.5]}}"#,
        "$.refresh.pull.progress[1]: a progress runs from 0 to 1, not 1.5"
      ),
      (
        #"{"style": "lottie", "animation": "header.json", "refreshAnimation": "spin.json", "refreshing": {"marker": "refresh"}}"#,
        #"$.refresh.refreshing.marker: spin.json has no marker "refresh" (it has no markers)"#
      ),
      (
        #"{"style": "lottie", "animation": "header.json", "pull": {"marker": "pull", "frames": [0, 1]}}"#,
        #"$.refresh.pull: give one of "frames", "marker", not several"#
      ),
      (
        #"{"style": "lottie", "animation": "header.json", "refreshing": {"marker": "refresh", "loopMode": "forever"}}"#,
        #"$.refresh.refreshing.loopMode: "forever" is not one of"#
      ),
      (
        #"{"style": "apl", "view": {"style": "lottie", "animation": "header.json", "pull": {"marker": "drag"}}}"#,
        #"$.refresh.view.pull.marker: header.json has no marker "drag""#
      ),
      (
        #"{"style": "apl", "view": {"style": "lottie", "animation": "header.json", "trigger": {"progress": 1}}}"#,
        "$.refresh.view.trigger: unknown key"
      ),
      (
        #"{"style": "lottie", "animation": "header.json", "refreshing": {"marker": "middle"}}"#,
        "$.refresh.refreshing.marker: the stretch starts and ends at frame 45, so it has nothing to play (the marker's"
      ),
      (
        #"{"style": "lottie", "animation": "header.json", "finishing": {"frames": [60, 60]}}"#,
        "$.refresh.finishing.frames: the stretch starts and ends at frame 60, so it has nothing to play"
      ),
      (
        #"{"style": "lottie", "animation": "header.json", "updatesWhileRefreshing": true}"#,
        "$.refresh.updatesWhileRefreshing: a Lottie header plays its refreshing stretch whatever the pull does"
      ),
      (
        #"{"style": "lottie", "animation": "../header.json"}"#,
        "$.refresh.animation: \"../header.json\" lies outside the document's folder"
      ),
    ])
  func refused(refresh: String, message: String) throws {
    let said = try #require(LottieHeaderRig.message(refresh), "loads: \(refresh)")
    #expect(said.contains(message), "\(said)")
    #expect(!said.contains("\n"), "one line: \(said)")
  }

  /// A custom view with a Lottie layer `anim` showing header.json.
  static func view(_ rest: String) -> String {
    #"{"style": "custom", "view": {"height": 60, "layers": [{"type": "lottie", "name": "anim", "file": "header.json", "frame": [0, 0, 60, 60]}, {"name": "dot"}], \#(rest)}}"#
  }

  @Test(
    "A Lottie layer's bad play, binding or reaction names its path",
    arguments: [
      (
        #"{"style": "custom", "view": {"height": 60, "layers": [{"type": "lottie", "file": "header.json", "play": {"marker": "spin"}}]}}"#,
        #"$.refresh.view.layers[0].play.marker: header.json has no marker "spin""#
      ),
      (
        #"{"style": "custom", "view": {"height": 60, "layers": [{"type": "lottie", "file": "header.json", "currentProgress": 0.5, "play": {"marker": "pull"}}]}}"#,
        #"$.refresh.view.layers[0].play: give "play" or "currentProgress", not both"#
      ),
      (
        #"{"style": "custom", "view": {"height": 60, "layers": [{"type": "lottie", "file": "header.json", "currentFrame": 91}]}}"#,
        "$.refresh.view.layers[0].currentFrame:"
      ),
      (
        #"{"style": "custom", "view": {"height": 60, "layers": [{"type": "lottie"}]}}"#,
        #"$.refresh.view.layers[0]: missing key "file""#
      ),
      (
        view(#""on": {"startAnimating": {"play": {"dot": {"marker": "refresh"}}}}"#),
        #"$.refresh.view.on.startAnimating.play.dot: "dot" is a plain layer, not a Lottie layer: only Lottie layers play"#
      ),
      (
        view(#""on": {"stopAnimating": {"stop": ["anim", "spinner"]}}"#),
        #"$.refresh.view.on.stopAnimating.stop[1]: no layer named "spinner" in this view"#
      ),
      (
        view(#""on": {"startAnimating": {"set": {"anim": {"play": {"marker": "refresh"}}}}}"#),
        #"$.refresh.view.on.startAnimating.set.anim.play: a change cannot play a Lottie layer; a refresh view's reactions do"#
      ),
      (
        view(#""on": {"idle": {"set": {"anim": {"frame": 30}}}}"#),
        #"$.refresh.view.on.idle.set.anim.frame: "frame" is the layer's rectangle, [x, y, width, height]; the animation's frame is "currentFrame""#
      ),
      (
        #"{"style": "custom", "view": {"height": 60, "layers": [{"type": "lottie", "file": "header.json", "frame": 12}]}}"#,
        #"$.refresh.view.layers[0].frame: "frame" is the layer's rectangle"#
      ),
      (
        view(#""bindings": [{"layer": "dot", "property": "progress", "input": "progress", "apply": "set"}]"#),
        #"$.refresh.view.bindings[0].property: "progress" is not a property a binding can drive"#
      ),
    ])
  func layerRefused(refresh: String, message: String) throws {
    let said = try #require(LottieHeaderRig.message(refresh), "loads: \(refresh)")
    #expect(said.contains(message), "\(said)")
  }
}

/// A `"lottie"` layer in a refresh view of your own: bound to the pull by lottie-ios's names, played and stopped
/// by reactions.
@Suite("Lottie layer in a refresh view")
struct LottieLayerTests {
  @Test("A binding scrubs currentFrame with the pull; startAnimating plays a marker in a loop, stopAnimating stops")
  func boundAndPlayed() throws {
    let scene = try LottieHeaderRig.decode(
      LottieHeaderErrorTests.view(
        #""bindings": [{"layer": "anim", "property": "frame", "input": "pull", "from": [0, 140], "to": [0, 30], "apply": "set"}], "#
          + #""on": {"startAnimating": {"play": {"anim": {"marker": "refresh", "loopMode": "loop"}}}, "#
          + #""stopAnimating": {"stop": ["anim"]}}"#),
      touches: [CustomScript.hold(pull: 70, up: 1)], events: [CustomScript.dataLoaded(at: 2)])
    let control = try #require(scene.refresh as? CustomRefreshControl)
    let view = try #require(control.refreshView as? DesignedRefreshView)
    let anim = try #require(view.layer(named: "anim") as? LottieAnimationLayer)
    scene.advance(to: 0.8)
    // Held at 70 pt: frame 30 · 70 / 140.
    #expect(abs(anim.currentFrame - 15) < 1e-6)
    scene.advance(to: 1)
    #expect(control.callbacks.map(\.name) == ["trigger", "startAnimating"], "70 pt is past the 60 pt view")
    scene.advance(to: 1.5)
    // Half a second into the loop of frames 30 to 60.
    #expect(anim.isAnimationPlaying && abs(anim.currentFrame - 45) < 1e-6)
    scene.advance(to: 2)
    #expect(!anim.isAnimationPlaying, "stopAnimating stopped it")
  }

  @Test("A Lottie layer's declared play starts when its view is installed, not at the script's time 0")
  func playStartsAtInstall() throws {
    let design =
      #"{"height": 50, "layers": [{"type": "lottie", "name": "anim", "file": "header.json", "#
      + #""play": {"frames": [0, 90]}}]}"#
    let scene = try LottieHeaderRig.decode(
      #"{"style": "apl", "view": \#(design)}"#,
      touches: [CustomScript.hold(pull: 44, down: 2, reach: 2.4, up: 2.8)])
    let container = try #require(scene.refresh as? PullToRefreshContainer)
    scene.advance(to: 2.3)
    let hosted = try #require(container.refreshView as? APLHostedRefreshView)
    let view = try #require(hosted.hosted as? DesignedRefreshView)
    let anim = try #require(view.layer(named: "anim") as? LottieAnimationLayer)
    // Made when this pull began, after 2 s: at most 0.3 s (9 frames) in, where from time 0 it would be at 69.
    #expect(anim.isAnimationPlaying && anim.currentFrame <= 9, "frame \(anim.currentFrame)")
  }

  @Test("A lottie layer in a scene plays its range on the scene's clock and inspect shows where it is")
  func inScene() throws {
    let text = #"""
      {"size": [120, 120], "duration": 2, "layers": [
        {"type": "lottie", "name": "anim", "file": "header.json", "frame": [10, 10, 100, 100], "contentMode": "scaleToFill",
         "play": {"frames": [30, 60], "loopMode": "loop"}}]}
      """#
    let scene = try SceneDocument.decode(Data(text.utf8), baseDirectory: LottieHeaderRig.folder)
    let anim = try #require(scene.root.layer(named: "anim") as? LottieAnimationLayer)
    for t in [0.0, 0.5, 1.25] {
      scene.advance(to: t)
      #expect(abs(anim.currentFrame - (30 + (30 * t).truncatingRemainder(dividingBy: 30))) < 1e-6, "t = \(t)")
    }
    let shown = LayerInspector.json(of: scene.root.presentation(at: 1.25)).formatted()
    #expect(shown.contains(#""type": "lottie""#) && shown.contains(#""currentFrame": 37.5"#), "\(shown.prefix(600))")
  }
}

/// A Lottie header through the rest of a cycle: pulled again while finishing, pulled again after a refresh, and
/// stretches that run backwards or back and forth.
@Suite("Lottie refresh header: cycles")
struct LottieHeaderCycleTests {
  func parts(_ scene: ScriptScene) throws -> (CustomRefreshControl, LottieRefreshView) {
    let control = try #require(scene.refresh as? CustomRefreshControl)
    return (control, try #require(control.refreshView as? LottieRefreshView))
  }

  @Test("A pull during the finishing stretch lets it play to its end; the next pull scrubs the pull stretch again")
  func pulledAgain() throws {
    let scene = try LottieHeaderRig.decode(
      LottieHeaderTests.style,
      touches: [
        CustomScript.hold(pull: 170, up: 1), CustomScript.hold(pull: 100, down: 3.3, reach: 3.6, up: 3.9),
        CustomScript.hold(pull: 90, down: 6, reach: 6.4, up: 6.8),
      ])
    let (control, view) = try parts(scene)
    // Ended at 3 s; the finishing stretch plays until a finger lands at 3.3 s.
    scene.advance(to: 3.2)
    #expect(view.visibleLayer.isAnimationPlaying && abs(view.visibleLayer.currentFrame - 66) < 1e-6)
    // The finger that lands meanwhile does not cut the finishing stretch short: it plays to its end at 4 s.
    scene.advance(to: 3.5)
    #expect(control.phase == .finishing && abs(view.visibleLayer.currentFrame - 75) < 1e-6)
    scene.advance(to: 3.95)
    #expect(abs(view.visibleLayer.currentFrame - 88.5) < 1e-6)
    // Back at rest, the next pull scrubs the pull stretch again.
    scene.advance(to: 6.6)
    #expect(control.phase == .pulling && !view.pullLayer.isAnimationPlaying)
    #expect(abs(view.pullLayer.currentFrame - 30 * 90 / 150) < 1e-6, "held at 90 pt: frame 18")
  }

  @Test(
    "A refreshing stretch plays backwards when it runs backwards, and back and forth with autoReverse",
    arguments: [
      (#"{"frames": [60, 30]}"#, [(0.5, 45.0), (1.25, 52.5), (1.9, 33.0)]),
      (#"{"frames": [30, 60], "loopMode": "autoReverse"}"#, [(0.5, 45.0), (1.25, 52.5), (1.9, 33.0), (2.25, 37.5)]),
      (#"{"marker": "refresh", "loopMode": {"repeat": 2}}"#, [(0.5, 45.0), (1.5, 45.0), (2.5, 60.0)]),
    ])
  func stretches(refreshing: String, expected: [(Double, Double)]) throws {
    let scene = try LottieHeaderRig.decode(
      #"{"style": "lottie", "animation": "header.json", "refreshing": \#(refreshing)}"#,
      touches: [CustomScript.hold(pull: 170, up: 1)])
    let (_, view) = try parts(scene)
    for (t, frame) in expected {
      scene.advance(to: 1 + t)
      #expect(abs(view.visibleLayer.currentFrame - frame) < 1e-6, "\(t) s in: \(view.visibleLayer.currentFrame)")
    }
  }
}

/// `LottieFile`: a Lottie file read from Swift as a script reads it.
@Suite("LottieFile")
struct LottieFileTests {
  @Test("It reads the animation and its markers; a missing or foreign file fails naming the path")
  func reads() throws {
    let path = LottieHeaderRig.folder.appendingPathComponent("header.json").path
    let file = try LottieFile(path: path)
    #expect(file.animation.markerNames == ["pull", "refresh", "finish", "middle"])
    let design = LottieRefreshDesign(animation: file.animation, buildOptions: file.buildOptions, pull: .marker("drag"))
    #expect(
      design.problems == [
        #"pull: the animation has no marker "drag"; its markers are "pull", "refresh", "finish", "middle""#
      ])
    let missing = LottieHeaderRig.folder.appendingPathComponent("nowhere.json").path
    #expect(throws: DocumentError(location: missing, message: "cannot read the file (no such file)")) {
      try LottieFile(path: missing)
    }
  }
}

/// `flipbook plot --layer pull --key currentFrame`: a Lottie layer's frame over time, as `inspect` reads it.
@Suite("Plotting a Lottie header's frame")
struct LottieHeaderPlotTests {
  @Test("The plotted currentFrame is the pull's frame while held and the loop's after the release")
  func plotted() throws {
    let scene = try LottieHeaderRig.decode(LottieHeaderTests.style, touches: [CustomScript.hold(pull: 170, up: 1)])
    let document = Document.script(scene)
    let property = try PresentedProperty(layer: "pull", key: "currentFrame", in: document)
    #expect(property.components == ["currentFrame"] && property.unit == "")
    // Held past 150 pt: the pull's end, frame 30; 0.5 s into the loop of frames 30 to 60: frame 45.
    #expect(abs(property.sample(document, at: Rational(9, 10)!)[0] - 30) < 1e-6)
    #expect(abs(property.sample(document, at: Rational(3, 2)!)[0] - 45) < 1e-6)
    #expect(throws: DocumentError.self) {
      try PresentedProperty(layer: "refreshView", key: "currentFrame", in: document)
    }
  }
}
