import FlipbookGraphics
import FlipbookJSON
import FlipbookLayers
import Foundation
import Testing

@testable import FlipbookScene

// `"type": "label"` in scene documents, and its errors.
extension SceneDocumentTests {
  @Test("A label document: UILabel's keys, its lines and line break mode, inspected back")
  func labelDocument() throws {
    let scene = try decode(
      sceneText(
        ##"{"type": "label", "name": "status", "frame": [0, 0, 40, 20], "string": "Loading",  "fontSize": 13,"##
          + ##" "fontWeight": 700, "numberOfLines": 2, "lineBreakMode": "truncatingMiddle", "alignmentMode": "center"}"##
      ))
    let label = try #require(scene.root.layer(named: "status") as? Label)
    #expect(label.numberOfLines == 2 && label.lineBreakMode == .truncatingMiddle && label.fontSize == 13)
    #expect(label.foregroundColor == .black, "UILabel's default colour, not CATextLayer's white")
    let json = LayerInspector.json(of: label)
    #expect(json["type"] == .string("label"))
    #expect(json["numberOfLines"] == .number(2))
    #expect(json["lineBreakMode"] == .string("truncatingMiddle"))
    #expect(json["wrapped"] == nil, "CATextLayer's keys are not a label's")
  }

  @Test(
    "Label errors name the key and the choices",
    arguments: [
      (##"{"type": "label", "wrapped": true}"##, "$.layers[0].wrapped: unknown key"),
      (##"{"type": "label", "lineBreakMode": "truncatingEnd"}"##, "is not one of \"wordWrapping\""),
      (##"{"type": "label", "numberOfLines": -1}"##, "$.layers[0].numberOfLines"),
      (##"{"type": "lable"}"##, "\"lable\" is not one of \"layer\", \"shape\", \"text\", \"label\""),
    ])
  func labelErrors(layer: String, message: String) throws {
    let error = try #require(throws: DocumentError.self) { try decode(sceneText(layer)) }
    #expect(error.description.contains(message), "\(error.description)")
  }
}
