import FlipbookGraphics
import FlipbookLayers
import FlipbookScrolling
import FlipbookTiming
import Foundation

// MARK: - MJRefreshFooter

/// MJRefresh's load-more footers, ported from the original's files (https://github.com/CoderMJLee/MJRefresh at
/// 5647d82): `MJRefreshBackFooter.m` and `MJRefreshAutoFooter.m` for when they load, the `…StateFooter.m` and
/// `…NormalFooter.m` files for how they look. Numbers are in ``MJRefreshMetrics``.
///
/// - **Back** (`MJRefreshBackNormalFooter`): 44 pt below the content (or below the screen's height when the
///   content is shorter). Dragged up 44 pt past the end it turns to pulling ("Release to load more", the arrow
///   turning from up to down); let go, in 0.25 s the bottom inset grows by 44 and the content is held there, then
///   the refreshing block runs; at the end the inset returns in 0.4 s.
/// - **Auto** (`MJRefreshAutoNormalFooter`): 44 pt added to the bottom inset for good; it loads as soon as it is
///   fully in view while the content moves up (once per drag, `autoTriggerTimes`), or when a drag ends at the end.
///   No inset moves: the new rows push it down.
/// - `endRefreshingWithNoMoreData()` (a script's `noMoreData`) leaves it saying "No more data", loading nothing.
public final class MJRefreshFooter: MJRefreshComponent {
  /// When the footer loads.
  public enum Behaviour: String, CaseIterable, Sendable {
    /// `MJRefreshBackFooter`: pull past the end and let go.
    case back
    /// `MJRefreshAutoFooter`: as soon as it comes fully into view.
    case auto
  }

  /// How the footer looks.
  public enum Look: String, CaseIterable, Sendable {
    /// The `…NormalFooter`: the label with the arrow (back) and the spinner.
    case normal
    /// The `…StateFooter`: the label alone.
    case state
  }

  /// When the footer loads.
  public let behaviour: Behaviour
  /// How it looks.
  public let look: Look
  /// `triggerAutomaticallyRefreshPercent`: how much of an auto footer must show before it loads (1: all).
  public var triggerAutomaticallyRefreshPercent = MJRefreshMetrics.autoTriggerPercent
  /// `autoTriggerTimes`: how many automatic loads one drag may start (−1: any number).
  public var autoTriggerTimes = MJRefreshMetrics.autoTriggerTimes

  let arrowView: ShapeLayer
  let loadingView = ActivityIndicatorView(style: .gray)
  /// How much the bottom inset grew for this refresh (`lastBottomDelta`).
  private var lastBottomDelta = 0.0
  /// Whether the running load was started by a drag (`triggerByDrag`), and how many more a drag may start.
  private var triggerByDrag = false
  private var leftTriggerTimes = MJRefreshMetrics.autoTriggerTimes
  private var lastOffsetY: Double?

  /// A footer loading as `behaviour` says and looking as `look` says, in `strings`' language; `titles` replace
  /// the language's for their states, and the label can be hidden as `stateLabel.hidden` hides it.
  public init(
    behaviour: Behaviour = .back, look: Look = .normal, strings: MJRefreshStrings = .english,
    titles: [MJRefreshState: String] = [:], stateLabelHidden: Bool = false,
    textColor: Color = MJRefreshMetrics.labelTextColor
  ) {
    self.behaviour = behaviour
    self.look = look
    var all: [MJRefreshState: String] =
      switch behaviour {
      case .back:
        [
          .idle: strings.backFooterIdle, .pulling: strings.backFooterPulling,
          .refreshing: strings.backFooterRefreshing, .noMoreData: strings.backFooterNoMoreData,
        ]
      case .auto:
        [
          .idle: strings.autoFooterIdle, .refreshing: strings.autoFooterRefreshing,
          .noMoreData: strings.autoFooterNoMoreData,
        ]
      }
    all.merge(titles) { $1 }
    arrowView = MJRefreshArrow.layer(color: textColor)
    super.init(height: MJRefreshMetrics.footerHeight, textColor: textColor, language: strings.language, titles: all)
    layer.name = "mj_footer"
    stateLabel.isHidden = stateLabelHidden
    if look == .normal {
      if behaviour == .back {
        // The back footer's arrow points up while idle: turned as the header's is when pulling.
        arrowView.transform = Transform3D(rotationAngle: MJRefreshMetrics.arrowTurn, x: 0, y: 0, z: 1)
        layer.addSublayer(arrowView)
      }
      loadingView.layer.name = "loadingView"
      addSubview(loadingView)
    }
  }

