import FlipbookGraphics
import FlipbookLayers
import FlipbookScrolling
import Foundation

// MARK: - PullToRefreshContainer

/// apploft's APLPullToRefreshContainer (https://github.com/apploft/APLPullToRefreshContainer, constants in
/// ``APLMetrics``), driven through the scroll view's delegate callbacks instead of a pan recognizer on a container
/// view controller.
///
/// Lifecycle, as the README tells it:
/// - Once the finger pulls the content past its resting top, a refresh view is installed (a fresh one from
///   `makeRefreshView` unless one was set) at full width just above the content, frame
///   (0, −height, width, height) in content coordinates. While the finger moves, the view hears the
///   visible fraction `progress = (−contentOffset.y − baseTopInset) / height`, clamped to 0...1, with
///   `beyondThreshold = progress ≥ 0.9`, and its alpha is that fraction.
/// - When the finger lifts: progress ≥ 0.9 triggers, anything less cancels.
/// - Trigger: alpha 1; one 0.2 s view animation sets `contentInset.top = base + height` and
///   `contentOffset.y = −(height + base)`; the view starts animating; `refreshHandler` gets a completion.
/// - The completion (or `dataLoaded()`) runs `scrollBack`: one 0.2 s animation fades the view to alpha 0
///   and puts the inset back to the base, and the view hears `stopAnimating` just before it fades away
///   (README: "called just before the pull-to-refresh view animates away"; the source calls it right
///   after starting `scrollBack`). When the animation ends the view is removed.
/// - Cancel runs the same `scrollBack` (the inset is already the base, so only the fade animates).
///
/// States (`state`): `idle` (no refresh view), `pulling` (a refresh view is installed under the finger),
/// `refreshing` (triggered, waiting for the completion handler), `finishing` (`scrollBack` animating,
/// after a completion or a cancel). Then `idle` again.
///
/// Simplifications, each documented where it happens:
/// - `baseTopInset` stands for APL's `topLayoutGuide` length (minus the safe-area top): the inset the
///   content rests under: 0 unless a script's `topInset` gives it (the nav-bar example's 64). Applied while
///   the content rests at its top, it moves the content to −baseTopInset, as UIKit's adjusted inset puts the
///   first row below the bars from the first frame.
/// - APL puts the refresh view in the container's view, pinned by a constraint to follow the content's top;
///   we make it a subview of the scroll view at the same place, so it follows the content by itself.
/// - Progress is reported on every `didScroll` while the finger is down (APL's pan-changed events), not
///   during the bounce, the refresh or `scrollBack`, exactly as APL's handler only runs on pan events.
///   APL's very first overscrolling event only installs the view at alpha 0; we install and report in the
///   same callback.
/// - APL disables its pan recognizer while refreshing and would let a new pull fight a running
///   `scrollBack`; we ignore pulls while `refreshing` or `finishing`.
public final class PullToRefreshContainer: RefreshComponent, ScrollViewDelegate {
  /// The container's states, named as frames' `refreshState` reports them.
  public enum State: String, Sendable, CaseIterable {
    /// No refresh view is installed.
    case idle
    /// A refresh view is installed and the finger is down.
    case pulling
    /// Triggered: the view animates and the container waits for the completion handler.
    case refreshing
    /// `scrollBack`: the view fades out and the inset returns to the base.
    case finishing
  }

  public let style = "apl"
  public var state: String { phase.rawValue }
  /// The state as a value, for code that switches on it (`state` is its name).
  public private(set) var phase: State = .idle
  /// The last progress reported to the refresh view, 0...1; back to 0 once the view is removed.
  public private(set) var progress = 0.0
  /// The last `beyondThreshold` reported.
  public private(set) var isBeyondThreshold = false

  /// The README's way to disable pull-to-refresh for a while: when false, no refresh view is installed and
  /// nothing triggers (a view already under the finger is cancelled on release).
  public var pullToRefreshEnabled = true

  /// The top inset the content rests under, APL's `topLayoutGuide` length (0: no bars). The container owns
  /// the scroll view's top inset, as APL's `setChildContentInset…` does: it applies this on install and
  /// when it changes while idle.
  public var baseTopInset = 0.0 {
    didSet { if phase == .idle { scrollView?.contentInset.top = baseTopInset } }
  }

