import FlipbookTesting
import Foundation
import Testing

/// A refresh view written in Swift (`BarRefreshView`) on a gesture script's scroll view, in APL's container
/// and free-standing in a `CustomRefreshControl`: what it hears, what the screen shows, and snapshots that
/// fail when the view changes.
@Suite("A refresh view written in Swift")
struct SwiftRefreshViewTests {
  /// A 160 x 200 screen at 1x with no refresh of its own: the finger pulls 120 pt from 0.2 s to 1.0 s and
  /// lets go at 1.2 s; the data arrives at 2.4 s. The content is pulled to −49.6 pt by 1.0 s.
  static let script = #"""
    {"viewport": {"width": 160, "height": 200, "scale": 1}, "fps": 10, "duration": 3,
     "content": {"sections": [{"title": "Inbox", "rows": 4}]},
     "touches": [{"down": 0.2, "up": 1.2, "track": [{"at": 0.2, "y": 0}, {"at": 1.0, "y": 120}, {"at": 1.2, "y": 120}]}],
     "events": [{"at": 2.4, "event": "dataLoaded"}]}
    """#

  /// APL's container making a `BarRefreshView` for every pull.
  static func container(armedColor: Color = BarRefreshView.armedColor) -> PullToRefreshContainer {
    let container = PullToRefreshContainer()
    container.useRefreshViews { width in BarRefreshView(width: width, armedColor: armedColor) }
    return container
  }

  /// A `BarRefreshView` on its own, with `RefreshBehaviour`'s defaults: full progress (a 40 pt pull) at
  /// release triggers, the inset grows by the view's height, `dataLoaded` ends the refresh.
  static func control(width: Double, armedColor: Color = BarRefreshView.armedColor) -> CustomRefreshControl {
    CustomRefreshControl(view: BarRefreshView(width: width, armedColor: armedColor))
  }

  static func scene(_ refresh: @escaping GestureScript.RefreshFactory) throws -> ScriptScene {
    try GestureScript.decode(Data(script.utf8), refresh: refresh)
  }

  /// The calls a view heard, each run of repeats written once.
  static func runs(_ calls: [String]) -> [String] {
    calls.reduce(into: []) { runs, call in if runs.last != call { runs.append(call) } }
  }

  /// The square's turn (radians) on screen at `time`.
  static func squareRotation(in scene: ScriptScene, at time: Double) throws -> Double {
    let square = try #require(scene.root.presentation(at: time).layer(named: "square"))
    return AnimationKeyPath.rotation.value(of: square)
  }

  /// At 1.0 s, pulled to −49.6 pt with the bar armed: the view's bottom edge is at y 49.6 on screen, so
  /// row 47 crosses the bar (y 45.6 to 49.6) and row 27 the square (y 19.6 to 35.6, x 72 to 88).
  static func expectArmedPixels(in scene: ScriptScene) throws {
    let frame = try LayerRenderer(scale: 1).render(scene.root, at: 1.0)
    #expect(frame.pixel(x: 80, y: 47) == RGBA8(51, 153, 51), "the green bar")
    #expect(frame.pixel(x: 80, y: 27) == RGBA8(255, 153, 0), "the orange square")
  }

  @Test(
    "In APL's container the bar follows the progress, turns green when armed, and the square turns while refreshing")
  func inAPLContainer() throws {
    let scene = try Self.scene { _ in Self.container() }
    let container = try #require(scene.refresh as? PullToRefreshContainer)
    scene.advance(to: 0.5)
    let view = try #require((container.refreshView as? APLHostedRefreshView)?.hosted as? BarRefreshView)
    #expect(abs(container.progress - 0.550612) < 1e-6)
    #expect(view.inputs == RefreshInputs(progress: container.progress, pull: container.progress * 40, phase: .pulling))
    #expect(abs(view.bar.frame.width - 160 * container.progress) < 1e-9)
    #expect(view.bar.backgroundColor == BarRefreshView.pullingColor)

    scene.advance(to: 1.0)
    #expect(view.inputs.phase == .armed && view.inputs.progress == 1)
    #expect(view.bar.frame.width == 160 && view.bar.backgroundColor == BarRefreshView.armedColor)
    try Self.expectArmedPixels(in: scene)

    // Released at 1.2 s: 0.3 s into a 1 s turn.
    scene.advance(to: 1.5)
    #expect(container.state == "refreshing")
    #expect(abs(try Self.squareRotation(in: scene, at: 1.5) - 0.3 * 2 * Double.pi) < 1e-9)

    scene.advance(to: 2.7)
    #expect(container.state == "idle" && view.superview == nil, "APL removes the view once it has faded")
    #expect(view.square.layer.animationKeys.isEmpty)
    #expect(
      Self.runs(view.calls) == [
        "update pulling", "update armed", "update refreshing", "startAnimating", "update finishing", "stopAnimating",
      ])
  }

  @Test("Free-standing, the same view is armed by a 40 pt pull, holds the inset open, and hears idle at the end")
  func freeStanding() throws {
    let scene = try Self.scene { viewport in Self.control(width: viewport.width) }
    let control = try #require(scene.refresh as? CustomRefreshControl)
    let view = try #require(control.refreshView as? BarRefreshView)
    scene.advance(to: 0.5)
    #expect(view.inputs.phase == .pulling && abs(view.inputs.progress - 0.550612) < 1e-6)
    #expect(abs(view.bar.frame.width - 160 * view.inputs.progress) < 1e-9)

    scene.advance(to: 1.0)
    #expect(control.phase == .armed && view.bar.backgroundColor == BarRefreshView.armedColor)
    try Self.expectArmedPixels(in: scene)

    scene.advance(to: 1.5)
    #expect(control.phase == .refreshing && scene.scrollView.contentInset.top == 40)
    #expect(view.inputs.progress == 1, "the view does not hear the bounce while refreshing")
    #expect(abs(try Self.squareRotation(in: scene, at: 1.5) - 0.3 * 2 * Double.pi) < 1e-9)

    scene.advance(to: 2.8)
    #expect(control.phase == .idle && scene.scrollView.contentInset.top == 0)
    #expect(view.square.layer.animationKeys.isEmpty)
    #expect(
      Self.runs(view.calls) == [
        "update idle", "update pulling", "update armed", "update refreshing", "startAnimating", "update finishing",
        "stopAnimating", "update finishing", "update idle", "didBecomeIdle",
      ], "while finishing the view hears the inset retract at every refresh of the screen")
  }

  @Test("Snapshots of the view in APL's container match their references, and fail when the view changes")
  func containerSnapshots() {
    let script = SnapshotDocument.json(Self.script) { _ in Self.container() }
    assertSnapshots(of: script, as: .frames(at: [0.5, 1, 1.5, 2.5]), named: "apl")
    let changed = SnapshotDocument.json(Self.script) { _ in Self.container(armedColor: .red) }
    // A red bar where the green one was: 160 columns by the 5 rows the bar touches (y 45.6 to 49.6).
    let message = verifySnapshot(of: changed, as: .frame(at: 1), named: "apl.t1", record: .never) ?? ""
    #expect(message.hasPrefix("Snapshot \"apl.t1\" does not match its reference.\n800 pixels differ"), "\(message)")
  }

  @Test("Snapshots of the view free-standing match their references, and fail when the view changes")
  func freeStandingSnapshots() {
    let script = SnapshotDocument.json(Self.script) { viewport in Self.control(width: viewport.width) }
    assertSnapshots(of: script, as: .frames(at: [0.5, 1, 1.5, 2.5]), named: "custom")
    let changed = SnapshotDocument.json(Self.script) { viewport in
      Self.control(width: viewport.width, armedColor: .red)
    }
    // As in APL's container: the bar's 160 x 5 pixels differ.
    let message = verifySnapshot(of: changed, as: .frame(at: 1), named: "custom.t1", record: .never) ?? ""
    #expect(message.hasPrefix("Snapshot \"custom.t1\" does not match its reference.\n800 pixels differ"), "\(message)")
  }

  @Test("A script that declares its own refresh is refused at $.refresh when Swift makes the component")
  func declaredRefreshIsRefused() {
    let declared = #"{"viewport": {"width": 160, "height": 200}, "refresh": {"style": "apl"}}"#
    #expect {
      try GestureScript.decode(Data(declared.utf8)) { _ in Self.container() }
    } throws: { error in
      "\(error)" == #"$.refresh: this script's refresh component is made in Swift; leave "refresh" out"#
    }
    let message = verifySnapshot(
      of: SnapshotDocument.json(declared) { _ in Self.container() }, as: .frame(at: 0), named: "refused",
      record: .never)
    #expect(message?.hasPrefix(#"Snapshot "refused" could not be taken: inline JSON: $.refresh: "#) == true)
  }
}
