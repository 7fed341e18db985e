import FlipbookGraphics
import FlipbookLayers
import FlipbookScrolling
import FlipbookTiming
import Foundation
import Testing

@testable import FlipbookComponents

// MARK: - Rig

/// The shared rig with an APL container installed and a refresh handler that keeps its completions.
final class APLRig: ComponentRig {
  let container: PullToRefreshContainer
  /// Completion handlers the refresh handler was given, in order.
  var completions: [() -> Void] = []
  /// What the container's log held when the refresh handler ran.
  var logAtHandler: [String] = []

  init(handler: Bool = true) throws {
    let container = PullToRefreshContainer()
    self.container = container
    try super.init(installing: container)
    if handler {
      container.refreshHandler = { [unowned self] completion in
        logAtHandler = container.callbacks.map(\.name)
        completions.append(completion)
      }
    }
  }

  /// The finger travel that rubber-bands the content to a visible overscroll of `b` points.
  static func fingerTravel(overscroll b: Double) -> Double {
    RubberBand.distance(offset: b, dimension: 480)
  }

  /// Lands the finger at `start`, pulls so the content shows `overscroll` points above its top at `end`
  /// (in 60 Hz steps), and optionally lifts it there.
  func pull(overscroll: Double, from start: Double, to end: Double, release: Bool = true) {
    run(to: start)
    scroll.beginDragging(at: start)
    let total = Self.fingerTravel(overscroll: overscroll)
    let steps = max(1, Int(((end - start) * 60).rounded()))
    for i in 1...steps {
      let t = start + (end - start) * Double(i) / Double(steps)
      run(to: t)
      scroll.drag(translation: total * Double(i) / Double(steps), at: t)
    }
    if release { scroll.endDragging(velocity: 0, at: end) }
  }

  var refreshViewsInTree: [Layer] { scroll.layer.sublayers.filter { $0.name == "refreshView" } }
  var names: [String] { container.callbacks.map(\.name) }
}

let aplHeight = APLMetrics.defaultRefreshViewHeight
let aplThreshold = APLMetrics.triggerThreshold
let aplDuration = APLMetrics.animationDuration

// MARK: - Tests

@Suite("APL pull-to-refresh container")
struct APLTests {
  @Test("Metrics: threshold 0.9, 0.2 s, default view 22 + 20 + 22 = 64 pt")
  func metrics() {
    #expect(aplThreshold == 0.9)
    #expect(aplDuration == 0.2)
    #expect(aplHeight == 64)
    #expect(APLMetrics.indicatorSide == ActivityIndicatorView.side)
  }

  @Test("The default refresh view: clear, 64 pt, a gray indicator centred at top 22 that shows when stopped")
  func defaultView() {
    let view = DefaultRefreshView(width: 320)
    #expect(view.layer.name == "refreshView")
    #expect(view.backgroundColor == nil)
    #expect(view.height == aplHeight && view.frame.height == aplHeight)
    let indicator = view.activityIndicator
    #expect(indicator.layer.name == "activityIndicator")
    #expect(indicator.style == .gray)
    #expect(indicator.hidesWhenStopped == false && !indicator.isHidden && !indicator.isAnimating)
    #expect(indicator.frame == CGRect(x: (320 - 20) / 2, y: 22, width: 20, height: 20))
    // Centred vertically as well, as APL's constraints imply.
    #expect(abs(indicator.frame.midY - aplHeight / 2) < 1e-9)
    view.startAnimating()
    #expect(indicator.isAnimating)
    view.stopAnimating()
    #expect(!indicator.isAnimating && !indicator.isHidden)
  }

  @Test("Progress is the visible fraction of the 64 pt view: offset −32 → 0.5, alpha 0.5; 0.9 is beyond")
  func progressValues() throws {
    let rig = try APLRig()
    rig.pull(overscroll: aplHeight / 2, from: 0, to: 0.2, release: false)
    #expect(abs(rig.scroll.contentOffset.y + 32) < 1e-9)
    #expect(abs(rig.container.progress - 0.5) < 1e-9)
    #expect(rig.container.state == "pulling")
    #expect(!rig.container.isBeyondThreshold)
    let views = rig.refreshViewsInTree
    #expect(views.count == 1)
    #expect(abs(views[0].opacity - 0.5) < 1e-9)
    // In content coordinates just above the content, full width.
    #expect(views[0].frame == CGRect(x: 0, y: -aplHeight, width: 320, height: aplHeight))

    // Exactly 0.9 of the view: beyond the threshold.
    let travel = APLRig.fingerTravel(overscroll: aplThreshold * aplHeight)
    rig.scroll.drag(translation: travel, at: 0.3)
    #expect(abs(rig.container.progress - aplThreshold) < 1e-9)
    #expect(rig.container.isBeyondThreshold)
    // Past the whole view the progress and alpha stay at 1.
    rig.scroll.drag(translation: APLRig.fingerTravel(overscroll: 100), at: 0.4)
    #expect(rig.container.progress == 1)
    #expect(rig.refreshViewsInTree[0].opacity == 1)
    #expect(rig.container.callbacks.isEmpty)
  }