  /// Makes a refresh view for a pull, given the scroll view's width (APL asks its delegate for a new
  /// instance each time overscrolling starts). The default is APL's activity indicator view.
  public var makeRefreshView: (_ width: Double) -> any APLRefreshView = { DefaultRefreshView(width: $0) }

  /// APL's `aplPullToRefreshContainer:didInstallPullToRefreshView:`: called each time a refresh view has
  /// been installed under the finger, so the delegate can customise it (the indicator's style or colour,
  /// the background of the default view).
  public var didInstallRefreshView: ((any APLRefreshView) -> Void)?

  /// APL's `aplPullToRefreshContainer:didTriggerPullToRefreshCompletion:`: called once per refresh with the
  /// completion handler to call, once, when the data has arrived. Nil: the completion waits for
  /// `dataLoaded()`.
  public var refreshHandler: ((@escaping () -> Void) -> Void)?

  /// Timed log of `startAnimating`, `trigger`, `cancel`, `completion`, `stopAnimating`, `finished`
  /// (progress reports are not logged); times from the tree's clock.
  public private(set) var callbacks: [(time: Double, name: String)] = []
  public private(set) var diagnostics: [String] = []

  /// The scroll view the container is attached to; weak, as the scroll view owns its delegate's host.
  public private(set) weak var scrollView: ScrollView?

  private var live: (any APLRefreshView)?
  /// The number of the refresh whose completion handler has not been called yet.
  private var pendingRefresh: Int?
  private var refreshCount = 0

  /// A container with no refresh view yet; attach it to a scroll view to use it.
  public init() {}

  // MARK: Refresh view

  /// The refresh view: the one installed now, or the one the next pull installs. At most one is ever in
  /// the tree: setting another while one is installed removes the old one and puts the new one in its
  /// place (same alpha; animating if refreshing). A view set while idle is used for the next pull only;
  /// `scrollBack` removes it and later pulls get fresh ones from `makeRefreshView`.
  public var refreshView: (any APLRefreshView)? {
    get { live }
    set { replace(live, with: newValue) }
  }

  private func replace(_ old: (any APLRefreshView)?, with new: (any APLRefreshView)?) {
    guard old !== new else { return }
    live = new
    guard let old, old.view.superview != nil else { return }
    let alpha = old.view.alpha
    if phase == .refreshing { old.stopAnimating() }
    old.view.removeFromSuperview()
    guard let new, let scrollView else { return }
    place(new, in: scrollView)
    new.view.alpha = alpha
    if phase == .refreshing { new.startAnimating() }
  }

  /// Full width, just above the content: (0, −height, width, height) in content coordinates.
  private func place(_ refreshView: any APLRefreshView, in scrollView: ScrollView) {
    let view = refreshView.view
    view.frame = CGRect(x: 0, y: -refreshView.height, width: scrollView.bounds.width, height: refreshView.height)
    scrollView.addSubview(view)
    view.layoutIfNeeded()
  }

  // MARK: RefreshComponent

  public func install(in scrollView: ScrollView) {
    self.scrollView = scrollView
    scrollView.delegate = self
    scrollView.contentInset.top = baseTopInset
  }

  /// A script's `dataLoaded`: calls the pending completion handler, as an app would when its data arrives.
  public func dataLoaded() {
    if let pendingRefresh {
      complete(refresh: pendingRefresh)
    } else {
      diagnostics.append("dataLoaded at \(Self.seconds(now)) s with no refresh pending; ignored")
    }
  }

  // MARK: ScrollViewDelegate

