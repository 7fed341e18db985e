import FlipbookGraphics
import FlipbookJSON
import FlipbookLayers
import Foundation
import Testing

@testable import FlipbookScene

@Suite("Scene documents with time")
struct SceneAnimationTests {
  let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  var examples: URL {
    here.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("examples/scenes")
  }

  func decode(_ text: String) throws(DocumentError) -> Scene {
    try SceneDocument.decode(Data(text.utf8), baseDirectory: here)
  }

  func message(_ text: String) -> String? {
    do {
      _ = try decode(text)
      return nil
    } catch {
      return error.description
    }
  }

  /// A one-layer scene with the given animation objects on a shape layer.
  func shapeScene(_ animations: String) -> String {
    ##"{"size": [100, 100], "layers": [{"type": "shape", "name": "s", "animations": [\##(animations)]}]}"##
  }

  @Test(
    "The airplane example's groups run as Core Animation's group and keyframe rules work out",
    arguments: [0.2, 0.5, 0.9])
  func airplane(f: Double) throws {
    let scene = try SceneDocument.load(path: examples.appendingPathComponent("airplane-refresh.json").path)
    let t = 1.5 + 1.5 * f
    scene.advance(to: t)
    let shown = scene.root.presentation(at: t)
    let oval = try #require(shown.layer(named: "oval") as? ShapeLayer)
    #expect(abs(oval.strokeEnd - f) < 1e-9)
    #expect(abs(max(0, oval.strokeStart) - (f < 1.0 / 3 ? 0 : 1.5 * f - 0.5)) < 1e-9)
    let plane = try #require(shown.layer(named: "airplane"))
    let angle = 2 * Double.pi * f
    #expect(abs(plane.position.x - (160 + 44 * cos(angle))) < 0.05)
    #expect(abs(plane.position.y - (55 + 44 * sin(angle))) < 0.05)
  }

  @Test("Events change the model inside transactions; a reversal starts from the angle on screen")
  func egoFlip() throws {
    let scene = try SceneDocument.load(path: examples.appendingPathComponent("ego-flip.json").path)
    func angle(at t: Double) -> Double {
      scene.advance(to: t)
      return AnimationKeyPath<Double>.rotationZ.value(of: scene.root.presentation(at: t).layer(named: "arrow")!)
    }
    #expect(angle(at: 0.05) == 0)
    let beforeReverse = angle(at: 0.2)
    #expect(beforeReverse > 2 && beforeReverse < .pi)
    #expect(abs(angle(at: 0.2) - beforeReverse) < 1e-9, "the reversal starts where the arrow is")
    #expect(angle(at: 0.3) < beforeReverse)
    #expect(abs(angle(at: 0.45)) < 1e-9)
    #expect(abs(abs(angle(at: 0.75)) - .pi) < 1e-6)
    let label = scene.root.layer(named: "statusLabel") as? TextLayer
    #expect(label?.string == "Release to refresh...")
  }

