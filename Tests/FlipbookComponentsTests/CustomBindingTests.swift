import FlipbookComponents
import FlipbookGraphics
import FlipbookLayers
import Foundation
import Testing

/// Bindings with known values: each map form, and the two ways a value lands (`set` and `implicit`), on
/// a view 110 pt high whose progress is the pull over those 110 pt.
@Suite("Custom refresh view: bindings")
struct CustomBindingTests {
  /// A standalone shape layer (no `viewLayer`), the airplane oval's kind.
  static let ring =
    ##"{"type": "shape", "name": "ring", "frame": [0, 0, 320, 110], "path": "M 10 10 L 300 10", "strokeColor": "#FFFFFF", "strokeEnd": 0}"##

  /// The script with `layers` and `bindings` in a 110 pt view, refreshing for 1 s after a full pull.
  func script(_ layers: String, bindings: String, touch: String = CustomScript.hold(pull: 55)) throws -> CustomScript {
    let view = CustomScript.view(height: 110, layers: layers, #""bindings": [\#(bindings)]"#)
    return try CustomScript(CustomScript.custom(view: view, #""end": {"after": 1}"#), touches: [touch])
  }

  @Test("strokeEnd bound to progress through an easeIn range is cubic-bezier(0.42, 0, 1, 1) at 0.5: 0.3153568")
  func easedRange() throws {
    let rig = try script(
      Self.ring,
      bindings:
        #"{"layer": "ring", "property": "strokeEnd", "input": "progress", "to": [0, 1], "curve": "easeIn", "apply": "set"}"#
    )
    rig.scene.advance(to: 0.8)
    let progress = rig.control.inputs.progress
    #expect(abs(progress - 0.5) < 1e-9, "55 of 110 pt pulled")
    let expected = Bezier.easeIn.y(atX: progress)
    #expect(abs(expected - 0.3153568) < 1e-7)
    #expect(abs(try rig.model("ring", as: ShapeLayer.self).strokeEnd - expected) < 1e-6)
  }

  @Test("A range clamps its input to its ends; \"clamp\": false extrapolates the last stretch")
  func clamping() throws {
    let layers = [Self.ring, Self.ring.replacingOccurrences(of: #""ring""#, with: #""free""#)].joined(separator: ", ")
    let rig = try script(
      layers,
      bindings: #"""
        {"layer": "ring", "property": "lineWidth", "input": "pull", "from": [0, 40], "to": [0, 4], "apply": "set"},
        {"layer": "free", "property": "lineWidth", "input": "pull", "from": [0, 40], "to": [0, 4], "clamp": false, "apply": "set"}
        """#)
    rig.scene.advance(to: 0.8)
    #expect(abs(rig.control.inputs.pull - 55) < 1e-9)
    #expect(try rig.model("ring", as: ShapeLayer.self).lineWidth == 4)
    // 55 pt on a line through (0, 0) and (40, 4): 5.5.
    #expect(abs(try rig.model("free", as: ShapeLayer.self).lineWidth - 5.5) < 1e-9)
  }

  @Test("Keyframes for a colour interpolate each component: at 0.75, halfway from green to blue")
  func colourKeyframes() throws {
    let rig = try script(
      #"{"name": "dot", "frame": [0, 0, 10, 10]}"#,
      bindings: ##"""
        {"layer": "dot", "property": "backgroundColor", "input": "progress",
         "keyframes": [[0, "#FF0000"], [0.5, [0, 1, 0]], [1, "#0000FF"]], "apply": "set"}
        """##,
      touch: CustomScript.hold(pull: 82.5))
    rig.scene.advance(to: 0.8)
    #expect(abs(rig.control.inputs.progress - 0.75) < 1e-9)
    let color = try #require(try rig.model("dot").backgroundColor)
    for (component, expected) in [(color.red, 0.0), (color.green, 0.5), (color.blue, 0.5), (color.alpha, 1)] {
      #expect(abs(component - expected) < 1e-9)
    }
  }

  @Test("Ranges of points and transforms: halfway is the midpoint and half the turn")
  func pointsAndTransforms() throws {
    let rig = try script(
      #"{"name": "dot", "frame": [0, 0, 10, 10]}"#,
      bindings: #"""
        {"layer": "dot", "property": "position", "input": "progress", "to": [[0, 0], [100, 50]], "apply": "set"},
        {"layer": "dot", "property": "transform", "input": "progress", "to": [[], [{"rotate": 90}]], "apply": "set"}
        """#)
    rig.scene.advance(to: 0.8)
    let dot = try rig.model("dot")
    #expect(abs(dot.position.x - 50) < 1e-6 && abs(dot.position.y - 25) < 1e-6)
    // Decomposed and interpolated: a 45° turn about z.
    #expect(abs(dot.transform.m11 - cos(Double.pi / 4)) < 1e-9 && abs(dot.transform.m12 - sin(Double.pi / 4)) < 1e-9)
  }

  @Test("A state map names phases, `otherwise` covers the rest; with no `otherwise` others leave the value alone")
  func stateValues() throws {
    let rig = try script(
      #"{"type": "text", "name": "status", "frame": [0, 0, 320, 20], "string": "(none)"}, {"name": "dot", "frame": [0, 0, 10, 10]}"#,
      bindings: #"""
        {"layer": "status", "property": "string", "input": "state",
         "values": {"armed": "Release", "refreshing": "Loading", "otherwise": "Pull"}, "apply": "set"},
        {"layer": "dot", "property": "hidden", "input": "state", "values": {"refreshing": true}, "apply": "set"}
        """#,
      touch: CustomScript.hold(pull: 130))
    let status = try rig.model("status", as: TextLayer.self)
    let dot = try rig.model("dot")
    #expect(status.string == "Pull", "idle at install")
    rig.scene.advance(to: 0.3)
    #expect(rig.control.phase == .pulling && status.string == "Pull")
    rig.scene.advance(to: 0.8)
    #expect(rig.control.phase == .armed && status.string == "Release")
    #expect(!dot.isHidden)
    rig.scene.advance(to: 1.5)
    #expect(rig.control.phase == .refreshing && status.string == "Loading")
    #expect(dot.isHidden)
    rig.scene.advance(to: 3)
    #expect(rig.control.phase == .idle && status.string == "Pull")
    #expect(dot.isHidden, "no value for idle: hidden stays as refreshing left it")
  }

  @Test("A beyondThreshold map: 0.25 under the threshold, 1 beyond it")
  func thresholdValues() throws {
    let rig = try script(
      #"{"name": "arrow", "frame": [0, 0, 10, 10]}"#,
      bindings: #"""
        {"layer": "arrow", "property": "opacity", "input": "beyondThreshold", "values": {"true": 1, "false": 0.25}, "apply": "set"}
        """#,
      touch: CustomScript.hold(pull: 130))
    let arrow = try rig.model("arrow")
    rig.scene.advance(to: 0.3)
    #expect(!rig.control.inputs.isBeyondThreshold && arrow.opacity == 0.25)
    rig.scene.advance(to: 0.8)
    #expect(rig.control.inputs.isBeyondThreshold && arrow.opacity == 1)
  }

  @Test("\"set\" shows the value at once; \"implicit\" runs the standalone layer's 0.25 s action from the screen")
  func application() throws {
    let rig = try script(
      #"""
      {"name": "plain", "frame": [0, 0, 10, 10], "opacity": 0}, {"name": "lagging", "frame": [0, 0, 10, 10], "opacity": 0},
      {"name": "backing", "viewLayer": true, "frame": [0, 0, 10, 10], "opacity": 0}
      """#,
      bindings: #"""
        {"layer": "plain", "property": "opacity", "input": "progress", "apply": "set"},
        {"layer": "lagging", "property": "opacity", "input": "progress", "apply": "implicit"},
        {"layer": "backing", "property": "opacity", "input": "progress", "apply": "implicit"}
        """#)
    rig.scene.advance(to: 0.4)
    let progress = rig.control.inputs.progress
    #expect(progress > 0.2 && progress < 0.5, "mid-pull")

    let plain = try rig.model("plain")
    #expect(plain.opacity == progress && plain.animationKeys.isEmpty)
    #expect(try rig.shown("plain").opacity == progress)

    let lagging = try rig.model("lagging")
    #expect(lagging.opacity == progress)
    let action = try #require(lagging.animation(forKey: "opacity") as? BasicAnimation<Double>)
    #expect(action.timing.duration == 0.25 && action.timingFunction == .default)
    #expect(try rig.shown("lagging").opacity < progress, "still on its way to the pull")

    // A layer that backs a view animates only inside a view animation block.
    #expect(try rig.model("backing").animationKeys.isEmpty)
    #expect(try rig.shown("backing").opacity == progress)
  }
}
