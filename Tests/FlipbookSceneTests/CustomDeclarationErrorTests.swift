import FlipbookJSON
import Foundation
import Testing

@testable import FlipbookScene

/// Bad refresh-view declarations are refused at load in one line naming the JSON path, with a
/// suggestion where a name is close to one that exists.
@Suite("Custom refresh view: bad declarations")
struct CustomDeclarationErrorTests {
  /// A 60 pt view with a shape layer `ring`, a text layer `label` and a plain layer `dot`.
  static let layers = ##"""
    "layers": [{"type": "shape", "name": "ring", "path": "M 0 0 L 10 0", "strokeColor": "#FFFFFF"},
               {"type": "text", "name": "label"}, {"name": "dot"}]
    """##

  /// The message a script whose `refresh` is `refresh` fails with, or nil when it loads.
  func message(_ refresh: String) -> String? {
    let text = #"{"viewport": {"width": 320, "height": 480}, "refresh": \#(refresh)}"#
    do {
      _ = try GestureScript.decode(Data(text.utf8))
      return nil
    } catch {
      return error.description
    }
  }

  /// A custom view with `members` after its height and layers, and `behaviour` after the view.
  func custom(_ members: String, behaviour: String = "") -> String {
    #"{"style": "custom", "view": {"height": 60, \#(Self.layers), \#(members)}\#(behaviour)}"#
  }

  /// One binding: the members given, after the layer `ring` and `"apply": "set"` unless they say otherwise.
  func binding(_ members: String) -> String {
    custom(#""bindings": [{\#(members)}]"#)
  }

  @Test(
    "A bad binding is refused at its path",
    arguments: [
      (
        #""layer": "rign", "property": "strokeEnd", "input": "progress", "apply": "set""#,
        #"$.refresh.view.bindings[0].layer: no layer named "rign" in this view (did you mean "ring"?); valid here: "dot", "label", "ring""#
      ),
      (
        #""layer": "ring", "property": "strokeEnds", "input": "progress", "apply": "set""#,
        #"$.refresh.view.bindings[0].property: "strokeEnds" is not a property a binding can drive on "ring", a shape layer (did you mean "strokeEnd"?); valid here: "strokeEnd", "strokeColor", "strokeStart", "bounds", "hidden", "transform" (the 6 nearest of 44)"#
      ),
      (
        #""layer": "label", "property": "strokeEnd", "input": "progress", "apply": "set""#,
        #"$.refresh.view.bindings[0].property: "strokeEnd" is not a property of "label", a text layer"#
      ),
      (
        #""layer": "ring", "property": "strokeEnd", "input": "progres", "apply": "set""#,
        #"$.refresh.view.bindings[0].input: "progres" is not one of "progress", "pull", "beyondThreshold", "state", "inset", "offset", "fingerX" (did you mean "progress"?)"#
      ),
      (
        #""layer": "ring", "property": "strokeEnd", "input": "progress""#,
        #"$.refresh.view.bindings[0]: missing key "apply""#
      ),
      (
        ##""layer": "ring", "property": "strokeEnd", "input": "progress", "to": [0, "#FF0000"], "apply": "set""##,
        #"$.refresh.view.bindings[0].to[1]: expected a number, found a string"#
      ),
      (
        #""layer": "ring", "property": "strokeEnd", "input": "progress", "values": {"armed": 1}, "apply": "set""#,
        #"$.refresh.view.bindings[0].values: "progress" is a number: map it with "to" or "keyframes""#
      ),
      (
        #""layer": "ring", "property": "strokeEnd", "input": "progress", "to": [0, 0.5, 1], "apply": "set""#,
        #"$.refresh.view.bindings[0].to: expected [start, end], found 3 values"#
      ),
      (
        #""layer": "ring", "property": "strokeEnd", "input": "state", "apply": "set""#,
        #"$.refresh.view.bindings[0]: the "state" input names phases: map it with "values""#
      ),
      (
        #""layer": "label", "property": "string", "input": "state", "values": {"armd": "Release"}, "apply": "set""#,
        #"$.refresh.view.bindings[0].values.armd: unknown key (did you mean "armed"?); valid here: "armed", "finishing", "idle", "otherwise", "pulling", "refreshing""#
      ),
    ])
  func badBinding(members: String, expected: String) {
    #expect(message(binding(members)) == expected)
  }

  @Test(
    "A bad reaction is refused at its path",
    arguments: [
      (
        #""on": {"startAnimation": {"set": {"dot": {"opacity": 1}}}}"#,
        #"$.refresh.view.on.startAnimation: unknown key (did you mean "startAnimating"?); valid here: "beyondThreshold", "idle", "startAnimating", "stopAnimating", "withinThreshold""#
      ),
      (
        #""on": {"startAnimating": {"set": {"rign": {"opacity": 1}}}}"#,
        #"$.refresh.view.on.startAnimating.set.rign: no layer named "rign" in this view (did you mean "ring"?); valid here: "dot", "label", "ring""#
      ),
      (
        #""on": {"stopAnimating": {"remove": {"dott": ["spin"]}}}"#,
        #"$.refresh.view.on.stopAnimating.remove.dott: no layer named "dott" in this view (did you mean "dot"?); valid here: "dot", "label", "ring""#
      ),
      (
        #""on": {"startAnimating": {"add": {"dot": [{"keyPath": "strokeEnd", "to": 1}]}}}"#,
        #"$.refresh.view.on.startAnimating.add.dot[0]: a plain layer has no property "strokeEnd""#
      ),
      (
        #""on": {"startAnimating": {"set": {"dot": {"strokeEnd": 1}}}}"#,
        // A plain layer's keys hold nothing near enough to suggest.
        #"$.refresh.view.on.startAnimating.set.dot.strokeEnd: "strokeEnd" belongs to shape layers; "dot" is a plain layer"#
      ),
    ])
  func badReaction(members: String, expected: String) {
    #expect(message(custom(members)) == expected)
  }

  @Test(
    "A bad behaviour is refused at its path",
    arguments: [
      (
        #"{"style": "custom", "view": {"height": 60}, "trigger": {"distance": 65, "progress": 1}}"#,
        #"$.refresh.trigger.progress: give "distance" or "progress", not both"#
      ),
      (
        #"{"style": "custom", "view": {"height": 60}, "trigger": {"when": "onRelease"}}"#,
        #"$.refresh.trigger.when: "onRelease" is not one of "release", "willEndDragging", "whileDragging" (did you mean "release"?)"#
      ),
      (
        #"{"style": "custom", "view": {"height": 60}, "end": "loaded"}"#,
        #"$.refresh.end: expected "dataLoaded" or {"after": seconds}"#
      ),
      (
        #"{"style": "custom", "view": {"layers": []}}"#,
        #"$.refresh.view: missing key "height""#
      ),
      (
        #"{"style": "custom"}"#,
        #"$.refresh: missing key "view""#
      ),
      (
        ##"{"style": "apl", "view": {"height": 60}, "didInstall": {"indicatorColor": "#FF0000"}}"##,
        #"$.refresh.didInstall: didInstall customises APL's default view; a view of your own styles itself"#
      ),
      (
        #"{"style": "apl", "didInstall": {"indicatorStyle": "grey"}}"#,
        #"$.refresh.didInstall.indicatorStyle: "grey" is not one of "gray", "white" (did you mean "gray"?)"#
      ),
    ])
  func badBehaviour(refresh: String, expected: String) {
    #expect(message(refresh) == expected)
  }

  @Test("Every message is one line")
  func oneLine() {
    let refused = message(binding(#""layer": "rign", "property": "strokeEnds", "input": "progres""#))
    #expect(refused?.contains("\n") == false)
  }
}