  @Test("A custom refresh view hears every progress while pulling, beyondThreshold flipping at 0.9")
  func customViewUpdates() throws {
    let rig = try APLRig()
    let custom = RecordingRefreshView(height: 50)
    rig.container.makeRefreshView = { _ in custom }
    rig.pull(overscroll: 50, from: 0, to: 0.5, release: false)
    #expect(!custom.updates.isEmpty)
    for update in custom.updates {
      #expect(update.beyond == (update.progress >= aplThreshold - 1e-12))
    }
    #expect(custom.updates.map(\.progress) == custom.updates.map(\.progress).sorted())
    #expect(abs(custom.updates.last!.progress - 1) < 1e-9 && custom.updates.last!.beyond)
    #expect(custom.view.frame == CGRect(x: 0, y: -50, width: 320, height: 50))
  }

  @Test("A pull released short of 0.9 springs back: no trigger, the view fades over 0.2 s and goes")
  func shortPull() throws {
    let rig = try APLRig()
    let overscroll = 0.8 * aplHeight
    rig.pull(overscroll: overscroll, from: 0, to: 0.5)
    #expect(abs(rig.container.progress - 0.8) < 1e-9)
    #expect(rig.names == ["cancel"])
    #expect(rig.container.state == "finishing")
    rig.run(to: 0.5 + aplDuration)
    #expect(rig.names == ["cancel", "finished"])
    #expect(abs(rig.container.callbacks[1].time - (0.5 + aplDuration)) < 1e-9)
    #expect(rig.container.state == "idle")
    #expect(rig.refreshViewsInTree.isEmpty)
    rig.run(to: 2.5)
    #expect(rig.scroll.contentOffset.y == 0)
    #expect(rig.scroll.contentInset.top == 0)
    #expect(rig.completions.isEmpty)
    #expect(rig.container.progress == 0)
  }

  @Test("A full pull triggers: startAnimating before the handler, inset to 64 over 0.2 s, content rests at −64")
  func fullPull() throws {
    let rig = try APLRig()
    rig.pull(overscroll: 70, from: 0, to: 1)
    #expect(rig.names == ["startAnimating", "trigger"])
    #expect(rig.logAtHandler == ["startAnimating", "trigger"])
    #expect(rig.completions.count == 1)
    #expect(rig.container.state == "refreshing")
    #expect(rig.container.callbacks.allSatisfy { abs($0.time - 1) < 1e-9 })
    #expect(rig.scroll.contentInset.top == aplHeight)
    let view = rig.container.refreshView as! DefaultRefreshView
    #expect(view.activityIndicator.isAnimating)
    #expect(view.alpha == 1)

    rig.run(to: 1 + aplDuration / 2)
    let midway = rig.scroll.presentationInset.top
    #expect(midway > 0 && midway < aplHeight)
    // easeInEaseOut is symmetric: half the time, half the way.
    #expect(abs(midway - aplHeight / 2) < 1e-6)
    rig.run(to: 1 + aplDuration)
    #expect(abs(rig.scroll.presentationInset.top - aplHeight) < 1e-9)
    rig.run(to: 3)
    #expect(abs(rig.scroll.contentOffset.y + aplHeight) < 1e-9)
    #expect(!rig.scroll.isDecelerating)
    #expect(rig.container.state == "refreshing")
    #expect(rig.refreshViewsInTree.count == 1)
  }

