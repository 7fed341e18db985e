import FlipbookGraphics
import FlipbookLayers
import FlipbookScrolling
import Foundation

// MARK: - CustomRefreshControl

/// A refresh view of your own on a scroll view, with no container: it owns the decisions EGO and the
/// airplane each hard-code, taken from a `RefreshBehaviour`.
///
/// - On every scroll, and at every refresh of the screen where anything it measures moved (an inset animating
///   with the content at rest): the pull is how far the content sits below its resting top in every phase,
///   `max(−(contentOffset.y + resting top inset), 0)`; progress is the pull beyond the inset now over the progress
///   distance, clamped to 0...1 (the airplane's `scrollViewDidScroll`), so it settles to 0 under a refresh's inset. While the finger is down, and no refresh is
///   running, `beyondThreshold` is whether the threshold is met (false again once a refresh starts). The phase is `pulling` or `armed` while
///   anything is pulled, `idle` when nothing is. The view hears every change, but not while refreshing
///   unless `updatesWhileRefreshing`.
/// - Letting go beyond the threshold (judged at the trigger moment; not while a refresh is running), or with
///   `.whileDragging` reaching it under the finger, triggers: phase `refreshing`, the view's `startAnimating`, the top inset grows by the refreshing inset
///   in a view animation, and with `.after(t)` a timer on the tree's clock ends the refresh `t` later.
/// - The end (that timer, or `dataLoaded`): phase `finishing`, the inset animates back, the view's
///   `stopAnimating`; when the inset is back, phase `idle` (or `pulling` if a finger holds the content
///   down) and `didBecomeIdle`.
public final class CustomRefreshControl: RefreshComponent, ScrollViewDelegate {
  public let style = "custom"
  /// The view that shows the pull and the refresh.
  public let refreshView: any PullRefreshView
  /// When the control triggers, how its inset moves and when a refresh ends.
  public let behaviour: RefreshBehaviour
  /// Where the control is in its cycle; frames report it as `refreshState`.
  public private(set) var phase: RefreshPhase = .idle
  /// What the view heard last (or would have, while refreshing without updates).
  public private(set) var inputs = RefreshInputs()
  /// Timed log: `trigger`, `startAnimating`, `end`, `stopAnimating`, `finished`.
  public private(set) var callbacks: [(time: Double, name: String)] = []
  public private(set) var diagnostics: [String] = []
  /// The scroll view the control is attached to; weak, as the scroll view holds the control.
  public private(set) weak var scrollView: ScrollView?

  private let endTimer = VirtualTimer(name: "endRefreshingTimer")
  private var fingerWatch: ScrollViewObservation?
  private var refreshLink: DisplayLink?
  /// The top inset the content rests under when no refresh runs (read on install).
  private(set) var baseTopInset = 0.0

  /// A control hosting `view` with `behaviour`; attach it to a scroll view to use it.
  public init(view: any PullRefreshView, behaviour: RefreshBehaviour = RefreshBehaviour()) {
    refreshView = view
    self.behaviour = behaviour
  }

  public var state: String { phase.rawValue }
  public var progress: Double { inputs.progress }

  private var progressDistance: Double { behaviour.progressDistance ?? refreshView.height }
  private var refreshingInset: Double { behaviour.refreshingInset ?? refreshView.height }

  // MARK: RefreshComponent

  /// Lays the view out at full width just above the content, adds it and becomes the delegate.
  public func install(in scrollView: ScrollView) {
    self.scrollView = scrollView
    baseTopInset = scrollView.contentInset.top
    let view = refreshView.view
    view.frame = CGRect(
      x: 0, y: -refreshView.height, width: scrollView.bounds.width, height: refreshView.height)
    scrollView.addSubview(view)
    view.layer.addSublayer(endTimer.layer)
    scrollView.delegate = self
    inputs.fingerX = scrollView.fingerLocationX
    scrollView.layer.withActionsDisabled { refreshView.update(inputs) }
    // A finger moving across without moving the content scrolls nothing: the view hears it through observation.
    fingerWatch = scrollView.observe(\.fingerX) { [weak self] scrollView, _ in
      guard let self, self.inputs.fingerX != scrollView.fingerLocationX else { return }
      var next = self.inputs
      next.fingerX = scrollView.fingerLocationX
      self.deliver(next)
    }
  }

  public func dataLoaded() {
    guard behaviour.ending == .dataLoaded else {
      return diagnostics.append(
        "dataLoaded at \(PullToRefreshContainer.seconds(now)) s ignored: this view ends its refresh by time")
    }
    guard phase == .refreshing else {
      return diagnostics.append(
        "dataLoaded at \(PullToRefreshContainer.seconds(now)) s with no refresh running; ignored")
    }
    endRefreshing()
  }

  // MARK: ScrollViewDelegate

  public func scrollViewDidScroll(_ scrollView: ScrollView) {
    watchRefreshes(of: scrollView)
    let offset = scrollView.contentOffset.y
    if phase == .refreshing, behaviour.insetFollowsScroll {
      let top = min(max(-offset, baseTopInset), baseTopInset + refreshingInset)
      if scrollView.contentInset.top != top { scrollView.contentInset.top = top }
    }
    var next = measure(scrollView)
    if scrollView.isDragging, phase != .refreshing {
      next.isBeyondThreshold = behaviour.isMet(pull: pullBeyondInset(scrollView), progress: next.progress)
    }
    if next.pull == 0 { next.isBeyondThreshold = false }
    let wasPulling = phase == .pulling || phase == .armed
    if phase == .idle || wasPulling { phase = pullPhase(next) }
    next.phase = phase
    deliver(next)
    if wasPulling, phase == .idle { refreshView.didBecomeIdle() }
    if behaviour.triggerMoment == .whileDragging, scrollView.isDragging, phase == .armed { trigger(scrollView) }
  }

