import FlipbookComponents
import FlipbookGraphics
import FlipbookLayers
import FlipbookScene
import Foundation
import Testing

/// A declared view in APL's container (`"view"`), and `didInstall` customising APL's default view.
@Suite("Custom refresh view in APL's container")
struct CustomAPLViewTests {
  /// A 50 pt view whose label follows the phase and whose bar's opacity is the progress.
  static let design = CustomScript.view(
    height: 50,
    layers: #"{"type": "text", "name": "status", "frame": [0, 0, 320, 20]}, {"name": "bar", "frame": [0, 40, 320, 4]}"#,
    #"""
    "bindings": [
      {"layer": "status", "property": "string", "input": "state",
       "values": {"armed": "Release", "refreshing": "Loading", "otherwise": "Pull"}, "apply": "set"},
      {"layer": "bar", "property": "opacity", "input": "progress", "apply": "set"}]
    """#)

  func hosted(_ container: PullToRefreshContainer) throws -> DesignedRefreshView {
    let hosted = try #require(container.refreshView as? APLHostedRefreshView)
    return try #require(hosted.hosted as? DesignedRefreshView)
  }

  @Test("Every pull gets a fresh view; its bindings hear the progress and the phase, armed from 0.9")
  func freshViews() throws {
    let scene = try CustomScript.decode(
      #"{"style": "apl", "view": \#(Self.design)}"#,
      touches: [
        CustomScript.hold(pull: 44, up: 1),
        CustomScript.hold(pull: 46, down: 2, reach: 2.4, up: 2.8),
      ],
      events: [CustomScript.dataLoaded(at: 3.5)])
    let container = try #require(scene.refresh as? PullToRefreshContainer)

    scene.advance(to: 0.8)
    let first = try hosted(container)
    // 44 of 50 pt: 0.88, under APL's 0.9.
    #expect(abs(first.inputs.progress - 0.88) < 1e-9 && first.inputs.phase == .pulling)
    #expect((first.layer(named: "status") as? TextLayer)?.string == "Pull")
    #expect(abs((first.layer(named: "bar")?.opacity ?? 0) - 0.88) < 1e-9)

    scene.advance(to: 2.6)
    let second = try hosted(container)
    #expect(first !== second, "a new view for the second pull")
    #expect(first.view.superview == nil, "the cancelled pull's view is gone")
    #expect(abs(second.inputs.progress - 0.92) < 1e-9 && second.inputs.phase == .armed)
    #expect((second.layer(named: "status") as? TextLayer)?.string == "Release")

    scene.advance(to: 3)
    #expect(second.inputs.phase == .refreshing && (second.layer(named: "status") as? TextLayer)?.string == "Loading")
    scene.advance(to: 3.6)
    #expect(second.inputs.phase == .finishing)
    #expect(first.moments.isEmpty, "never refreshed: no reactions")
    #expect(second.moments.map(\.moment) == [.beyondThreshold, .startAnimating, .stopAnimating])
    #expect(second.moments.map(\.time).suffix(2) == [2.8, 3.5])
  }

  @Test("didInstall recolours the default view's spokes and paints its background")
  func didInstall() throws {
    let scene = try CustomScript.decode(
      ##"{"style": "apl", "didInstall": {"indicatorColor": "#FF2D55", "backgroundColor": "#F2F2F7"}}"##,
      touches: [CustomScript.hold(pull: 70, up: 1)])
    scene.advance(to: 0.8)
    let container = try #require(scene.refresh as? PullToRefreshContainer)
    let view = try #require(container.refreshView as? DefaultRefreshView)
    let pink = try #require(Color(hex: "#FF2D55"))
    #expect(view.activityIndicator.color == pink)
    let spokes = view.activityIndicator.layer.layer(named: "spokes")?.sublayers.compactMap { $0 as? ShapeLayer } ?? []
    #expect(spokes.count == ActivityIndicatorView.spokeCount && spokes.allSatisfy { $0.strokeColor == pink })
    #expect(view.backgroundColor == Color(hex: "#F2F2F7"))

    // On screen, pulled 70 pt, past the whole 64 pt view (alpha 1), which spans y 6...70: its background
    // near the top left, and the leading spoke (opacity 1, at 9 o'clock from the indicator's centre,
    // (160, 6 + 32)) in pink. Above the view, the scroll view's white.
    let image = try LayerRenderer(scale: 1).render(scene.root, at: scene.time)
    #expect(image.pixel(x: 5, y: 2) == RGBA8(0xFF, 0xFF, 0xFF))
    #expect(image.pixel(x: 5, y: 10) == RGBA8(0xF2, 0xF2, 0xF7))
    #expect(image.pixel(x: 153, y: 37) == RGBA8(0xFF, 0x2D, 0x55))
  }
}
