import FlipbookGraphics
import FlipbookLayers
import FlipbookScene
import FlipbookTesting
import FlipbookTiming
import Foundation
import Testing

@testable import FlipbookComponents

/// The system's refresh control against the numbers UIKit's decompiled code and a live control's dump give
/// (`UIRefreshControlMetrics`), in its examples and in pixels.
@Suite("UIRefreshControl")
struct UIRefreshControlTests {
  static let examples = ExampleScripts.folder("uirefreshcontrol")

  func run(_ name: String, to time: Double) throws -> (ScriptScene, UIRefreshControl) {
    try ExampleScripts.load(name, in: Self.examples, as: UIRefreshControl.self, to: time)
  }

  @Test("The trigger distance: 112.5 pt at 568, 150.33 at 759 (a live control's 150.3301056338028), 168.75 at 852")
  func triggerDistance() {
    #expect(UIRefreshControlMetrics.triggerDistance(scrollViewHeight: 568) == 112.5)
    #expect(abs(UIRefreshControlMetrics.triggerDistance(scrollViewHeight: 759) - 150.330_105_633_802_8) < 1e-9)
    #expect(UIRefreshControlMetrics.triggerDistance(scrollViewHeight: 852) == 168.75)
    // Below 372 pt the scale stops at 372/568; half the height is then the smaller.
    #expect(abs(UIRefreshControlMetrics.triggerDistance(scrollViewHeight: 300) - 100 * 1.125 * 372 / 568) < 1e-9)
    #expect(UIRefreshControlMetrics.triggerDistance(scrollViewHeight: 120) == 60)
    // A 16 pt title stretches the maximum: (16 + 100) · 1.125 at 568.
    #expect(UIRefreshControlMetrics.triggerDistance(scrollViewHeight: 568, titleHeight: 16) == 130.5)
  }

  @Test("It triggers while the finger is still down, at the trigger distance, and ends 0.3 s after dataLoaded")
  func fullRefresh() throws {
    let (scene, control) = try run("full-refresh.json", to: 4)
    let trace = ExampleScripts.trace(control.callbacks)
    #expect(trace.count == 3 && trace[1...] == ["3.000 endRefreshing", "3.300 finished"])
    let trigger = try #require(control.callbacks.first)
    #expect(trigger.name == "valueChanged" && trigger.time < 1.6, "the finger lifts at 1.6 s")
    // Replayed to just before the trigger, the pull is short of 112.5 pt; at the trigger it has reached it.
    let (before, _) = try run("full-refresh.json", to: trigger.time - 1.0 / 30)
    #expect(-(before.scrollView.contentOffset.y + 64) < 112.5)
    let (at, _) = try run("full-refresh.json", to: trigger.time)
    #expect(-(at.scrollView.contentOffset.y + 64) >= 112.5)
    #expect(control.thresholds.contentOffsetY == -(64 + 112.5))
    #expect(scene.scrollView.contentInset.top == 64 && scene.scrollView.contentOffset.y == -64)
    #expect(control.state == "idle")
  }

  @Test("While refreshing the inset is the bars' 64 + the control's 60, the content resting there")
  func inset() throws {
    let (scene, control) = try run("full-refresh.json", to: 2.5)
    #expect(control.isRefreshing && scene.scrollView.contentInset.top == 124)
    #expect(scene.scrollView.contentOffset.y == -124)
    // The control is pinned at the top of the visible area: just under the bars, 60 pt tall.
    #expect(control.frame == CGRect(x: 0, y: -60, width: 320, height: 60))
  }

  @Test("A pull short of the trigger distance does not refresh")
  func shortPull() throws {
    let (scene, control) = try run("short-pull.json", to: 2.5)
    #expect(control.callbacks.isEmpty && scene.scrollView.contentOffset.y == -64 && control.state == "idle")
  }

