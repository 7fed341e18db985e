import FlipbookGraphics
import FlipbookLayers
import FlipbookScrolling
import FlipbookTiming
import Foundation

// MARK: - MJRefreshHeader

/// MJRefresh's pull-down header in its three stock kinds, ported from the original's files
/// (https://github.com/CoderMJLee/MJRefresh at 5647d82): `MJRefreshHeader.m` for the pull and the inset,
/// `MJRefreshStateHeader.m` for the labels, `MJRefreshNormalHeader.m` for the arrow and spinner,
/// `MJRefreshGifHeader.m` for the images. Numbers are in ``MJRefreshMetrics``.
///
/// - It sits 54 pt tall just above the content. While dragging, its pulling percentage is the pull over 54; past
///   54 it turns to pulling ("Release to refresh", the arrow turning up in 0.25 s), and back.
/// - Let go while pulling (at the scroll view's next move, as MJRefresh's observer hears it): it begins
///   refreshing. In a 0.25 s animation the top inset grows by 54 and the content is set there, and when that
///   ends the refreshing block runs.
/// - `endRefreshing()` (a script's `dataLoaded`): the time is saved for the last-updated line, the inset returns in
///   0.4 s and the spinner fades in the same 0.4 s before the arrow comes back.
public final class MJRefreshHeader: MJRefreshComponent {
  /// The stock header classes.
  public enum Kind: Equatable {
    /// `MJRefreshNormalHeader`: labels, arrow and spinner.
    case normal
    /// `MJRefreshStateHeader`: the labels alone.
    case state
    /// `MJRefreshGifHeader`: labels and images per state.
    case gif(MJRefreshGifImages)
  }

  /// Which stock header this is.
  public let kind: Kind
  /// The texts, in the header's language.
  public let strings: MJRefreshStrings
  /// The time zone the last-updated line is written in, fixed so frames do not depend on the machine.
  public let timeZone: TimeZone
  /// The moment scene time 0 stands for.
  public let now: Date
  /// When the list was last refreshed (MJRefresh's `lastUpdatedTime`, from `NSUserDefaults`); nil: "No record".
  public private(set) var lastUpdatedTime: Date?

  let lastUpdatedTimeLabel: Label
  let arrowView: ShapeLayer
  let loadingView = ActivityIndicatorView(style: .gray)
  let gifView = Layer()
  /// How much the inset changed while refreshing (`insetTDelta`), undone when it ends.
  private var insetTDelta = 0.0

  /// A header `kind`, in `strings`' language; `titles` replace the language's for their states, and either
  /// label can be hidden as MJRefresh's `stateLabel.hidden` and `lastUpdatedTimeLabel.hidden` hide them.
  public init(
    kind: Kind = .normal, strings: MJRefreshStrings = .english, titles: [MJRefreshState: String] = [:],
    stateLabelHidden: Bool = false, lastUpdatedTimeLabelHidden: Bool = false,
    textColor: Color = MJRefreshMetrics.labelTextColor, timeZone: TimeZone = TimeZone(identifier: "UTC")!,
    now: Date, lastUpdatedTime: Date? = nil
  ) {
    self.kind = kind
    self.strings = strings
    var all: [MJRefreshState: String] = [
      .idle: strings.headerIdle, .pulling: strings.headerPulling, .refreshing: strings.headerRefreshing,
    ]
    all.merge(titles) { $1 }
    self.timeZone = timeZone
    self.now = now
    self.lastUpdatedTime = lastUpdatedTime
    arrowView = MJRefreshArrow.layer(color: textColor)
    var height = MJRefreshMetrics.headerHeight
    // `setImages:duration:forState:` makes the header as tall as a taller first image.
    if case .gif(let images) = kind { height = max(height, images.tallestFirstImage) }
    lastUpdatedTimeLabel = Self.label("lastUpdatedTimeLabel", language: strings.language, textColor: textColor)
    super.init(height: height, textColor: textColor, language: strings.language, titles: all)
    layer.name = "mj_header"
    layer.addSublayer(lastUpdatedTimeLabel)
    stateLabel.isHidden = stateLabelHidden
    lastUpdatedTimeLabel.isHidden = lastUpdatedTimeLabelHidden
    switch kind {
    case .normal:
      layer.addSublayer(arrowView)
      loadingView.layer.name = "loadingView"
      addSubview(loadingView)
    case .state:
      break
    case .gif:
      // A plain layer: a UIImageView's image is not one of the properties a view animation animates.
      gifView.name = "gifView"
      layer.addSublayer(gifView)
    }
    showLastUpdated(at: 0)
  }