  @Test("Every animation kind decodes with its timing")
  func kinds() throws {
    let scene = try decode(
      shapeScene(
        ##"""
        {"keyPath": "strokeEnd", "from": 0, "to": 1, "duration": 2, "beginTime": 1, "fillMode": "backwards",
         "timingFunction": [0.42, 0, 0.58, 1], "repeatCount": 2, "autoreverses": true, "removedOnCompletion": false},
        {"type": "keyframe", "keyPath": "lineWidth", "values": [1, 3, 2], "keyTimes": [0, 0.5, 1],
         "timingFunctions": ["easeIn", "easeOut"], "duration": 1},
        {"type": "spring", "keyPath": "position", "from": [0, 0], "to": [10, 0], "damping": 5},
        {"type": "group", "key": "g", "duration": 1, "repeatCount": "infinity",
         "animations": [{"keyPath": "strokeColor", "to": "#FF0000"}, {"keyPath": "transform", "to": [{"scale": 2}]}]}
        """##))
    let layer = try #require(scene.root.layer(named: "s"))
    #expect(layer.animationKeys == ["strokeEnd", "lineWidth", "position", "g"])
    let basic = try #require(layer.animation(forKey: "strokeEnd"))
    #expect(basic.timing.beginTime == 1 && basic.timing.repeatCount == 2 && basic.timing.autoreverses)
    #expect(basic.timing.fillMode == .backwards && !basic.isRemovedOnCompletion)
    #expect(layer.animation(forKey: "g")?.timing.repeatCount == .infinity)
    #expect(
      abs(AnimationKeyPath<Double>.strokeEnd.value(of: scene.root.presentation(at: 0.5).layer(named: "s")!)) < 1e-12)
  }

  @Test(
    "Bad animations fail naming the animation's JSON path",
    arguments: [
      (
        ##"{"keyPath": "strokeEnds", "to": 1}"##,
        ##"$.layers[0].animations[0].keyPath: unknown key path "strokeEnds" (did you mean "strokeEnd"?); valid here: "strokeEnd", "strokeColor", "strokeStart", "bounds", "contents", "hidden" (the 6 nearest of 54)"##
      ),
      (##"{"keyPath": "strokeEnd", "to": "#FFF"}"##, "$.layers[0].animations[0].to: expected a number, found a string"),
      (##"{"keyPath": "position", "to": 3}"##, "$.layers[0].animations[0].to: expected an array, found a number"),
      (
        ##"{"type": "keyframe", "keyPath": "opacity", "values": [0, 1], "keyTimes": [0, 0.5, 1]}"##,
        "$.layers[0].animations[0].keyTimes: keyTimes must have 2 entries for 2 values"
      ),
      (##"{"type": "keyframe", "keyPath": "opacity", "values": [0, 1, 0], "keyTimes": [0, 0.7, 0.2]}"##, nil),
      (
        ##"{"keyPath": "opacity", "to": 1, "duration": -1}"##,
        "$.layers[0].animations[0].duration: -1 is out of range 0...86400"
      ),
      (
        ##"{"keyPath": "opacity", "to": 1, "repeatCount": 2, "repeatDuration": 3}"##,
        "$.layers[0].animations[0].repeatDuration: give repeatCount or repeatDuration, not both (Core Animation leaves that undefined)"
      ),
      (
        ##"{"type": "keyframe", "keyPath": "opacity", "values": [0, 1], "rotationMode": "auto"}"##,
        "$.layers[0].animations[0].rotationMode: rotationMode needs a path"
      ),
      (
        ##"{"type": "group", "animations": [{"keyPath": "opacity", "too": 1}]}"##,
        ##"$.layers[0].animations[0].animations[0].too: unknown key (did you mean "to"?); valid here: "to", "by", "from", "key", "type", "speed" (the 6 nearest of 18)"##
      ),
      (
        ##"{"type": "wobble"}"##,
        ##"$.layers[0].animations[0].type: "wobble" is not one of "basic", "keyframe", "group", "spring""##
      ),
      (##"{"keyPath": "opacity", "to": 1, "timingFunction": "bouncy"}"##, nil),
      (
        ##"{"keyPath": "opacity", "to": 1, "speed": 1e9}"##,
        "$.layers[0].animations[0].speed: speed 1000000000 must be 0 or from 0.001 to 1000 either side of 0"
      ),
      (
        ##"{"keyPath": "opacity", "to": 1, "speed": 1e-300}"##,
        "$.layers[0].animations[0].speed: speed 1e-300 must be 0 or from 0.001 to 1000 either side of 0"
      ),
      (
        ##"{"keyPath": "opacity", "to": 1, "beginTime": 1e300}"##,
        "$.layers[0].animations[0].beginTime: 1e+300 is beyond ±1e9, the largest number a document may hold"
      ),
      (
        ##"{"keyPath": "opacity", "to": 1, "beginTime": 86401}"##,
        "$.layers[0].animations[0].beginTime: 86401 s is beyond ±86400 s (a day), the longest a render runs"
      ),
      (
        ##"{"keyPath": "opacity", "to": 1, "timeOffset": -1e5}"##,
        "$.layers[0].animations[0].timeOffset: -100000 s is beyond ±86400 s (a day), the longest a render runs"
      ),
    ] as [(String, String?)])
  func badAnimations(animation: String, expected: String?) throws {
    let got = try #require(message(shapeScene(animation)))
    if let expected {
      #expect(got == expected)
    } else {
      #expect(got.hasPrefix("$.layers[0].animations[0]."), "\(got)")
    }
  }

  @Test("An animation the layer type cannot take is refused at its path")
  func wrongLayerType() throws {
    let got = try #require(
      message(
        ##"{"size": [10, 10], "layers": [{"name": "plain", "animations": [{"keyPath": "strokeEnd", "to": 1}]}]}"##))
    #expect(got == ##"$.layers[0].animations[0]: animation "strokeEnd": a plain layer has no property "strokeEnd""##)
  }

  @Test("Events naming missing layers or bad properties fail at load")
  func badEvents() throws {
    let missing = try #require(
      message(##"{"size": [10, 10], "events": [{"at": 1, "set": {"ghost": {"opacity": 0}}}]}"##))
    #expect(missing == ##"$.events[0].set.ghost: no layer named "ghost""##)
    let bad = try #require(
      message(
        ##"{"size": [10, 10], "layers": [{"name": "a"}], "events": [{"at": 1, "set": {"a": {"opacity": "x"}}}]}"##))
    #expect(bad == "$.events[0].set.a.opacity: expected a number, found a string")
  }

  @Test("Approximations are reported as notes, not ignored")
  func notes() throws {
    let scene = try decode(
      ##"{"size": [10, 10], "layers": [{"type": "shape", "name": "s", "animations": [{"keyPath": "path", "from": "M 0 0 L 5 5 Z", "to": "M 0 0 L 5 5"}]}]}"##
    )
    #expect(scene.notes.count == 1)
    #expect(
      scene.notes.first?.hasPrefix(
        "$.layers[0].animations[0].keyPath: a path animation between paths drawn with different elements switches")
        == true)
    // Paths drawn alike morph as Core Animation's do: nothing to note.
    let morph = try decode(
      ##"{"size": [10, 10], "layers": [{"type": "shape", "name": "s", "animations": [{"keyPath": "path", "from": "M 0 0 L 5 5", "to": "M 2 0 L 9 9"}]}]}"##
    )
    #expect(morph.notes.isEmpty)
  }

  @Test("The default duration runs to the end of the last animation or event")
  func defaultDuration() throws {
    let scene = try decode(shapeScene(##"{"keyPath": "opacity", "to": 0, "duration": 2, "beginTime": 0.5}"##))
    #expect(scene.duration == 2.5)
    #expect(try decode(##"{"size": [10, 10]}"##).duration == 1)
  }
}
