import FlipbookComponents
import FlipbookJSON
import FlipbookLayers
import Foundation
import Testing

@testable import FlipbookScene

/// Repetition in a custom view: twelve dots, their bindings and their staggered reactions each written once.
@Suite("Custom views: repeated layers, bindings and reactions")
struct CustomViewRepetitionTests {
  /// Twelve 8 pt dots 20 pt apart; dot i fades in over its twelfth of the progress; on startAnimating, dot i
  /// (one reaction each, 0.05 s apart) jumps to opacity 0.25 (a timed reaction in a list of reactions).
  static let script = Data(
    ##"""
    {"viewport": {"width": 320, "height": 480, "scale": 1}, "fps": 60, "duration": 3, "content": {"rows": 12},
     "refresh": {"style": "custom", "trigger": {"distance": 60},
       "view": {"height": 50,
         "layers": [{"repeat": 12, "name": "dot {i}", "bounds": [0, 0, 8, 8], "position": ["{50 + 20 * i}", 25],
                     "backgroundColor": "#007AFF", "opacity": 0}],
         "bindings": [{"repeat": 12, "layer": "dot {i}", "property": "opacity", "input": "progress",
                       "from": ["{i / n}", "{(i + 1) / n}"], "to": [0, 1], "apply": "set"}],
         "on": {"startAnimating": [{"repeat": 12, "delay": "{0.05 * i}", "transaction": {"disableActions": true},
                                    "set": {"dot {i}": {"opacity": 0.25}}}]}}},
     "touches": [{"down": 0.2, "up": 0.8, "track": [{"at": 0.2, "y": 0}, {"at": 0.6, "y": 200}, {"at": 0.8, "y": 200}]}]}
    """##.utf8)

  @Test("The 7th copy is \"dot 6\" at x 170, bound to progress 6/12…7/12, set 0.3 s after the refresh starts")
  func seventhCopy() throws {
    let scene = try GestureScript.decode(Self.script)
    let view = try #require((scene.refresh as? CustomRefreshControl)?.refreshView as? DesignedRefreshView)
    #expect(view.design.bindings.count == 12)
    #expect(view.design.reactions[.startAnimating]?.map(\.delay) == (0..<12).map { 0.05 * Double($0) })
    let dot = try #require(scene.root.layer(named: "dot 6"))
    #expect(dot.position.x == 170)
    var last = -1.0
    var start: Double?
    for tick in 1...150 {
      scene.advance(to: Double(tick) / 60)
      let inputs = view.inputs
      if start == nil, let began = view.moments.first(where: { $0.moment == .startAnimating }) { start = began.time }
      if let start {
        let time = Double(tick) / 60
        if time >= start + 0.3 - 1e-9 {
          #expect(dot.opacity == 0.25, "at \(time): the 7th reaction has run")
        } else if time < start + 0.3 - 1e-9, time >= start {
          #expect(dot.opacity != 0.25, "at \(time): the 7th reaction waits 0.3 s")
        }
      } else if inputs.phase == .pulling || inputs.phase == .armed {
        let expected = min(max((inputs.progress - 6.0 / 12) * 12, 0), 1)
        #expect(abs(dot.opacity - expected) < 1e-9, "progress \(inputs.progress)")
        last = inputs.progress
      }
    }
    #expect(start != nil && last > 7.0 / 12, "the pull went past dot 6's range and the refresh started")
  }

  @Test("An error in a copy names the copy")
  func errorNamesCopy() throws {
    let text = String(decoding: Self.script, as: UTF8.self).replacingOccurrences(
      of: #""layer": "dot {i}""#, with: #""layer": "dot {i + 1}""#)
    #expect {
      try GestureScript.decode(Data(text.utf8))
    } throws: { error in
      "\(error)".contains(#"$.refresh.view.bindings[0][i=11].layer: no layer named "dot 12" in this view"#)
    }
  }
}