  @Test("Completion: stopAnimating, the inset back to 0 over 0.2 s, the view gone, idle")
  func completion() throws {
    let rig = try APLRig()
    rig.pull(overscroll: 70, from: 0, to: 1)
    rig.run(to: 3)
    let view = rig.container.refreshView as! DefaultRefreshView
    rig.completions[0]()
    #expect(rig.names == ["startAnimating", "trigger", "completion", "stopAnimating"])
    #expect(!view.activityIndicator.isAnimating)
    #expect(rig.container.state == "finishing")
    rig.run(to: 3 + aplDuration / 2)
    let midway = rig.scroll.presentationInset.top
    #expect(midway > 0 && midway < aplHeight)
    let fading = view.layer.presentationOfSelf(at: view.layer.localTime).opacity
    #expect(fading > 0 && fading < 1)
    rig.run(to: 3 + aplDuration)
    #expect(rig.scroll.presentationInset.top == 0)
    #expect(rig.names == ["startAnimating", "trigger", "completion", "stopAnimating", "finished"])
    #expect(abs(rig.container.callbacks.last!.time - (3 + aplDuration)) < 1e-9)
    #expect(rig.container.state == "idle")
    #expect(rig.refreshViewsInTree.isEmpty && view.superview == nil)
    rig.run(to: 5)
    #expect(rig.scroll.contentOffset.y == 0)
    #expect(rig.container.diagnostics.isEmpty)
  }

  @Test("A second call of the completion handler is recorded and ignored")
  func secondCompletion() throws {
    let rig = try APLRig()
    rig.pull(overscroll: 70, from: 0, to: 1)
    rig.run(to: 2)
    rig.completions[0]()
    rig.run(to: 2.1)
    rig.completions[0]()
    #expect(rig.container.diagnostics == ["completion handler called again at 2.1 s; ignored"])
    #expect(rig.names == ["startAnimating", "trigger", "completion", "stopAnimating"])
    rig.run(to: 4)
    rig.completions[0]()
    #expect(rig.container.diagnostics.count == 2)
    #expect(rig.names.filter { $0 == "finished" }.count == 1)
    #expect(rig.container.state == "idle")
  }

  @Test("Never calling the completion handler leaves it refreshing")
  func neverCompleted() throws {
    let rig = try APLRig()
    rig.pull(overscroll: 70, from: 0, to: 1)
    rig.run(to: 11)
    #expect(rig.container.state == "refreshing")
    #expect(rig.scroll.contentInset.top == aplHeight)
    #expect(abs(rig.scroll.contentOffset.y + aplHeight) < 1e-9)
    #expect((rig.container.refreshView as! DefaultRefreshView).activityIndicator.isAnimating)
    #expect(rig.names == ["startAnimating", "trigger"])
  }

  @Test("dataLoaded calls the pending completion; with none pending it is a diagnostic")
  func dataLoaded() throws {
    let rig = try APLRig(handler: false)
    rig.run(to: 0.5)
    rig.container.dataLoaded()
    #expect(rig.container.diagnostics == ["dataLoaded at 0.5 s with no refresh pending; ignored"])
    rig.pull(overscroll: 70, from: 1, to: 1.5)
    rig.run(to: 2)
    rig.container.dataLoaded()
    #expect(rig.names == ["startAnimating", "trigger", "completion", "stopAnimating"])
    rig.run(to: 2 + aplDuration)
    #expect(rig.container.state == "idle")
    rig.container.dataLoaded()
    #expect(rig.container.diagnostics.count == 2)
  }

  @Test("Completion called at once from the handler (before the inset animation ends) still ends idle")
  func immediateCompletion() throws {
    let rig = try APLRig(handler: false)
    rig.container.refreshHandler = { completion in completion() }
    rig.pull(overscroll: 70, from: 0, to: 1)
    #expect(rig.names == ["startAnimating", "trigger", "completion", "stopAnimating"])
    rig.run(to: 3)
    #expect(rig.names.last == "finished")
    #expect(rig.container.state == "idle")
    #expect(rig.scroll.contentInset.top == 0 && rig.scroll.presentationInset.top == 0)
    #expect(rig.scroll.contentOffset.y == 0)
    #expect(rig.refreshViewsInTree.isEmpty)
  }

  @Test("pullToRefreshEnabled = false: no view, no trigger, plain bounce")
  func disabled() throws {
    let rig = try APLRig()
    rig.container.pullToRefreshEnabled = false
    rig.pull(overscroll: 70, from: 0, to: 1, release: false)
    #expect(rig.refreshViewsInTree.isEmpty)
    #expect(rig.container.progress == 0 && rig.container.state == "idle")
    rig.scroll.endDragging(velocity: 0, at: 1)
    rig.run(to: 3)
    #expect(rig.container.callbacks.isEmpty && rig.completions.isEmpty)
    #expect(rig.scroll.contentInset.top == 0 && rig.scroll.contentOffset.y == 0)
  }