  override var kindName: String { "footer" }

  override func attach(to scrollView: ScrollView) {
    super.attach(to: scrollView)
    // The auto footer takes its 44 pt of bottom inset for good (`willMoveToSuperview:`).
    if behaviour == .auto { scrollView.contentInset.bottom += bounds.height }
    layer.withActionsDisabled {
      contentSizeDidChange(scrollView)
      placeSubviews()
      if automaticallyChangeAlpha { alpha = 0 }
    }
  }

  /// `endRefreshingWithNoMoreData`: the refresh ends, and the footer stays saying there is no more.
  public func endRefreshingWithNoMoreData() { setState(.noMoreData) }

  /// `resetNoMoreData`: the footer can load again.
  public func resetNoMoreData() { setState(.idle) }

  // MARK: Where it sits

  /// `scrollViewContentSizeDidChange:`: below the content (a back footer at least a screen down).
  func contentSizeDidChange(_ scrollView: ScrollView) {
    let contentHeight = scrollView.contentSize.height
    let y: Double
    switch behaviour {
    case .back:
      let scrollHeight = scrollView.bounds.height - originalInset.top - originalInset.bottom
      y = max(contentHeight, scrollHeight)
    case .auto:
      y = contentHeight
    }
    if frame.origin.y != y { layer.withActionsDisabled { frame.origin = CGPoint(x: 0, y: y) } }
  }

  /// How far the content reaches past the visible height (`heightForContentBreakView`).
  private func heightForContentBreakView(_ scrollView: ScrollView) -> Double {
    let visible = scrollView.bounds.height - originalInset.bottom - originalInset.top
    return scrollView.contentSize.height - visible
  }

  /// The offset at which the footer starts to show (`happenOffsetY`).
  private func happenOffsetY(_ scrollView: ScrollView) -> Double {
    let delta = heightForContentBreakView(scrollView)
    return delta > 0 ? delta - originalInset.top : -originalInset.top
  }

  // MARK: The pull

  /// `scrollViewContentOffsetDidChange:` of the back or auto footer.
  func contentOffsetDidChange(_ scrollView: ScrollView) {
    let offsetY = scrollView.contentOffset.y
    defer { lastOffsetY = offsetY }
    switch behaviour {
    case .back: backOffsetDidChange(scrollView, offsetY)
    case .auto: autoOffsetDidChange(scrollView, offsetY)
    }
  }

  private func backOffsetDidChange(_ scrollView: ScrollView, _ offsetY: Double) {
    guard state != .refreshing else { return }
    originalInset = scrollView.contentInset
    let happen = happenOffsetY(scrollView)
    guard offsetY > happen else { return }
    let percent = (offsetY - happen) / bounds.height
    if state == .noMoreData { return setPullingPercent(percent) }
    if scrollView.isDragging {
      setPullingPercent(percent)
      let normalToPulling = happen + bounds.height
      if state == .idle, offsetY > normalToPulling {
        setState(.pulling)
      } else if state == .pulling, offsetY <= normalToPulling {
        setState(.idle)
      }
    } else if state == .pulling {
      beginRefreshing()
    } else if percent < 1 {
      setPullingPercent(percent)
    }
  }

  private func autoOffsetDidChange(_ scrollView: ScrollView, _ offsetY: Double) {
    guard state == .idle, frame.origin.y != 0 else { return }
    let inset = scrollView.contentInset
    let contentHeight = scrollView.contentSize.height
    guard inset.top + contentHeight > scrollView.bounds.height else { return }
    let h = bounds.height
    let threshold = contentHeight - scrollView.bounds.height + h * triggerAutomaticallyRefreshPercent + inset.bottom - h
    guard offsetY >= threshold else { return }
    // Only while the content moves up, so a release does not start it twice.
    guard let old = lastOffsetY, offsetY > old else { return }
    if scrollView.isDragging { triggerByDrag = true }
    beginRefreshing()
  }

  /// The finger lands (`UIGestureRecognizerStateBegan`): a drag may start `autoTriggerTimes` loads again.
  func panBegan() {
    guard behaviour == .auto, state == .idle else { return }
    leftTriggerTimes = autoTriggerTimes
  }