  public func scrollViewWillEndDragging(
    _ scrollView: ScrollView, velocity: CGPoint, targetContentOffset: inout CGPoint
  ) {
    if behaviour.triggerMoment == .willEndDragging { judgeRelease(scrollView) }
  }

  /// Judges the release here when the behaviour's trigger moment is `.release`.
  public func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate: Bool) {
    if behaviour.triggerMoment == .release { judgeRelease(scrollView) }
  }

  // MARK: Refreshing

  private func judgeRelease(_ scrollView: ScrollView) {
    let measured = measure(scrollView)
    guard phase != .refreshing, behaviour.isMet(pull: pullBeyondInset(scrollView), progress: measured.progress)
    else { return }
    trigger(scrollView)
  }

  private func trigger(_ scrollView: ScrollView) {
    log("trigger")
    phase = .refreshing
    // The trigger's frame shows the content as it is now.
    var next = measure(scrollView)
    next.phase = .refreshing
    // Letting go can no longer start a refresh: one is running.
    next.isBeyondThreshold = false
    deliver(next, always: true)
    refreshView.startAnimating()
    log("startAnimating")
    let top = baseTopInset + refreshingInset
    animateInset(behaviour.insetIn, of: scrollView, completion: nil) { scrollView.contentInset.top = top }
    if case .after(let delay) = behaviour.ending {
      endTimer.schedule(after: delay) { [weak self] in self?.endRefreshing() }
    }
  }

  private func endRefreshing() {
    guard phase == .refreshing, let scrollView else { return }
    log("end")
    phase = .finishing
    let base = baseTopInset
    animateInset(
      behaviour.insetOut, of: scrollView,
      completion: { [weak self] in
        guard let self, self.phase == .finishing else { return }
        self.log("finished")
        var next = self.scrollView.map(self.measure) ?? self.inputs
        self.phase = self.pullPhase(next)
        next.phase = self.phase
        self.deliver(next, always: true)
        if self.phase == .idle { self.refreshView.didBecomeIdle() }
      }
    ) { scrollView.contentInset.top = base }
    var next = inputs
    next.phase = .finishing
    deliver(next, always: true)
    refreshView.stopAnimating()
    log("stopAnimating")
  }

  // MARK: Helpers

  /// The pull and progress the scroll view shows now, with the last threshold verdict.
  private func measure(_ scrollView: ScrollView) -> RefreshInputs {
    let offset = Double(scrollView.contentOffset.y)
    let pull = max(-(offset + baseTopInset), 0)
    let beyondInset = pullBeyondInset(scrollView)
    let distance = progressDistance
    let progress = distance > 0 ? min(max(beyondInset / distance, 0), 1) : (beyondInset > 0 ? 1 : 0)
    return RefreshInputs(
      progress: progress, pull: pull, isBeyondThreshold: inputs.isBeyondThreshold, phase: phase,
      fingerX: scrollView.fingerLocationX, inset: scrollView.presentationInset.top, offset: offset)
  }

  /// How far the content sits below the inset now: what the threshold and progress are judged by, as the
  /// originals judge them.
  private func pullBeyondInset(_ scrollView: ScrollView) -> Double {
    max(-(Double(scrollView.contentOffset.y) + scrollView.contentInset.top), 0)
  }

  /// Measures again at a refresh of the screen, and tells the view when anything moved without a scroll (an
  /// inset animating under content at rest).
  private func remeasure() {
    guard let scrollView else { return }
    var next = measure(scrollView)
    next.phase = phase
    guard next != inputs else { return }
    deliver(next)
  }

  /// Starts measuring at every refresh of the tree's clock, once the control is in a tree with one.
  private func watchRefreshes(of scrollView: ScrollView) {
    guard refreshLink == nil, let context = scrollView.layer.animationContextInTree else { return }
    refreshLink = DisplayLink(context: context) { [weak self] _ in self?.remeasure() }
  }

  private func pullPhase(_ inputs: RefreshInputs) -> RefreshPhase {
    inputs.pull > 0 ? (inputs.isBeyondThreshold ? .armed : .pulling) : .idle
  }

  /// Hands `next` to the view, unless a refresh is running and the view does not hear the pull then.
  private func deliver(_ next: RefreshInputs, always: Bool = false) {
    inputs = next
    guard always || phase != .refreshing || behaviour.updatesWhileRefreshing else { return }
    refreshView.update(next)
  }

  private func animateInset(
    _ animation: RefreshBehaviour.InsetAnimation, of scrollView: ScrollView, completion: (() -> Void)?,
    _ change: () -> Void
  ) {
    scrollView.layer.animateInTree(
      withDuration: animation.duration, delay: animation.delay, options: animation.curve, animations: change
    ) { _ in completion?() }
  }

  private var now: Double { scrollView?.layer.animationContextInTree?.currentTime ?? 0 }

  private func log(_ name: String) { callbacks.append((now, name)) }
}
