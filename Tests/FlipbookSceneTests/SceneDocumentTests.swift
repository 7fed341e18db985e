import FlipbookGraphics
import FlipbookJSON
import FlipbookLayers
import Foundation
import Testing

@testable import FlipbookScene

@Suite("Scene documents")
struct SceneDocumentTests {
  let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

  func decode(_ text: String) throws(DocumentError) -> Scene {
    try SceneDocument.decode(Data(text.utf8), baseDirectory: here)
  }

  /// The one-line message a bad document produces.
  func message(_ text: String) -> String? {
    do {
      _ = try decode(text)
      return nil
    } catch {
      return error.description
    }
  }

  @Test("A document builds the layer tree it describes")
  func buildsTree() throws {
    let scene = try decode(
      """
      {"size": [320, 65], "scale": 3, "background": "#E2E7ED",
       "layers": [
         {"type": "shape", "name": "oval", "frame": [10, 10, 44, 44], "path": "M 0 0 L 44 44",
          "fillColor": null, "strokeColor": "#FFFFFF", "lineWidth": 4, "lineDashPattern": [2, 3],
          "strokeStart": -0.5, "strokeEnd": 0.25,
          "sublayers": [{"type": "text", "name": "label", "frame": [0, 0, 100, 20], "string": "Loading..."}]},
         {"name": "flip", "bounds": [0, 0, 30, 55], "position": [40, 27.5], "transform": [{"rotate": 180}]}
       ]}
      """)
    #expect(scene.size == CGSize(width: 320, height: 65) && scene.scale == 3)
    #expect(scene.background == Color(hex: "#E2E7ED"))
    let oval = try #require(scene.root.layer(named: "oval") as? ShapeLayer)
    #expect(oval.fillColor == nil && oval.strokeColor == .white && oval.lineDashPattern == [2, 3])
    #expect(oval.strokeStart == -0.5 && oval.strokeEnd == 0.25)
    #expect(oval.frame == CGRect(x: 10, y: 10, width: 44, height: 44))
    #expect((scene.root.layer(named: "label") as? TextLayer)?.string == "Loading...")
    let flip = try #require(scene.root.layer(named: "flip"))
    #expect(abs(flip.transform.m11 + 1) < 1e-12 && abs(flip.transform.m22 + 1) < 1e-12)
  }

  @Test(
    "Bad documents give one line naming the JSON path",
    arguments: [
      (##"{"layers": []}"##, ##"$: missing key "size""##),
      (
        ##"{"size": [10, 10], "layers": [{"opacity": "x"}]}"##, "$.layers[0].opacity: expected a number, found a string"
      ),
      (##"{"size": [10, 10], "layers": [{"opacity": 2}]}"##, "$.layers[0].opacity: 2 is out of range 0...1"),
      (
        ##"{"size": [10, 10], "layers": [{"type": "shape", "fillColour": "#fff"}]}"##,
        ##"$.layers[0].fillColour: unknown key (did you mean "fillColor"?); valid here: "fillColor", "fillRule", "borderColor", "shadowColor", "strokeColor", "lineCap" (the 6 nearest of 47)"##
      ),
      (
        ##"{"size": [10, 10], "layers": [{"sublayers": [{"type": "blob"}]}]}"##,
        ##"$.layers[0].sublayers[0].type: "blob" is not one of "layer", "shape", "text", "label", "gradient", "replicator", "lottie""##
      ),
      (
        ##"{"size": [10, 10], "layers": [{"backgroundColor": "red"}]}"##,
        ##"$.layers[0].backgroundColor: "red" is not a colour; write #RRGGBB or #RRGGBBAA"##
      ),
      (
        ##"{"size": [10, 10], "layers": [{"frame": [0, 0, 1]}]}"##,
        "$.layers[0].frame: expected 4 numbers, found 3 items"
      ),
      (
        ##"{"size": [10, 10], "layers": [{"type": "shape", "lineCap": "flat"}]}"##,
        ##"$.layers[0].lineCap: "flat" is not one of "butt", "round", "square""##
      ),
      (##"{"size": [10, 10], "layers": [{"contents": {"file": "missing.png"}}]}"##, nil),
      (##"{"size": [100000, 10]}"##, "$.size: each side must be more than 0 and at most 16384 points"),
      (##"{"size": [10, 10], "scale": 7}"##, "$.scale: 7 is out of range 1...3"),
      ("{\"size\": [10, 10],\n \"layers\": [}", "line 2, column 13: expected a value, found '}'"),
      (
        ##"{"size": [10, 10], "layers": [{"transform": [{"spin": 3}]}]}"##,
        ##"$.layers[0].transform[0].spin: unknown key; valid here: "perspective", "rotate", "rotateX", "rotateY", "scale", "translate""##
      ),
    ] as [(String, String?)])
  func errors(text: String, expected: String?) throws {
    let got = try #require(message(text))
    if let expected {
      #expect(got == expected)
    } else {
      #expect(got.hasPrefix("$.layers[0].contents: ") && got.contains("missing.png"))
    }
  }

  @Test("Transforms may be 16 numbers or steps applied in order")
  func transforms() throws {
    let scene = try decode(
      ##"{"size": [10, 10], "layers": [{"name": "m", "transform": [1,0,0,0, 0,1,0,0, 0,0,1,-0.002, 5,6,0,1]},"##
        + ##"{"name": "s", "transform": [{"translate": [10, 0]}, {"scale": 2}]}]}"##)
    let m = try #require(scene.root.layer(named: "m"))
    #expect(m.transform.m34 == -0.002 && m.transform.m41 == 5 && m.transform.m42 == 6)
    // Translate first, then scale: (0, 0) -> (10, 0) -> (20, 0).
    let s = try #require(scene.root.layer(named: "s"))
    #expect(s.transform.planeProjection.map(.zero).point == CGPoint(x: 20, y: 0))
  }

  @Test("Every bundled example decodes and renders")
  func examples() throws {
    let folder = here.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("examples/scenes")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
    #expect(!files.isEmpty)
    for file in files.sorted() {
      let scene = try SceneDocument.load(path: folder.appendingPathComponent(file).path, scale: 1)
      let image = try scene.render()
      #expect(image.width == Int(scene.size.width.rounded(.up)))
    }
  }

  @Test("The inspector names Core Animation's keys and rounds noise away")
  func inspector() throws {
    let scene = try decode(
      ##"{"size": [10, 10], "layers": [{"type": "shape", "name": "s", "bounds": [0, 0, 4, 4], "transform": [{"rotate": 90}], "strokeEnd": 0.5}]}"##
    )
    let json = LayerInspector.json(of: scene.root)
    guard case .array(let subs) = json["sublayers"], let shape = subs.first else {
      Issue.record("no sublayers")
      return
    }
    #expect(shape["type"] == .string("shape"))
    #expect(shape["strokeEnd"] == .number(0.5))
    #expect(shape["transform"] == .array([0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1].map { .number($0) }))
    #expect(shape["bounds"] == .array([0, 0, 4, 4].map { .number($0) }))
  }
}