  /// The finger lifts (`UIGestureRecognizerStateEnded`): an auto footer loads if the drag ended at the end.
  func panEnded(_ scrollView: ScrollView) {
    guard behaviour == .auto, state == .idle else { return }
    let inset = scrollView.contentInset
    let offsetY = scrollView.contentOffset.y
    let contentHeight = scrollView.contentSize.height
    let atEnd =
      inset.top + contentHeight <= scrollView.bounds.height
      ? offsetY >= -inset.top : offsetY >= contentHeight + inset.bottom - scrollView.bounds.height
    guard atEnd else { return }
    triggerByDrag = true
    beginRefreshing()
  }

  /// The auto footer's `beginRefreshing`: a drag that has used its loads starts no more.
  public override func beginRefreshing() {
    if behaviour == .auto, triggerByDrag, leftTriggerTimes <= 0, autoTriggerTimes != -1 {
      triggerByDrag = false
      return
    }
    super.beginRefreshing()
  }

  // MARK: States

  override func stateDidChange(from old: MJRefreshState) {
    switch behaviour {
    case .back: backStateDidChange(from: old)
    case .auto: autoStateDidChange(from: old)
    }
    layer.withActionsDisabled { stateLabel.string = titles[state] ?? "" }
    if look == .normal { normalStateDidChange(from: old) }
    layer.withActionsDisabled { placeSubviews() }
  }

  /// `MJRefreshBackFooter`'s `setState:`: the bottom inset grows by 44 and holds the content while refreshing.
  private func backStateDidChange(from old: MJRefreshState) {
    guard let scrollView else { return }
    switch state {
    case .idle, .noMoreData:
      guard old == .refreshing else { return }
      let delta = lastBottomDelta
      animate(
        slowAnimationDuration,
        {
          scrollView.contentInset.bottom -= delta
          if self.automaticallyChangeAlpha { self.alpha = 0 }
        }, completion: { [weak self] in self?.pullingPercent = 0 })
    case .refreshing:
      animate(
        fastAnimationDuration,
        {
          var bottom = self.bounds.height + self.originalInset.bottom
          let delta = self.heightForContentBreakView(scrollView)
          if delta < 0 { bottom -= delta }
          self.lastBottomDelta = bottom - scrollView.contentInset.bottom
          scrollView.contentInset.bottom = bottom
          scrollView.contentOffset.y = self.happenOffsetY(scrollView) + self.bounds.height
        }, completion: { [weak self] in self?.executeRefreshingCallback() })
    case .pulling:
      break
    }
  }

  /// `MJRefreshAutoFooter`'s `setState:`: refreshing runs the block at once; the end counts a drag's load.
  private func autoStateDidChange(from old: MJRefreshState) {
    switch state {
    case .refreshing:
      executeRefreshingCallback()
    case .idle, .noMoreData:
      if triggerByDrag {
        if autoTriggerTimes != -1 { leftTriggerTimes -= 1 }
        triggerByDrag = false
      }
    case .pulling:
      break
    }
  }

  /// `MJRefreshBackNormalFooter`'s and `MJRefreshAutoNormalFooter`'s `setState:`.
  private func normalStateDidChange(from old: MJRefreshState) {
    let up = Transform3D(rotationAngle: MJRefreshMetrics.arrowTurn, x: 0, y: 0, z: 1)
    switch state {
    case .idle where behaviour == .back && old == .refreshing:
      layer.withActionsDisabled { arrowView.transform = up }
      fadeOut(loadingView, thenShow: arrowView)
    case .idle:
      layer.withActionsDisabled { arrowView.isHidden = false }
      loadingView.stopAnimating()
      if behaviour == .back { turn(arrowView, to: up) }
    case .pulling:
      layer.withActionsDisabled { arrowView.isHidden = false }
      loadingView.stopAnimating()
      turn(arrowView, to: .identity)
    case .refreshing:
      layer.withActionsDisabled { arrowView.isHidden = true }
      loadingView.startAnimating()
    case .noMoreData:
      layer.withActionsDisabled { arrowView.isHidden = true }
      loadingView.stopAnimating()
    }
  }

  // MARK: Layout

  /// `placeSubviews`: the label fills the footer; the arrow and spinner sit left of its text.
  override func placeSubviews() {
    let size = bounds.size
    stateLabel.frame = CGRect(origin: .zero, size: size)
    var centerX = size.width * 0.5
    if !stateLabel.isHidden { centerX -= MJRefreshMetrics.labelLeftInset + Self.textWidth(stateLabel) * 0.5 }
    let center = CGPoint(x: centerX, y: size.height * 0.5)
    arrowView.position = center
    loadingView.center = center
  }
}