  @Test("A pull during a refresh neither updates nor triggers again")
  func pullWhileRefreshing() throws {
    let rig = try APLRig()
    rig.pull(overscroll: 70, from: 0, to: 1)
    rig.run(to: 2)
    rig.pull(overscroll: 70, from: 2, to: 2.5)
    rig.run(to: 4)
    #expect(rig.completions.count == 1)
    #expect(rig.names == ["startAnimating", "trigger"])
    #expect(rig.container.state == "refreshing")
  }

  @Test("Replacing the refresh view leaves exactly one in the tree, in the old one's place")
  func replaceView() throws {
    let rig = try APLRig()
    rig.pull(overscroll: aplHeight / 2, from: 0, to: 0.2, release: false)
    let old = rig.container.refreshView!
    let new = DefaultRefreshView()
    rig.container.refreshView = new
    #expect(old.view.superview == nil)
    #expect(rig.refreshViewsInTree.count == 1 && rig.refreshViewsInTree[0] === new.layer)
    #expect(new.frame == CGRect(x: 0, y: -aplHeight, width: 320, height: aplHeight))
    #expect(abs(new.alpha - 0.5) < 1e-9)
    // While refreshing, the replacement takes over the animating.
    rig.scroll.drag(translation: APLRig.fingerTravel(overscroll: 70), at: 0.3)
    rig.scroll.endDragging(velocity: 0, at: 0.3)
    let third = DefaultRefreshView()
    rig.container.refreshView = third
    #expect(!new.activityIndicator.isAnimating && third.activityIndicator.isAnimating)
    #expect(rig.refreshViewsInTree.count == 1 && rig.refreshViewsInTree[0] === third.layer)
  }

  @Test("Each pull gets a fresh view from makeRefreshView; never two in the tree")
  func freshViews() throws {
    let rig = try APLRig()
    var made = 0
    rig.container.makeRefreshView = { width in
      made += 1
      return DefaultRefreshView(width: width)
    }
    rig.pull(overscroll: 30, from: 0, to: 0.3)
    rig.run(to: 2)
    rig.pull(overscroll: 30, from: 2, to: 2.3)
    #expect(rig.refreshViewsInTree.count == 1)
    rig.run(to: 4)
    #expect(made == 2)
    #expect(rig.refreshViewsInTree.isEmpty)
  }

  @Test("A base top inset (APL's topLayoutGuide) is subtracted from the progress and added to the inset")
  func baseInset() throws {
    let rig = try APLRig()
    let base = 64.0
    rig.container.baseTopInset = base
    #expect(rig.scroll.contentInset.top == base)
    // An inset change does not move the offset (as on UIKit's `UIScrollView`); the content starts at rest under the
    // bar.
    rig.scroll.contentOffset = CGPoint(x: 0, y: -base)
    rig.run(to: 0.5)
    #expect(Double(rig.scroll.contentOffset.y) == -base)
    rig.pull(overscroll: aplHeight / 2, from: 0.5, to: 0.7, release: false)
    #expect(abs(rig.scroll.contentOffset.y + base + aplHeight / 2) < 1e-9)
    #expect(abs(rig.container.progress - 0.5) < 1e-9)
    rig.scroll.drag(translation: APLRig.fingerTravel(overscroll: 70), at: 0.8)
    rig.scroll.endDragging(velocity: 0, at: 0.8)
    #expect(rig.container.state == "refreshing")
    #expect(rig.scroll.contentInset.top == base + aplHeight)
    rig.run(to: 3)
    #expect(abs(rig.scroll.contentOffset.y + base + aplHeight) < 1e-9)
    rig.completions[0]()
    rig.run(to: 4)
    #expect(rig.scroll.contentInset.top == base && abs(rig.scroll.contentOffset.y + base) < 1e-9)
    #expect(rig.container.state == "idle")
  }

  @Test("Seconds in diagnostics print with at most three decimals")
  func secondsFormat() {
    #expect(PullToRefreshContainer.seconds(2.5) == "2.5")
    #expect(PullToRefreshContainer.seconds(10) == "10")
    #expect(PullToRefreshContainer.seconds(7.0 / 60) == "0.117")
  }
}

/// A custom refresh view that records what it hears.
final class RecordingRefreshView: APLRefreshView {
  let view = View()
  let height: Double
  var updates: [(progress: Double, beyond: Bool)] = []
  var started = 0
  var stopped = 0

  init(height: Double) { self.height = height }

  func update(progress: Double, beyondThreshold: Bool) { updates.append((progress, beyondThreshold)) }
  func startAnimating() { started += 1 }
  func stopAnimating() { stopped += 1 }
}
