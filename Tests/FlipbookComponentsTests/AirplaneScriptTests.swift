import FlipbookGraphics
import FlipbookLayers
import FlipbookScene
import FlipbookTesting
import Foundation
import Testing

@testable import FlipbookComponents

/// The airplane examples run as scripts: their traces with times, and pictures of the states. Their iOS 7
/// status bar gives the scroll view a 20 pt top inset, which the view's 110 pt adds to.
@Suite("Airplane examples")
struct AirplaneScriptTests {
  static let examples = ExampleScripts.folder("airplane")

  func run(_ name: String, to time: Double) throws -> (ScriptScene, AirplaneRefreshView) {
    try ExampleScripts.load(name, in: Self.examples, as: AirplaneRefreshView.self, to: time)
  }

  func trace(_ view: AirplaneRefreshView) -> [String] { ExampleScripts.trace(view.callbacks) }

  @Test("Seed: trigger on release, 4.0 s of refreshing, 0.3 s of retraction, back at the top")
  func seed() throws {
    let (scene, view) = try run("full-refresh.json", to: 6.5)
    #expect(trace(view) == ["1.600 trigger", "1.600 beginRefreshing", "5.600 endRefreshing", "5.900 finished"])
    #expect(scene.scrollView.contentOffset.y == -20 && view.state == "idle")
  }

  @Test("While refreshing the content rests 110 pt below the status bar and the oval's stroke group runs")
  func refreshing() throws {
    let (scene, _) = try run("full-refresh.json", to: 3.1)
    #expect(scene.scrollView.contentOffset.y == -130 && scene.scrollView.contentInset.top == 130)
    let oval = try #require(scene.root.presentation(at: 3.1).layer(named: "ovalShapeLayer") as? ShapeLayer)
    // One lap is 1.5 s from the trigger at 1.6 s: at 3.1 s a lap has just completed (f = 0 of lap 2).
    #expect(abs(oval.strokeEnd - 0) < 1e-6 || abs(oval.strokeEnd - 1) < 1e-6)
  }

  @Test("A pull short of 110 pt does not trigger")
  func short() throws {
    let (scene, view) = try run("short-pull.json", to: 2.5)
    #expect(trace(view).isEmpty && scene.scrollView.contentOffset.y == -20)
  }

  @Test("Book variant: 0.3 s in, ends 4 s after the trigger")
  func book() throws {
    let (_, view) = try run("book-variant.json", to: 6.5)
    #expect(trace(view) == ["1.600 trigger", "1.600 beginRefreshing", "5.600 endRefreshing", "5.900 finished"])
  }

  @Test("A second pull while refreshing starts nothing")
  func secondPull() throws {
    let (_, view) = try run("second-pull.json", to: 6.5)
    #expect(view.callbacks.filter { $0.name == "trigger" }.count == 1)
  }

  @Test("The view's states, as pictures")
  func snapshots() throws {
    let script = SnapshotDocument.file(Self.examples.appendingPathComponent("full-refresh.json").path)
    for (time, name) in [(1.2, "pulling"), (2.4, "refreshing")] {
      assertSnapshot(of: script, as: EGOTests.header(at: time, height: 150), named: name)
    }
  }
}