  override var kindName: String { "header" }

  override func attach(to scrollView: ScrollView) {
    super.attach(to: scrollView)
    layer.withActionsDisabled {
      // `placeSubviews`: the header's bottom on the content's top.
      frame.origin = CGPoint(x: 0, y: -bounds.height)
      placeSubviews()
      if automaticallyChangeAlpha { alpha = 0 }
    }
  }

  // MARK: The pull (MJRefreshHeader.m)

  /// `scrollViewContentOffsetDidChange:`.
  func contentOffsetDidChange(_ scrollView: ScrollView) {
    if state == .refreshing { return resetInset(scrollView) }
    originalInset = scrollView.contentInset
    let offsetY = scrollView.contentOffset.y
    let happenOffsetY = -originalInset.top
    guard offsetY <= happenOffsetY else { return }
    let normalToPulling = happenOffsetY - bounds.height
    let percent = (happenOffsetY - offsetY) / bounds.height
    if scrollView.isDragging {
      setPullingPercent(percent)
      if state == .idle, offsetY < normalToPulling {
        setState(.pulling)
      } else if state == .pulling, offsetY >= normalToPulling {
        setState(.idle)
      }
    } else if state == .pulling {
      beginRefreshing()
    } else if percent < 1 {
      setPullingPercent(percent)
    }
  }

  /// `resetInset`: while refreshing, the top inset follows the content between the original and original + 54
  /// (MJRefresh's fix for section headers that stay put).
  private func resetInset(_ scrollView: ScrollView) {
    var top = max(-scrollView.contentOffset.y, originalInset.top)
    top = min(top, bounds.height + originalInset.top)
    insetTDelta = originalInset.top - top
    if abs(scrollView.contentInset.top - top) > Double(Float.ulpOfOne) { scrollView.contentInset.top = top }
  }

  override func setPullingPercent(_ percent: Double) {
    super.setPullingPercent(percent)
    // `MJRefreshGifHeader`: while idle the pull picks the idle image, floor(count · percent), clamped.
    guard case .gif(let images) = kind, state == .idle, let idle = images.frames[.idle], !idle.isEmpty else { return }
    gifView.removeAnimation(forKey: "animationImages")
    let index = min(max(Int((Double(idle.count) * percent).rounded(.down)), 0), idle.count - 1)
    layer.withActionsDisabled { show(idle[index]) }
  }

  // MARK: States

  override func stateDidChange(from old: MJRefreshState) {
    switch state {
    case .idle where old == .refreshing: headerEndingAction()
    case .refreshing: headerRefreshingAction()
    default: break
    }
    // MJRefreshStateHeader: the state's title, and the last-updated line read again.
    layer.withActionsDisabled {
      stateLabel.string = titles[state] ?? ""
      showLastUpdated(at: sceneTime)
    }
    switch kind {
    case .normal: normalStateDidChange(from: old)
    case .gif(let images): gifStateDidChange(images)
    case .state: break
    }
    layer.withActionsDisabled { placeSubviews() }
  }

  /// The refresh begins: in the fast duration the inset grows by the header's height and the content moves
  /// there; then the refreshing block runs.
  private func headerRefreshingAction() {
    guard let scrollView else { return }
    let top = originalInset.top + bounds.height
    animate(
      fastAnimationDuration,
      {
        scrollView.contentInset.top = top
        scrollView.contentOffset.y = -top
      }, completion: { [weak self] in self?.executeRefreshingCallback() })
  }

  /// The refresh ends: the time is saved, the inset goes back in the slow duration (and the alpha to 0 with
  /// `automaticallyChangeAlpha`); then the percentage is 0.
  private func headerEndingAction() {
    lastUpdatedTime = now.addingTimeInterval(sceneTime)
    guard let scrollView else { return }
    let delta = insetTDelta
    animate(
      slowAnimationDuration,
      {
        scrollView.contentInset.top += delta
        if self.automaticallyChangeAlpha { self.alpha = 0 }
      }, completion: { [weak self] in self?.pullingPercent = 0 })
  }

