import FlipbookComponents
import FlipbookGraphics
import FlipbookJSON
import FlipbookLayers
import FlipbookTiming
import Foundation
import Testing

@testable import FlipbookScene

/// Reactions in UIView animation blocks, the content following an inset animation, and bindings never undoing a
/// reaction in the instant it runs.
@Suite("Custom views: view animations, insets and the order of bindings and reactions")
struct CustomViewMotionTests {
  /// A view layer "dot" at x 160 whose opacity follows the inset; `on` is the view's reactions.
  static func script(on: String, binding: String = "") -> Data {
    Data(
      ##"""
      {"viewport": {"width": 320, "height": 480, "scale": 1}, "fps": 60, "duration": 4, "content": {"rows": 12},
       "refresh": {"style": "custom", "trigger": {"distance": 60}, "end": {"after": 1},
         "inset": {"height": 60, "in": {"duration": 0.3}, "out": {"duration": 1, "curve": "linear"}},
         "view": {"height": 60,
           "layers": [{"name": "dot", "viewLayer": true, "bounds": [0, 0, 8, 8], "position": [160, 30], "backgroundColor": "#000000"}],
           "bindings": [\##(binding)],
           "on": \##(on)}},
       "touches": [{"down": 0.2, "up": 0.8, "track": [{"at": 0.2, "y": 0}, {"at": 0.6, "y": 200}, {"at": 0.8, "y": 200}]}]}
      """##.utf8)
  }

  /// When `moment` comes in a run of `data` (the moments do not depend on the reactions).
  static func time(of moment: RefreshMoment, in data: Data) throws -> Double {
    let scene = try GestureScript.decode(data)
    let view = try #require((scene.refresh as? CustomRefreshControl)?.refreshView as? DesignedRefreshView)
    scene.advance(to: 3.5)
    return try #require(view.moments.first { $0.moment == moment }).time
  }

  @Test("A spring view animation in a reaction follows UIKit's damped closed form")
  func spring() throws {
    let data = Self.script(
      on:
        #"{"startAnimating": {"viewAnimation": {"duration": 0.6, "dampingRatio": 0.4, "initialVelocity": 2}, "set": {"dot": {"position": [260, 30]}}}}"#
    )
    let start = try Self.time(of: .startAnimating, in: data)
    // UIKit's spring: mass 1, stiffness k chosen so it settles in the duration, damping c = 2ζ√k.
    let k = Spring.uiView(dampingRatio: 0.4, initialVelocity: 2, duration: 0.6).stiffness
    let omega0 = k.squareRoot()
    let alpha = 0.4 * omega0
    let omega = omega0 * (1 - 0.4 * 0.4).squareRoot()
    func closedForm(_ t: Double) -> Double {
      1 - exp(-alpha * t) * (cos(omega * t) + (alpha - 2) / omega * sin(omega * t))
    }
    for t in [0.05, 0.1, 0.2, 0.3, 0.45] {
      let scene = try GestureScript.decode(data)
      scene.advance(to: start + t)
      let dot = try #require(scene.root.layer(named: "dot"))
      let x = dot.presentationOfSelf(at: dot.localTime).position.x
      #expect(abs(x - (160 + 100 * closedForm(t))) < 1e-6, "at +\(t) s: \(x)")
    }
    #expect((1...60).map { closedForm(Double($0) / 100) }.max()! > 1, "a ratio of 0.4 overshoots")
  }

  @Test("A view animation and a transaction in one reaction are refused, as is a timed set on a view's layer")
  func refusals() throws {
    let both = Self.script(
      on:
        #"{"idle": {"transaction": {"duration": 0.2}, "viewAnimation": {"duration": 0.2}, "set": {"dot": {"opacity": 0}}}}"#
    )
    #expect {
      try GestureScript.decode(both)
    } throws: {
      "\($0)" == "$.refresh.view.on.idle.viewAnimation: a reaction runs in a transaction or a view animation, not both"
    }
    let timed = Self.script(on: #"{"idle": {"transaction": {"duration": 0.2}, "set": {"dot": {"opacity": 0}}}}"#)
    #expect {
      try GestureScript.decode(timed)
    } throws: {
      "\($0)"
        == #"$.refresh.view.on.idle.set.dot: "dot" is a view's layer, which jumps in a transaction as UIKit's does: give the reaction a "viewAnimation" to animate it, or "disableActions": true to jump"#
    }
  }

  @Test("A reaction's animation that would begin before the reaction is refused, naming its beginTime")
  func pastBeginTime() throws {
    let data = Self.script(
      on: #"{"idle": {"add": {"dot": [{"keyPath": "opacity", "from": 0, "to": 1, "duration": 1, "beginTime": -0.5}]}}}"#
    )
    #expect {
      try GestureScript.decode(data)
    } throws: {
      "\($0)"
        == "$.refresh.view.on.idle.add.dot[0].beginTime: -0.5 s is before the reaction runs: a reaction's beginTime counts from it (0: at once, 0.3: 0.3 s later)"
    }
  }

  @Test("The content at rest moves with the inset as it animates out, as UIKit's does")
  func contentFollowsInset() throws {
    let data = Self.script(on: "{}")
    let stop = try Self.time(of: .stopAnimating, in: data)
    let scene = try GestureScript.decode(data)
    for t in [0.1, 0.25, 0.5, 0.75, 0.9] {
      scene.advance(to: stop + t)
      let inset = Double(scene.scrollView.presentationInset.top)
      let offset = Double(scene.scrollView.presentationContentOffset.y)
      #expect(abs(inset - 60 * (1 - t)) < 1e-6, "the linear inset at +\(t) s")
      #expect(abs(offset + inset) < 1e-6, "the content sits on the inset at +\(t) s: \(offset) vs \(inset)")
    }
  }

  @Test("A delayed reaction's animated change is not undone by a binding in the instant it runs")
  func reactionWinsItsInstant() throws {
    let data = Self.script(
      on:
        #"{"stopAnimating": {"delay": 0.2, "viewAnimation": {"duration": 0.5, "curve": "linear"}, "set": {"dot": {"opacity": 0.2}}}}"#,
      binding:
        #"{"layer": "dot", "property": "opacity", "input": "inset", "from": [0, 60], "to": [0.5, 1], "apply": "set"}"#
    )
    let stop = try Self.time(of: .stopAnimating, in: data)
    let scene = try GestureScript.decode(data)
    scene.advance(to: stop + 0.2)
    let dot = try #require(scene.root.layer(named: "dot"))
    #expect(dot.opacity == 0.2, "the reaction's value stands in its instant")
    #expect(dot.animation(forKey: "opacity") != nil, "and animates there")
  }
}
