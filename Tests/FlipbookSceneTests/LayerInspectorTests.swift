import FlipbookGraphics
import FlipbookJSON
import FlipbookLayers
import Foundation
import Testing

@testable import FlipbookScene

/// What the inspector shows beyond geometry: timing, attached animations, text shadows, shadow paths,
/// dash anchoring, contents rectangles and a text's language, each only when it is not at its default.
@Suite("Layer inspector")
struct LayerInspectorTests {
  /// A plain layer with its own time space, a faded contents rectangle and two animations, over a dashed
  /// shape anchored at strokeStart with a shadow path, and a label with UILabel's text shadow.
  func tree() throws -> Layer {
    let clock = Layer()
    clock.name = "clock"
    clock.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
    clock.beginTime = 2
    clock.speed = 0.5
    clock.timeOffset = 0.25
    clock.contentsRect = CGRect(x: 0, y: 0, width: 0.5, height: 1)
    try clock.add(BasicAnimation(keyPath: .opacity, from: 0, to: 1, duration: 1), forKey: "fade")
    try clock.add(KeyframeAnimation(keyPath: .rotation, values: [0, 1], duration: 1))
    let dash = ShapeLayer()
    dash.name = "dash"
    dash.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
    dash.lineDashPattern = [2, 1]
    dash.dashAnchoring = .strokeStart
    dash.shadowPath = Path(rect: CGRect(x: 0, y: 0, width: 4, height: 2))
    clock.addSublayer(dash)
    let label = TextLayer()
    label.name = "label"
    label.string = "Hi"
    label.textShadowColor = Color(white: 0.9)
    label.language = "zh-Hant"
    clock.addSublayer(label)
    return clock
  }

  @Test("The model tree's dump, exactly")
  func exact() throws {
    let text = LayerInspector.text(of: try tree())
    #expect(text == Self.expected)
  }

  @Test("A presentation copy shows the animations of the layer it was made from")
  func presentation() throws {
    let clock = try tree()
    let shown = LayerInspector.json(of: clock.presentation(at: 0))
    #expect(shown["animations"] == LayerInspector.json(of: clock)["animations"])
    #expect(clock.presentation(at: 0).modelLayer === clock && clock.modelLayer === clock)
  }

  @Test("Defaults stay out: no timing, animations, shadows, anchoring or contents rectangle keys")
  func defaultsHidden() {
    let plain = LayerInspector.json(of: Layer())
    let shape = LayerInspector.json(of: ShapeLayer())
    let text = LayerInspector.json(of: TextLayer())
    for key in ["beginTime", "speed", "timeOffset", "animations", "shadowPath", "contentsRect"] {
      #expect(plain[key] == nil && shape[key] == nil && text[key] == nil, "\(key)")
    }
    #expect(shape["dashAnchoring"] == nil && text["textShadowColor"] == nil && text["textShadowOffset"] == nil)
  }

  /// Checked by hand against `tree()`: the timing keys and the two animations (the unkeyed one with a null
  /// key) on the plain layer, `shadowPath` and `dashAnchoring` on the shape, the text shadow on the label.
  static let expected = """
    {
      "name": "clock",
      "type": "layer",
      "position": [0, 0],
      "bounds": [0, 0, 10, 10],
      "anchorPoint": [0.5, 0.5],
      "frame": [-5, -5, 10, 10],
      "opacity": 1,
      "hidden": false,
      "transform": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1],
      "contentsRect": [0, 0, 0.5, 1],
      "beginTime": 2,
      "speed": 0.5,
      "timeOffset": 0.25,
      "animations": [
        {
          "key": "fade",
          "type": "basic",
          "keyPaths": [
            "opacity"
          ]
        },
        {
          "key": null,
          "type": "keyframe",
          "keyPaths": [
            "transform.rotation"
          ]
        }
      ],
      "sublayers": [
        {
          "name": "dash",
          "type": "shape",
          "position": [0, 0],
          "bounds": [0, 0, 4, 4],
          "anchorPoint": [0.5, 0.5],
          "frame": [-2, -2, 4, 4],
          "opacity": 1,
          "hidden": false,
          "transform": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1],
          "shadowPath": "M 0 0 L 4 0 L 4 2 L 0 2 Z",
          "path": null,
          "fillColor": "#000000",
          "fillRule": "nonZero",
          "strokeColor": null,
          "lineWidth": 1,
          "lineCap": "butt",
          "lineJoin": "miter",
          "miterLimit": 10,
          "lineDashPattern": [2, 1],
          "lineDashPhase": 0,
          "strokeStart": 0,
          "strokeEnd": 1,
          "dashAnchoring": "strokeStart",
          "sublayers": []
        },
        {
          "name": "label",
          "type": "text",
          "position": [0, 0],
          "bounds": [0, 0, 0, 0],
          "anchorPoint": [0.5, 0.5],
          "frame": [0, 0, 0, 0],
          "opacity": 1,
          "hidden": false,
          "transform": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1],
          "string": "Hi",
          "fontFamily": "Inter",
          "fontSize": 36,
          "fontWeight": 400,
          "foregroundColor": "#FFFFFF",
          "alignmentMode": "left",
          "wrapped": false,
          "truncationMode": "none",
          "textShadowColor": "#E6E6E6",
          "textShadowOffset": [0, -1],
          "language": "zh-Hant",
          "sublayers": []
        }
      ]
    }

    """
}
