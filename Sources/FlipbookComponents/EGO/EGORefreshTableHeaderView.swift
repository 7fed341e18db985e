import FlipbookGraphics
import FlipbookLayers
import FlipbookScrolling
import Foundation

// MARK: - EGORefreshTableHeaderView

/// EGOTableViewPullRefresh's header (seed 000), ported line by line from the original's state machine
/// (`EGORefreshTableHeaderView.m` and the demo's `RootViewController.m`,
/// https://github.com/enormego/EGOTableViewPullRefresh; numbers in ``EGOMetrics``), together with the demo view
/// controller's part (it forwards the scroll callbacks, sets its `reloading` flag when triggered, and calls the finish
/// when its data arrives).
///
/// - normal → pulling while dragging, not loading, when the offset goes below −65; pulling → normal
///   between −65 and 0. Entering pulling flips the arrow to a half turn in a 0.18 s CATransaction; back to
///   normal flips it back.
/// - Released at ≤ −65 when not loading: the delegate's trigger first (the demo starts loading), then
///   loading (spinner on, arrow hidden without animation), then the top inset to 60 in a 0.2 s UIView
///   block. While loading, every scroll sets the top inset to min(max(−offset, 0), 60) (EGO's section
///   header fix).
/// - Finished: the inset back to 0 in a 0.3 s block, then normal (spinner off, arrow shown, date
///   refreshed).
public final class EGORefreshTableHeaderView: View, RefreshComponent, ScrollViewDelegate {
  /// `EGOPullRefreshState`: the original's three states, with its names.
  public enum State: String, Sendable {
    /// Pulled beyond the threshold: "Release to refresh...", arrow flipped.
    case pulling
    /// At rest or pulled less than the threshold: "Pull down to refresh...".
    case normal
    /// Refreshing: "Loading...", spinner on, arrow hidden.
    case loading
  }

  /// The texts the labels show, in the header's language.
  public let strings: EGOStrings
  /// Which of the original's four arrow images the header shows.
  public let arrowColor: EGOArrowColor
  /// The time zone the last-updated date is written in, fixed so frames do not depend on the machine.
  public let timeZone: TimeZone
  /// The moment the scene's time 0 stands for; the last-updated date is this plus the scene time.
  public let now: Date
  /// The store the last-updated text is saved to, and its key for this list.
  public let store: LastRefreshStore
  /// This list's key in `store`.
  public let storeKey: String

  /// The original's state, whose names differ from the `refreshState` frames report.
  public private(set) var egoState: State = .pulling
  /// The demo's data source flag: true from the trigger until its data arrives.
  public private(set) var reloading = false
  /// State changes and callbacks with their scene times, for traces.
  public private(set) var callbacks: [(time: Double, name: String)] = []

  let arrowImage = Layer()
  /// UILabels in the original: their text is centred in their 20 pt frames.
  let statusLabel = Label()
  let lastUpdatedLabel = Label()
  let activityView = ActivityIndicatorView(style: .gray)
  private weak var scrollView: ScrollView?

  /// - Parameters:
  ///   - width, height: the header's size; the demo makes it as tall as the table, above the content.
  ///   - lastUpdated: the date the label first shows (EGO asks its data source; the demo answers "now").
  public init(
    width: Double, height: Double, arrowColor: EGOArrowColor = .blue, strings: EGOStrings = .english,
    textColor: Color = EGOMetrics.textColor, backgroundColor: Color = EGOMetrics.backgroundColor,
    timeZone: TimeZone = TimeZone(identifier: "UTC")!, now: Date, lastUpdated: Date? = nil,
    store: LastRefreshStore = LastRefreshStore(), storeKey: String = LastRefreshStore.defaultKey
  ) throws {
    self.strings = strings
    self.arrowColor = arrowColor
    self.timeZone = timeZone
    self.now = now
    self.store = store
    self.storeKey = storeKey
    super.init(frame: CGRect(x: 0, y: -height, width: width, height: height))
    layer.name = "refreshHeaderView"
    self.backgroundColor = backgroundColor

    for (label, y, size, weight, name) in [
      (lastUpdatedLabel, EGOMetrics.lastUpdatedLabelY, EGOMetrics.lastUpdatedFontSize, 400, "lastUpdatedLabel"),
      (statusLabel, EGOMetrics.statusLabelY, EGOMetrics.statusFontSize, 700, "statusLabel"),
    ] {
      label.name = name
      label.isViewLayer = true
      label.frame = CGRect(x: 0, y: height - y, width: width, height: EGOMetrics.labelHeight)
      label.fontSize = size
      label.fontWeight = weight
      label.foregroundColor = textColor
      label.textShadowColor = EGOMetrics.textShadowColor
      label.textShadowOffset = EGOMetrics.textShadowOffset
      label.alignmentMode = .center
      label.language = strings.language
      layer.addSublayer(label)
    }

    arrowImage.name = "arrowImage"
    let frame = EGOMetrics.arrowFrame
    arrowImage.frame = CGRect(x: frame.x, y: height - frame.fromBottom, width: frame.width, height: frame.height)
    arrowImage.contentsGravity = .resizeAspect
    try loadArrow(scale: 2)
    layer.addSublayer(arrowImage)

    activityView.layer.name = "activityView"
    activityView.frame = CGRect(
      x: EGOMetrics.activityFrame.x, y: height - EGOMetrics.activityFrame.fromBottom, width: ActivityIndicatorView.side,
      height: ActivityIndicatorView.side)
    addSubview(activityView)

    refreshLastUpdatedDate(lastUpdated ?? now)
    setState(.normal)
  }

