import FlipbookComponents
import FlipbookGraphics
import FlipbookJSON
import FlipbookLayers
import Foundation
import Testing

@testable import FlipbookScene

/// A shape's `path` driven by a binding (a wave stretching with the pull) and animated by a reaction.
@Suite("Custom views: bound and animated paths")
struct CustomViewPathTests {
  /// A 320 pt wave whose quadratic's control point drops 80 pt over the progress (or over `keyframes`).
  static func script(binding: String, reaction: String = "{}") -> Data {
    Data(
      ##"""
      {"viewport": {"width": 320, "height": 480, "scale": 1}, "fps": 60, "duration": 3, "content": {"rows": 12},
       "refresh": {"style": "custom", "trigger": {"distance": 60},
         "view": {"height": 80,
           "layers": [{"type": "shape", "name": "wave", "frame": [0, 0, 320, 80], "path": "M 0 0 Q 160 0 320 0",
                       "fillColor": "#007AFF"}],
           "bindings": [{"layer": "wave", "property": "path", "input": "progress", \##(binding), "apply": "set"}],
           "on": {"startAnimating": \##(reaction)}}},
       "touches": [{"down": 0.2, "up": 0.8, "track": [{"at": 0.2, "y": 0}, {"at": 0.6, "y": 200}, {"at": 0.8, "y": 200}]}]}
      """##.utf8)
  }

  static func view(_ data: Data) throws -> DesignedRefreshView {
    let scene = try GestureScript.decode(data)
    return try #require((scene.refresh as? CustomRefreshControl)?.refreshView as? DesignedRefreshView)
  }

  /// The control point of the wave's quadratic.
  static func control(_ view: DesignedRefreshView) throws -> CGPoint {
    let path = try #require((view.layer(named: "wave") as? ShapeLayer)?.path)
    guard case .quadCurve(let control, _) = path.elements[1] else {
      Issue.record("not a quadratic: \(path.commandLetters)")
      return .zero
    }
    return control
  }

  @Test("At progress 0.5 the bound path is the two paths' midpoint, point by point; keyframes ease per stretch")
  func midpoint() throws {
    let view = try Self.view(Self.script(binding: #""to": ["M 0 0 Q 160 0 320 0", "M 0 20 Q 160 80 320 20"]"#))
    view.update(RefreshInputs(progress: 0.5, phase: .pulling))
    let path = try #require((view.layer(named: "wave") as? ShapeLayer)?.path)
    #expect(
      path.elements == [
        .move(CGPoint(x: 0, y: 10)), .quadCurve(control: CGPoint(x: 160, y: 40), to: CGPoint(x: 320, y: 10)),
      ])
    view.update(RefreshInputs(progress: 0.25, phase: .pulling))
    #expect(try Self.control(view) == CGPoint(x: 160, y: 20))

    let keyed = try Self.view(
      Self.script(
        binding:
          #""keyframes": [[0, "M 0 0 Q 160 0 320 0"], [0.5, "M 0 0 Q 160 80 320 0"], [1, "M 0 0 Q 160 60 320 0"]]"#))
    keyed.update(RefreshInputs(progress: 0.75, phase: .pulling))
    #expect(try Self.control(keyed) == CGPoint(x: 160, y: 70))
  }

  @Test("A reaction's path animation morphs: half way through a 1 s animation the control point is half way down")
  func animated() throws {
    let reaction =
      #"{"add": {"wave": [{"keyPath": "path", "from": "M 0 0 Q 160 0 320 0", "to": "M 0 0 Q 160 100 320 0", "duration": 1}]}}"#
    let data = Self.script(binding: #""to": ["M 0 0 Q 160 0 320 0", "M 0 0 Q 160 80 320 0"]"#, reaction: reaction)
    let scene = try GestureScript.decode(data)
    let view = try #require((scene.refresh as? CustomRefreshControl)?.refreshView as? DesignedRefreshView)
    scene.advance(to: 2.5)
    let start = try #require(view.moments.first { $0.moment == .startAnimating }).time
    let replay = try GestureScript.decode(data)
    replay.advance(to: start + 0.5)
    let wave = try #require(replay.root.layer(named: "wave") as? ShapeLayer)
    let shown = try #require(wave.presentationOfSelf(at: wave.localTime) as? ShapeLayer)
    guard case .quadCurve(let control, _)? = shown.path?.elements[1] else {
      Issue.record("no quadratic on screen")
      return
    }
    #expect(abs(control.y - 50) < 1e-9)
  }

  @Test("Paths drawn with other commands are refused, naming both")
  func differentCommands() throws {
    #expect {
      try GestureScript.decode(Self.script(binding: #""to": ["M 0 0 Q 160 0 320 0", "M 0 0 L 320 0"]"#))
    } throws: { error in
      "\(error)"
        == #"$.refresh.view.bindings[0].to[1]: drawn with "M L" where the first path has "M Q": a binding blends paths point by point, so each needs the same commands in the same order"#
    }
  }
}
