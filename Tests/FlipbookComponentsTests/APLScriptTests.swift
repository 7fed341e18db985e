import FlipbookScene
import FlipbookTesting
import Foundation
import Testing

@testable import FlipbookComponents

/// The APL examples run as scripts: their traces with times and the content's resting places. They have an
/// iOS 7 status bar (`"statusBar": {"style": "ios7"}`), whose 20 pt the container takes as its base inset:
/// the content rests at −20, and refreshes 64 pt below that.
@Suite("APL examples")
struct APLScriptTests {
  static let examples = ExampleScripts.folder("apl")

  func run(_ name: String, to time: Double) throws -> (ScriptScene, PullToRefreshContainer) {
    try ExampleScripts.load(name, in: Self.examples, as: PullToRefreshContainer.self, to: time)
  }

  func trace(_ container: PullToRefreshContainer) -> [String] { ExampleScripts.trace(container.callbacks) }

  @Test("Full refresh: trigger on release, rest at −84 (64 below the status bar), finish when the data arrives")
  func full() throws {
    let (scene, container) = try run("full-refresh.json", to: 2.0)
    #expect(container.baseTopInset == 20, "the iOS 7 status bar's height")
    #expect(container.state == "refreshing" && scene.scrollView.contentOffset.y == -84)
    scene.advance(to: 4.0)
    #expect(
      trace(container) == [
        "1.400 startAnimating", "1.400 trigger", "3.000 completion", "3.000 stopAnimating", "3.200 finished",
      ])
    #expect(container.state == "idle" && scene.scrollView.contentOffset.y == -20)
    #expect(scene.root.layer(named: "refreshView") == nil, "the refresh view is removed")
  }

  @Test("A short pull cancels and springs back")
  func short() throws {
    let (scene, container) = try run("short-pull.json", to: 2.0)
    #expect(trace(container).map { String($0.dropFirst(6)) } == ["cancel", "finished"])
    #expect(scene.scrollView.contentOffset.y == -20)
  }

  @Test("Data arriving during the 0.2 s inset animation finishes cleanly; a stray second event is a diagnostic")
  func early() throws {
    let (scene, container) = try run("early-finish.json", to: 2.5)
    #expect(container.state == "idle" && scene.scrollView.contentOffset.y == -20)
    #expect(container.diagnostics.count == 1)
  }

  @Test("A pull while refreshing starts nothing")
  func secondPull() throws {
    let (_, container) = try run("second-pull.json", to: 4.5)
    #expect(container.callbacks.filter { $0.name == "trigger" }.count == 1)
    #expect(container.state == "idle")
  }

  @Test("Under a 64 pt navigation bar the content rests at −64, and refreshes at −128")
  func navBar() throws {
    let (scene, container) = try run("nav-bar-375x667.json", to: 0.1)
    #expect(scene.scrollView.contentOffset.y == -64)
    scene.advance(to: 2.5)
    #expect(container.state == "refreshing" && scene.scrollView.contentOffset.y == -128)
  }
}

@Suite("APL pictures")
struct APLSnapshotTests {
  @Test("The container's states, as pictures")
  func snapshots() throws {
    let script = SnapshotDocument.file(APLScriptTests.examples.appendingPathComponent("full-refresh.json").path)
    for (time, name) in [(1.2, "pulling"), (2.0, "refreshing")] {
      assertSnapshot(of: script, as: EGOTests.header(at: time, height: 120), named: name)
    }
  }
}