  @Test("beginRefreshing from a script shows the control without valueChanged")
  func beginRefreshing() throws {
    let (scene, control) = try run("begin-refreshing.json", to: 1.0)
    #expect(ExampleScripts.trace(control.callbacks) == ["0.500 beginRefreshing"])
    #expect(scene.scrollView.contentOffset.y == -124 && scene.scrollView.presentationContentOffset.y == -124)
    scene.advance(to: 3.0)
    #expect(
      ExampleScripts.trace(control.callbacks) == ["0.500 beginRefreshing", "2.000 endRefreshing", "2.300 finished"])
  }

  /// Whether the spokes' presentation transform at `time` of the begin-refreshing example turns them `angle`.
  func spins(_ angle: Double, at time: Double) throws -> Bool {
    let (scene, _) = try run("begin-refreshing.json", to: time)
    let t = try #require(scene.root.presentation(at: time).layer(named: "spokes")).transform
    return abs(t.m11 - cos(angle)) < 1e-9 && abs(t.m12 - sin(angle)) < 1e-9
  }

  @Test("The spin steps a turn a second in 8 discrete steps: π at 0.5 s into refreshing, 3π/4 just before")
  func spinSteps() throws {
    #expect(try spins(.pi, at: 1.0))
    #expect(try spins(3 * .pi / 4, at: 0.99))
    #expect(try spins(.pi / 4, at: 0.5 + 0.125))
  }

  /// UIKit's ease-in-out (0.42, 0, 0.58, 1) at `x`, solved by bisection: the test's own reading of the curve.
  static func easeInOut(_ x: Double) -> Double {
    func bezier(_ t: Double, _ a: Double, _ b: Double) -> Double {
      3 * (1 - t) * (1 - t) * t * a + 3 * (1 - t) * t * t * b + t * t * t
    }
    var (low, high) = (0.0, 1.0)
    for _ in 0..<60 {
      let mid = (low + high) / 2
      if bezier(mid, 0.42, 0.58) < x { low = mid } else { high = mid }
    }
    return bezier((low + high) / 2, 0, 1)
  }

  /// A 320x568 list under bars at 2x with the control pulled `pull` points, untouched by a finger.
  func pulled(_ pull: Double) throws -> (ScriptScene, Image) {
    let text = ##"""
      {"viewport": {"width": 320, "height": 568, "scale": 2}, "statusBar": {"style": "ios7"},
       "navigationBar": {"title": "Inbox"}, "refresh": {"style": "uirefreshcontrol"}}
      """##
    let scene = try GestureScript.decode(Data(text.utf8))
    scene.advance(to: 0)
    scene.scrollView.contentOffset.y = -64 - pull
    return (scene, try LayerRenderer(scale: 2, background: scene.background).render(scene.root, at: 0))
  }

  @Test(
    "The spokes appear one by one with the pull: 2 at a quarter, 2 at half (the third just at 0), 8 at three quarters",
    arguments: [(0.25, 2), (0.5, 2), (0.75, 8)])
  func reveal(fraction: Double, visible: Int) throws {
    let (scene, image) = try pulled(112.5 * fraction)
    let spokes = try #require(scene.root.presentation(at: 0).layer(named: "spokes") as? ReplicatorLayer)
    let e = Self.easeInOut(fraction)
    #expect(abs(spokes.instanceAlphaOffset - (e - 1)) < 1e-6 && abs(spokes.opacity - e) < 1e-6)
    let alphas = (0..<8).map { k in min(max(1 + Double(k) * (e - 1), 0), 1) * e }
    #expect(alphas.filter { $0 > 1e-9 }.count == visible)
    // In pixels: each spoke's middle, 10 pt from the spinner's centre (30 pt below the bars' 64, pulled),
    // is the tint (60, 60, 67 at 0.6) at the spoke's alpha over the white list background.
    let center = CGPoint(x: 160, y: 64 + 30)
    for (k, alpha) in alphas.enumerated() {
      let angle = Double(k) * .pi / 4
      let x = center.x + 10 * sin(angle)
      let y = center.y - 10 * cos(angle)
      let red = Double(image.pixel(x: Int(x * 2), y: Int(y * 2)).r)
      let expected = 255 - (255 - 60) * 0.6 * alpha
      #expect(abs(red - expected) <= 3, "spoke \(k) at \(fraction) of the trigger distance: \(red), not \(expected)")
    }
  }

  @Test("Nothing shows below a 5 pt pull")
  func hiddenBelowFive() throws {
    let (scene, _) = try pulled(4.5)
    #expect(scene.root.presentation(at: 0).layer(named: "refreshControl")?.isHidden == true)
    let (shown, _) = try pulled(5)
    #expect(shown.root.presentation(at: 0).layer(named: "refreshControl")?.isHidden == false)
  }

  @Test("A title makes the control its height + 67 pt, and its alpha is the fraction of it uncovered")
  func title() throws {
    let (scene, control) = try run("tint-title.json", to: 0)
    let label = try #require(scene.root.layer(named: "title") as? Label)
    #expect(control.height == label.frame.height + 67 && label.frame.maxY == control.height - 5)
    #expect(abs(control.triggerDistance - (label.frame.height + 100) * 1.125) < 1e-9)
    #expect(control.tintColor == Color(hex: "#FF2D55")! && label.foregroundColor == Color(hex: "#8E8E93")!)
    scene.scrollView.contentOffset.y = -64 - (label.frame.minY + label.frame.height / 2)
    let shown = try #require(scene.root.presentation(at: 0).layer(named: "title"))
    #expect(abs(shown.opacity - 0.5) < 1e-9)
  }

  @Test("After endRefreshing the spinner shrinks to 0.001 in 0.3 s, then the reveal is armed again")
  func goAway() throws {
    let (scene, _) = try run("full-refresh.json", to: 3.15)
    let spinner = try #require(scene.root.presentation(at: 3.15).layer(named: "spinner"))
    let scale = hypot(spinner.transform.m11, spinner.transform.m12)
    #expect(scale > 0.001 && scale < 1)
    scene.advance(to: 3.5)
    let spokes = try #require(scene.root.layer(named: "spokes") as? ReplicatorLayer)
    #expect(spokes.speed == 0 && spokes.animationKeys.count == 2)
  }

  /// A 320x480 list under iOS 6's status bar with the iOS 6 look pulled `pull` points, untouched by a finger.
  func dropPulled(_ pull: Double) throws -> (ScriptScene, UIRefreshControl) {
    let text = ##"""
      {"viewport": {"width": 320, "height": 480}, "statusBar": {"style": "ios6"}, "tableStyle": "ios6",
       "refresh": {"style": "uirefreshcontrol", "look": "ios6"}}
      """##
    let scene = try GestureScript.decode(Data(text.utf8))
    scene.advance(to: 0)
    scene.scrollView.contentOffset.y = -pull
    return (scene, try #require(scene.refresh as? UIRefreshControl))
  }

  @Test(
    "The iOS 6 drop by ODRefreshControl's constants: round up to 43 pt, half stretched at 69.5, head and tail lerped",
    arguments: [
      // pull, head radius, tail radius, head's gap, tail's gap: percentage 1, then 0.5, then 0.25 (by lerp).
      (30.0, 16.0, 16.0, 5.0, 6.0), (69.5, 14.25, 9.5, 7.0, 5.0), (82.75, 13.375, 6.25, 8.0, 4.5),
    ])
  func dropGeometry(pull: Double, head: Double, tail: Double, headGap: Double, tailGap: Double) throws {
    let (scene, control) = try dropPulled(pull)
    let path = try #require((scene.root.layer(named: "drop") as? ShapeLayer)?.path)
    let h = StretchingDropView.totalHeight
    let tailCenter = h - tailGap - tail
    // Unstretched (pull ≤ 43), the head sits on the tail; stretched, under the visible top by its gap.
    let headCenter = pull <= 43 ? tailCenter : h - pull + headGap + head
    let bounds = path.bounds
    #expect(abs(bounds.minX - (160 - max(head, tail))) < 1e-3 && abs(bounds.maxX - (160 + max(head, tail))) < 1e-3)
    #expect(abs(bounds.minY - (headCenter - head)) < 1e-3 && abs(bounds.maxY - (tailCenter + tail)) < 1e-3)
    #expect(control.state == "pulling" && control.callbacks.isEmpty)
  }

  @Test("The iOS 6 drop snaps at 96 pt (43 + its 53 pt stretch), while the finger is down, and holds 44 pt")
  func dropTrigger() throws {
    let (notYet, _) = try dropPulled(95.9)
    #expect(notYet.refresh?.state == "pulling")
    let (scene, control) = try dropPulled(96)
    #expect(control.callbacks.map(\.name) == ["valueChanged"] && control.isRefreshing)
    #expect(scene.scrollView.contentInset.top == 44 && control.triggerDistance == 96)
    let (full, example) = try run("ios6-drop.json", to: 4)
    #expect(example.look == .ios6 && full.scrollView.contentOffset.y == 0)
    let trace = ExampleScripts.trace(example.callbacks)
    #expect(trace.count == 3 && trace[1...] == ["3.000 endRefreshing", "3.400 finished"])
    #expect(try #require(example.callbacks.first).time < 1.6, "the finger lifts at 1.6 s")
  }

  @Test("Bad declarations are one error at their path")
  func errors() throws {
    func error(_ refresh: String, events: String = "[]") -> String {
      ExampleScripts.error(refresh: refresh, events: events)
    }
    #expect(
      error(##"{"style": "uirefreshcontrol", "look": "ios6", "title": "Hi"}"##)
        == ##"$.refresh.title: the iOS 6 look draws no title (ODRefreshControl, which it follows, has none)"##)
    #expect(
      error(##"{"style": "uirefreshcontrol", "look": "flat"}"##)
        == ##"$.refresh.look: "flat" is not one of "modern", "ios6""##)
    #expect(
      error(##"{"style": "uirefreshcontrol", "titleColor": "#000"}"##)
        == ##"$.refresh.titleColor: titleColor colours the title; give a "title""##)
    #expect(
      error(##"{"style": "ego"}"##, events: ##"[{"at": 1, "event": "beginRefreshing"}]"##)
        == ##"$.events[0].event: the "ego" refresh style cannot begin refreshing from code"##)
  }

  @Test(
    "Each example's pull and refresh in pixels at 1x, 2x and 3x",
    arguments: [
      ("full-refresh", [0.9, 2.0, 3.1]), ("tint-title", [0.7, 2.0]), ("begin-refreshing", [0.6, 1.2]),
      ("short-pull", [0.9]), ("ios6-drop", [0.7, 0.9, 1.3]),
    ], [1.0, 2, 3])
  func snapshots(example: (name: String, times: [Double]), scale: Double) throws {
    let (example, times) = example
    let script = SnapshotDocument.file(Self.examples.appendingPathComponent("\(example).json").path)
    // Named <example>-<hundredths of a second>-<scale>, parts the snapshot hygiene check can account for.
    for time in times {
      assertSnapshot(
        of: script,
        as: Snapshotting<SnapshotDocument, Image>.frame(at: time, scale: scale).croppedTop(Int(200 * scale)),
        named: "\(example)-\(Int((time * 100).rounded()))-\(Int(scale))")
    }
  }
}