  /// Loads the arrow in its colour for `scale` (2 until the screen is known).
  private func loadArrow(scale: Double) throws(ComponentError) {
    let (image, imageScale) = try BundledArtwork.image(
      named: arrowColor.assetName, scale: scale, for: "the \(arrowColor.rawValue) arrow")
    arrowImage.contents = image
    arrowImage.contentsScale = imageScale
  }

  // MARK: RefreshComponent

  public var style: String { "ego" }
  public var state: String { egoState.rawValue }
  /// How far the pull has gone towards −65 pt.
  public var progress: Double {
    guard let scrollView else { return 0 }
    return min(max(-scrollView.contentOffset.y / EGOMetrics.triggerDistance, 0), 1)
  }

  /// Also reloads the arrow for the scroll view's screen scale, as `UIImage(named:)` picks `@3x` on a 3x
  /// screen.
  public func install(in scrollView: ScrollView) throws(ComponentError) {
    if scrollView.screenScale != arrowImage.contentsScale { try loadArrow(scale: scrollView.screenScale) }
    self.scrollView = scrollView
    scrollView.addSubview(self)
    scrollView.delegate = self
  }

  /// The demo's `doneLoadingTableViewData`: the data arrived.
  public func dataLoaded() {
    guard let scrollView else { return }
    log("dataLoaded")
    reloading = false
    egoRefreshScrollViewDataSourceDidFinishedLoading(scrollView)
  }

  // MARK: The demo's scroll delegate

  public func scrollViewDidScroll(_ scrollView: ScrollView) { egoRefreshScrollViewDidScroll(scrollView) }
  /// Forwards to `egoRefreshScrollViewDidEndDragging(_:)`, as the demo's table view controller does.
  public func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate: Bool) {
    egoRefreshScrollViewDidEndDragging(scrollView)
  }

  // MARK: The header

  func egoRefreshScrollViewDidScroll(_ scrollView: ScrollView) {
    let offset = scrollView.contentOffset.y
    if egoState == .loading {
      let top = min(max(-offset, 0), EGOMetrics.loadingInset)
      if scrollView.contentInset.top != top { scrollView.contentInset = EdgeInsets(top: top) }
    } else if scrollView.isDragging {
      if egoState == .pulling, offset > -EGOMetrics.triggerDistance, offset < 0, !reloading {
        setState(.normal)
      } else if egoState == .normal, offset < -EGOMetrics.triggerDistance, !reloading {
        setState(.pulling)
      }
      if scrollView.contentInset.top != 0 { scrollView.contentInset = .zero }
    }
  }

  func egoRefreshScrollViewDidEndDragging(_ scrollView: ScrollView) {
    guard scrollView.contentOffset.y <= -EGOMetrics.triggerDistance, !reloading else { return }
    // The delegate hears first (the root of EGO issue #23), then the header enters loading.
    log("didTriggerRefresh")
    reloading = true
    setState(.loading)
    guard let context = layer.animationContextInTree else { return }
    context.beginAnimations()
    context.setViewAnimationDuration(EGOMetrics.insetInDuration)
    scrollView.contentInset = EdgeInsets(top: EGOMetrics.loadingInset)
    context.commitAnimations()
  }

  func egoRefreshScrollViewDataSourceDidFinishedLoading(_ scrollView: ScrollView) {
    guard let context = layer.animationContextInTree else { return }
    context.beginAnimations()
    context.setViewAnimationDuration(EGOMetrics.insetOutDuration)
    scrollView.contentInset = .zero
    context.commitAnimations()
    setState(.normal)
  }

  func setState(_ newState: State) {
    let context = layer.animationContextInTree
    switch newState {
    case .pulling:
      statusLabel.string = strings.release
      context?.transaction(duration: EGOMetrics.flipDuration) {
        arrowImage.transform = Transform3D(rotationAngle: .pi, x: 0, y: 0, z: 1)
      }
    case .normal:
      if egoState == .pulling {
        context?.transaction(duration: EGOMetrics.flipDuration) { arrowImage.transform = .identity }
      }
      statusLabel.string = strings.pull
      activityView.stopAnimating()
      // A disabled-actions transaction: the arrow reappears at once; an in-flight flip keeps running.
      layer.withActionsDisabled {
        arrowImage.isHidden = false
        arrowImage.transform = .identity
      }
      refreshLastUpdatedDate(now.addingTimeInterval(context?.currentTime ?? 0))
    case .loading:
      statusLabel.string = strings.loading
      activityView.startAnimating()
      layer.withActionsDisabled { arrowImage.isHidden = true }
    }
    if newState != egoState { log("state \(newState.rawValue)") }
    egoState = newState
  }

  func refreshLastUpdatedDate(_ date: Date) {
    let text = strings.lastUpdatedLine(for: date, timeZone: timeZone)
    lastUpdatedLabel.string = text
    store.set(text, forKey: storeKey)
  }

  private func log(_ name: String) {
    callbacks.append((layer.animationContextInTree?.currentTime ?? 0, name))
  }
}