  public func scrollViewDidScroll(_ scrollView: ScrollView) {
    guard scrollView.isDragging, phase == .idle || phase == .pulling else { return }
    let offset = scrollView.contentOffset.y
    if live?.view.superview == nil {
      // Overscrolling starts: APL installs its view when the offset goes above the resting top (it tests
      // `contentOffset.y < 0`, the same with no bars).
      guard pullToRefreshEnabled, offset < -baseTopInset else { return }
      let view = live ?? makeRefreshView(scrollView.bounds.width)
      live = view
      place(view, in: scrollView)
      view.view.alpha = 0
      didInstallRefreshView?(view)
    }
    guard let view = live else { return }
    phase = .pulling
    let raw = visibleFraction(offset: offset, height: view.height)
    progress = min(max(raw, 0), 1)
    isBeyondThreshold = raw >= APLMetrics.triggerThreshold
    view.view.alpha = progress
    view.update(progress: progress, beyondThreshold: isBeyondThreshold)
  }

  /// The pan ends (APL decides in its pan recognizer's `Ended` state; the offset is still the release
  /// offset here: UIKit calls `scrollViewDidEndDragging` before any deceleration moves it).
  public func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate: Bool) {
    guard phase == .pulling, let view = live else { return }
    let raw = visibleFraction(offset: scrollView.contentOffset.y, height: view.height)
    if pullToRefreshEnabled && raw >= APLMetrics.triggerThreshold {
      trigger(view, in: scrollView)
    } else {
      log("cancel")
      scrollBack()
    }
  }

  /// The fraction of the refresh view the content has uncovered below the base inset.
  private func visibleFraction(offset: Double, height: Double) -> Double {
    height > 0 ? (-offset - baseTopInset) / height : 0
  }

  // MARK: Refreshing

  private func trigger(_ view: any APLRefreshView, in scrollView: ScrollView) {
    phase = .refreshing
    refreshCount += 1
    let refresh = refreshCount
    pendingRefresh = refresh
    let height = view.height
    let base = baseTopInset
    view.view.alpha = 1
    // APL first pins the offset where the finger left it (`setContentOffset:animated:NO`, which stops the
    // bounce on iOS), then animates inset and offset together. Setting the offset here replaces the bounce
    // our scroll view would plan after this callback, so the content animates to the new top with the inset.
    animate({
      scrollView.contentInset.top = base + height
      scrollView.contentOffset = CGPoint(x: scrollView.contentOffset.x, y: -(height + base))
    })
    view.startAnimating()
    log("startAnimating")
    log("trigger")
    let completion: () -> Void = { [weak self] in self?.complete(refresh: refresh) }
    refreshHandler?(completion)
  }

  /// The completion handler of refresh number `refresh`: only its first call counts.
  private func complete(refresh: Int) {
    guard pendingRefresh == refresh, phase == .refreshing else {
      diagnostics.append("completion handler called again at \(Self.seconds(now)) s; ignored")
      return
    }
    pendingRefresh = nil
    log("completion")
    let view = live
    scrollBack()
    view?.stopAnimating()
    log("stopAnimating")
  }

  /// APL's `scrollBack`: fade the view out and put the inset back, then remove the view.
  private func scrollBack() {
    phase = .finishing
    let view = live
    let base = baseTopInset
    animate(
      {
        view?.view.alpha = 0
        if let scrollView, scrollView.contentInset.top != base { scrollView.contentInset.top = base }
      },
      completion: { [weak self] in
        guard let self else { return }
        // Whatever view is live now (it may have been replaced meanwhile) goes.
        self.live?.view.removeFromSuperview()
        self.live = nil
        self.progress = 0
        self.isBeyondThreshold = false
        self.phase = .idle
        self.log("finished")
      })
  }

  // MARK: Helpers

  /// `UIView.animate(withDuration: 0.2)` in the scroll view's tree; outside a tree the changes just happen.
  private func animate(_ changes: () -> Void, completion: (() -> Void)? = nil) {
    if let context = scrollView?.layer.animationContextInTree {
      context.animate(withDuration: APLMetrics.animationDuration, animations: changes) { _ in completion?() }
    } else {
      changes()
      completion?()
    }
  }

  private var now: Double { scrollView?.layer.animationContextInTree?.currentTime ?? 0 }

  private func log(_ name: String) { callbacks.append((now, name)) }

  /// Seconds with at most three decimals and no trailing zeros: 2.5, 10, 0.117.
  static func seconds(_ t: Double) -> String {
    var text = String(format: "%.3f", t)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }
}
