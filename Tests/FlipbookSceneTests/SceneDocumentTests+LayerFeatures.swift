import FlipbookGraphics
import FlipbookJSON
import FlipbookLayers
import Foundation
import Testing

@testable import FlipbookScene

// Masks, replicators, contentsRect and contentsCenter in scene documents, with the suite's helpers.
extension SceneDocumentTests {
  /// A 40x20 scene at scale 1 on white with `layers`.
  func sceneText(_ layers: String, extra: String = "") -> String {
    ##"{"size": [40, 20], "scale": 1, "background": "#FFFFFF", "layers": [\##(layers)]\##(extra)}"##
  }

  @Test("A mask is a layer object; it masks its owner and is found by name")
  func mask() throws {
    let scene = try decode(
      sceneText(
        ##"{"name": "owner", "frame": [0, 0, 40, 20], "backgroundColor": "#000000","##
          + ##" "mask": {"name": "wipe", "frame": [0, 0, 20, 20], "backgroundColor": "#0000FF80"}}"##))
    let wipe = try #require(scene.root.layer(named: "wipe"))
    #expect(wipe.maskOwner === scene.root.layer(named: "owner") && wipe.superlayer == nil)
    let image = try scene.render()
    #expect(image.pixel(x: 10, y: 10).distance(to: RGBA8(127, 127, 127)) <= 1)
    #expect(image.pixel(x: 30, y: 10) == RGBA8(255, 255, 255))
  }

  @Test("A mask's animations and events reach it: a wipe by an animation, then a jump by an event")
  func maskTimeline() throws {
    let scene = try decode(
      sceneText(
        ##"{"frame": [0, 0, 40, 20], "backgroundColor": "#000000", "mask": {"name": "wipe", "frame": [-20, 0, 20, 20],"##
          + ##" "backgroundColor": "#000000", "animations": [{"keyPath": "position.x", "from": -10, "to": 30,"##
          + ##" "duration": 1, "fillMode": "forwards", "removedOnCompletion": false}]}}"##,
        extra: ##", "events": [{"at": 1.5, "transaction": {"disableActions": true}, "set": {"wipe": {"opacity": 0}}}]"##
      ))
    scene.advance(to: 0.5)
    let half = try scene.render()
    #expect(half.pixel(x: 5, y: 10) == RGBA8(0, 0, 0) && half.pixel(x: 25, y: 10) == RGBA8(255, 255, 255))
    scene.advance(to: 1.0)
    #expect(try scene.render().pixel(x: 25, y: 10) == RGBA8(0, 0, 0))
    scene.advance(to: 1.6)
    #expect(try scene.render().pixel(x: 25, y: 10) == RGBA8(255, 255, 255), "a transparent mask hides the owner")
  }

  @Test("A replicator document: five squares 8 pt apart fading by 0.2, the fourth at x + 24 with alpha 0.4")
  func replicator() throws {
    let scene = try decode(
      sceneText(
        ##"{"type": "replicator", "name": "dots", "frame": [0, 0, 40, 20], "instanceCount": 5,"##
          + ##" "instanceTransform": [{"translate": [8, 0]}], "instanceAlphaOffset": -0.2, "instanceDelay": 0.1,"##
          + ##" "instanceColor": "#FFFFFF", "sublayers": [{"frame": [2, 5, 4, 4], "backgroundColor": "#000000"}]}"##))
    let dots = try #require(scene.root.layer(named: "dots") as? ReplicatorLayer)
    #expect(dots.instanceCount == 5 && dots.instanceDelay == 0.1 && dots.instanceAlphaOffset == -0.2)
    #expect(dots.instanceTransform == Transform3D(translationX: 8, y: 0))
    let image = try scene.render()
    #expect(image.pixel(x: 4, y: 7) == RGBA8(0, 0, 0))
    #expect(image.pixel(x: 28, y: 7).distance(to: RGBA8(153, 153, 153)) <= 1)
    #expect(image.pixel(x: 38, y: 7) == RGBA8(255, 255, 255))
  }

  @Test("contentsRect and contentsCenter decode as [x, y, w, h] and animate as rectangles")
  func contentsRects() throws {
    let scene = try decode(
      sceneText(
        ##"{"name": "sprite", "frame": [0, 0, 20, 20], "contentsRect": [0.5, 0, 0.5, 0.5],"##
          + ##" "contentsCenter": [0.25, 0.25, 0.5, 0.5], "animations": [{"type": "keyframe", "keyPath": "contentsRect","##
          + ##" "values": [[0, 0, 0.5, 0.5], [0.5, 0, 0.5, 0.5]], "calculationMode": "discrete", "duration": 1}]}"##))
    let sprite = try #require(scene.root.layer(named: "sprite"))
    #expect(sprite.contentsRect == CGRect(x: 0.5, y: 0, width: 0.5, height: 0.5))
    #expect(sprite.contentsCenter == CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5))
    #expect(scene.root.presentation(at: 0.25).layer(named: "sprite")?.contentsRect.minX == 0)
    #expect(scene.root.presentation(at: 0.75).layer(named: "sprite")?.contentsRect.minX == 0.5)
  }

  @Test("Replicator properties animate and change by events; a plain layer refuses them")
  func replicatorAnimations() throws {
    let scene = try decode(
      sceneText(
        ##"{"type": "replicator", "name": "r", "instanceCount": 3, "animations": ["##
          + ##"{"keyPath": "instanceTransform", "to": [{"rotate": 30}], "duration": 1},"##
          + ##"{"keyPath": "instanceColor", "from": "#FF0000", "to": "#0000FF", "duration": 1},"##
          + ##"{"keyPath": "instanceAlphaOffset", "to": -0.5, "duration": 1},"##
          + ##"{"keyPath": "instanceDelay", "to": 0.5, "duration": 1}]}"##,
        extra: ##", "events": [{"at": 2, "set": {"r": {"instanceCount": 4, "instanceBlueOffset": -0.25}}}]"##))
    let shown = try #require(scene.root.presentation(at: 0.5).layer(named: "r") as? ReplicatorLayer)
    #expect(abs(shown.instanceAlphaOffset + 0.25) < 1e-12 && abs(shown.instanceDelay - 0.25) < 1e-12)
    #expect(abs(shown.instanceColor.red - 0.5) < 1e-12 && abs(shown.instanceColor.blue - 0.5) < 1e-12)
    scene.advance(to: 2)
    let model = try #require(scene.root.layer(named: "r") as? ReplicatorLayer)
    #expect(model.instanceCount == 4 && model.instanceBlueOffset == -0.25)
    #expect(
      message(sceneText(##"{"animations": [{"keyPath": "instanceColor", "to": "#FF0000"}]}"##))
        == ##"$.layers[0].animations[0]: animation "instanceColor": a plain layer has no property "instanceColor""##)
  }

  @Test(
    "Bad values for the new keys give one line naming the JSON path",
    arguments: [
      (
        ##"{"type": "replicator", "instanceCount": 5000}"##,
        "$.layers[0].instanceCount: expected a whole number in 0...1000, found 5000"
      ),
      (
        ##"{"type": "replicator", "instanceCount": 2.5}"##,
        "$.layers[0].instanceCount: expected a whole number in 0...1000, found 2.5"
      ),
      (
        ##"{"type": "replicator", "instanceCount": "many"}"##,
        "$.layers[0].instanceCount: expected a number, found a string"
      ),
      (
        ##"{"type": "replicator", "instanceCont": 3}"##,
        ##"$.layers[0].instanceCont: unknown key (did you mean "instanceCount"?); valid here: "instanceCount", "instanceColor", "instanceDelay", "instanceRedOffset", "animations", "instanceBlueOffset" (the 6 nearest of 42)"##
      ),
      (
        ##"{"instanceCount": 3}"##,
        ##"$.layers[0].instanceCount: unknown key; valid here: "anchorPoint", "animations", "shadowColor", "anchorPointZ", "contents", "contentsCenter" (the 6 nearest of 34)"##
      ),
      (
        ##"{"type": "replicator", "instanceColor": "white"}"##,
        ##"$.layers[0].instanceColor: "white" is not a colour; write #RRGGBB or #RRGGBBAA"##
      ),
      (
        ##"{"type": "replicator", "instanceAlphaOffset": -2}"##,
        "$.layers[0].instanceAlphaOffset: -2 is out of range -1...1"
      ),
      (
        ##"{"type": "replicator", "instanceTransform": [{"spin": 3}]}"##,
        ##"$.layers[0].instanceTransform[0].spin: unknown key; valid here: "perspective", "rotate", "rotateX", "rotateY", "scale", "translate""##
      ),
      (
        ##"{"type": "replicator", "instanceDelay": 1e6}"##,
        "$.layers[0].instanceDelay: 1000000 s is beyond ±86400 s (a day), the longest a render runs"
      ),
      (##"{"mask": "round"}"##, "$.layers[0].mask: expected a layer object, found a string"),
      (##"{"mask": [0, 0, 10, 10]}"##, "$.layers[0].mask: expected a layer object, found an array"),
      (
        ##"{"mask": {"type": "shape", "fillColour": "#000000"}}"##,
        ##"$.layers[0].mask.fillColour: unknown key (did you mean "fillColor"?); valid here: "fillColor", "fillRule", "borderColor", "shadowColor", "strokeColor", "lineCap" (the 6 nearest of 47)"##
      ),
      (##"{"contentsRect": [0, 0, 1]}"##, "$.layers[0].contentsRect: expected 4 numbers, found 3 items"),
      (
        ##"{"contentsRect": [0, 0, 0, 1]}"##,
        "$.layers[0].contentsRect: width and height must be more than 0 (Core Animation leaves an empty contentsRect undefined)"
      ),
      (
        ##"{"contentsCenter": [0, 0, -1, 1]}"##,
        "$.layers[0].contentsCenter: width and height must not be negative"
      ),
      (##"{"contentsCenter": "middle"}"##, "$.layers[0].contentsCenter: expected an array, found a string"),
      (
        ##"{"animations": [{"keyPath": "contentsRect", "to": [0, 0, 1]}]}"##,
        "$.layers[0].animations[0].to: expected 4 numbers, found 3 items"
      ),
      (
        ##"{"animations": [{"keyPath": "instanceColour", "to": "#FFFFFF"}]}"##,
        ##"$.layers[0].animations[0].keyPath: unknown key path "instanceColour" (did you mean "instanceColor"?); valid here: "instanceColor", "instanceDelay", "strokeColor", "shadowColor", "instanceRedOffset", "instanceTransform" (the 6 nearest of 54)"##
      ),
    ] as [(String, String)])
  func layerFeatureErrors(layer: String, expected: String) {
    #expect(message(sceneText(layer)) == expected)
  }

  @Test("Replicators nested into more than 100000 drawn layers are refused before anything is drawn")
  func nestedReplicators() {
    let inner = ##"{"type": "replicator", "instanceCount": 1000, "sublayers": [{}]}"##
    let outer = ##"{"type": "replicator", "instanceCount": 1000, "sublayers": [\##(inner)]}"##
    #expect(
      message(sceneText(outer))
        == "$.layers[0].instanceCount: the replicator would draw 1001001 layers a frame (a replicator's sublayers "
        + "once per instance), more than 100000")
    let many = Array(repeating: inner, count: 120).joined(separator: ", ")
    #expect(message(sceneText(many))?.hasPrefix("$.layers: the scene would draw 120121 layers a frame") == true)
    #expect(message(sceneText(inner)) == nil)
  }

  @Test("A mask cannot be set by an event: it is structure, like sublayers")
  func maskNotAnEventKey() {
    let got = message(sceneText(##"{"name": "a"}"##, extra: ##", "events": [{"at": 1, "set": {"a": {"mask": {}}}}]"##))
    #expect(got?.hasPrefix("$.events[0].set.a.mask: unknown key") == true)
  }

  @Test("The inspector shows the mask, the replicator's properties and non-default contents rectangles")
  func inspectorShowsLayerFeatures() throws {
    let scene = try decode(
      sceneText(
        ##"{"type": "replicator", "instanceCount": 3, "contentsRect": [0, 0, 0.5, 1],"##
          + ##" "mask": {"name": "m", "frame": [0, 0, 5, 5]}}, {"name": "plain"}"##))
    let json = LayerInspector.json(of: scene.root)
    guard case .array(let subs) = json["sublayers"], subs.count == 2 else {
      Issue.record("no sublayers")
      return
    }
    let replicator = subs[0]
    #expect(replicator["type"] == .string("replicator") && replicator["instanceCount"] == .number(3))
    #expect(replicator["instanceColor"] == .string("#FFFFFF"))
    #expect(replicator["contentsRect"] == .array([0, 0, 0.5, 1].map { .number($0) }))
    #expect(replicator["mask"]?["name"] == .string("m"))
    #expect(subs[1]["mask"] == nil && subs[1]["contentsRect"] == nil && subs[1]["contentsCenter"] == nil)
  }
}