  /// `MJRefreshNormalHeader`'s `setState:`.
  private func normalStateDidChange(from old: MJRefreshState) {
    switch state {
    case .idle where old == .refreshing:
      layer.withActionsDisabled { arrowView.transform = .identity }
      fadeOut(loadingView, thenShow: arrowView)
    case .idle:
      loadingView.stopAnimating()
      layer.withActionsDisabled { arrowView.isHidden = false }
      turn(arrowView, to: .identity)
    case .pulling:
      loadingView.stopAnimating()
      layer.withActionsDisabled { arrowView.isHidden = false }
      turn(arrowView, to: Transform3D(rotationAngle: MJRefreshMetrics.arrowTurn, x: 0, y: 0, z: 1))
    case .refreshing:
      layer.withActionsDisabled {
        loadingView.alpha = 1
        arrowView.isHidden = true
      }
      loadingView.startAnimating()
    case .noMoreData:
      break
    }
  }

  /// `MJRefreshGifHeader`'s `setState:`: pulling and refreshing show their images, one still or looping over
  /// the state's duration; idle stops the loop.
  private func gifStateDidChange(_ images: MJRefreshGifImages) {
    switch state {
    case .pulling, .refreshing:
      guard let frames = images.frames[state], !frames.isEmpty else { return }
      gifView.removeAnimation(forKey: "animationImages")
      if frames.count == 1 {
        layer.withActionsDisabled { show(frames[0]) }
      } else {
        // The loop's images are drawn at the first one's scale.
        layer.withActionsDisabled { gifView.contentsScale = frames[0].scale }
        var loop = KeyframeAnimation(
          keyPath: .contents, values: frames.map { Discrete($0.image) }, duration: images.duration(for: state))
        loop.calculationMode = .discrete
        loop.timing.repeatCount = .infinity
        try? gifView.add(loop, forKey: "animationImages")
      }
    case .idle:
      gifView.removeAnimation(forKey: "animationImages")
    case .noMoreData:
      break
    }
  }

  private func show(_ frame: MJRefreshGifImages.Frame) {
    gifView.contents = frame.image
    gifView.contentsScale = frame.scale
  }

  // MARK: Layout

  /// `placeSubviews` of the state, normal and gif headers.
  override func placeSubviews() {
    let size = bounds.size
    if !stateLabel.isHidden {
      if lastUpdatedTimeLabel.isHidden {
        stateLabel.frame = CGRect(origin: .zero, size: size)
      } else {
        let half = size.height * 0.5
        stateLabel.frame = CGRect(x: 0, y: 0, width: size.width, height: half)
        lastUpdatedTimeLabel.frame = CGRect(x: 0, y: half, width: size.width, height: size.height - half)
      }
    }
    var textWidth = Self.textWidth(stateLabel)
    if !lastUpdatedTimeLabel.isHidden { textWidth = max(textWidth, Self.textWidth(lastUpdatedTimeLabel)) }
    switch kind {
    case .normal:
      var centerX = size.width * 0.5
      if !stateLabel.isHidden { centerX -= textWidth / 2 + MJRefreshMetrics.labelLeftInset }
      let center = CGPoint(x: centerX, y: size.height * 0.5)
      arrowView.position = center
      loadingView.center = center
    case .gif:
      if stateLabel.isHidden && lastUpdatedTimeLabel.isHidden {
        gifView.frame = CGRect(origin: .zero, size: size)
        gifView.contentsGravity = .center
      } else {
        let width = size.width * 0.5 - textWidth * 0.5 - MJRefreshMetrics.gifLabelLeftInset
        gifView.frame = CGRect(x: 0, y: 0, width: max(width, 0), height: size.height)
        gifView.contentsGravity = .right
      }
    case .state:
      break
    }
  }

  private func showLastUpdated(at time: Double) {
    lastUpdatedTimeLabel.string = strings.lastUpdatedText(
      saved: lastUpdatedTime, now: now.addingTimeInterval(time), timeZone: timeZone)
  }

  private var sceneTime: Double { layer.animationContextInTree?.currentTime ?? 0 }
}
