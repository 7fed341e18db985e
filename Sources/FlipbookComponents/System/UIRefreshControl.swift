import FlipbookGraphics
import FlipbookLayers
import FlipbookScrolling
import FlipbookTiming
import Foundation

// MARK: - UIRefreshControl

/// The system's refresh control in its modern look (iOS 7 and later), with UIKit's API: `beginRefreshing()`,
/// `endRefreshing()`, `isRefreshing`, `tintColor`, `attributedTitle` and `.valueChanged` as the `valueChanged`
/// callback. Numbers and their sources are in ``UIRefreshControlMetrics``.
///
/// - It sits behind the content, pinned to the top of the visible area, so the pull reveals it from the top
///   down; nothing of it shows until the pull reaches 5 pt.
/// - Its spinner is a replicator of 8 spokes whose reveal is a 1 s animation held at `speed` 0 and scrubbed by
///   `timeOffset = pull / maximum trigger distance`, as UIKit does: spoke k's alpha is
///   `clamp(1 + k·(e − 1))·e`, e the ease-in-out of that fraction, so the spokes appear one after another
///   clockwise from 12 o'clock.
/// - It refreshes when the pull reaches the trigger distance **while the finger is still down**: the spinner
///   turns to its spun look, blooms, and steps a turn a second in 8 discrete steps; the top inset grows by
///   the control's height at once (the content stays under the finger and settles there when let go), and
///   `valueChanged` runs.
/// - `endRefreshing()` (a script's `dataLoaded`): the spinner shrinks away and the inset returns, both in
///   0.3 s; then the reveal is armed again.
/// - `beginRefreshing()` (a script's `beginRefreshing`): refreshing without `valueChanged`, the list moved
///   down to show the control if it rests at its top.
public final class UIRefreshControl: View, ProgrammaticRefresh, ScrollViewDelegate {
  /// Where the control is in a refresh (UIKit's `_refreshControlState`, with its idle, pulling, refreshing
  /// and ending states; the armed moment between pulling and refreshing is not held for a frame).
  public enum State: String, CaseIterable, Sendable {
    /// Nothing pulled, nothing running.
    case idle
    /// Pulled short of the trigger distance.
    case pulling
    /// Refreshing: spinning, the inset grown.
    case refreshing
    /// After `endRefreshing()`, until the inset is back.
    case ending
  }

  /// The looks the control can take: iOS 7's and later's, or iOS 6's stretching drop.
  public enum Look: String, CaseIterable, Sendable {
    /// The spinner of 8 spokes revealed by the pull (iOS 7 and later).
    case modern
    /// iOS 6's drop that stretches and snaps into a spinner (``StretchingDropView``); it has no title.
    case ios6
  }

  /// The control's look, chosen when it is made.
  public let look: Look
  /// The spokes' colour (`tintColor`), or the drop's in the iOS 6 look; UIKit's default for the look unless set.
  public var tintColor: Color {
    didSet {
      layer.withActionsDisabled { seed.backgroundColor = tintColor }
      drop?.tintColor = tintColor
    }
  }
  /// The title under the spinner (`attributedTitle`): its string in Caption1, in the colour of its
  /// `.foregroundColor` attribute (a `Color`) or `labelColor`. Set it before the control is installed, as
  /// the control's height follows it.
  public var attributedTitle: NSAttributedString? {
    get {
      title.map { NSAttributedString(string: $0.text, attributes: $0.color.map { [.foregroundColor: $0] } ?? [:]) }
    }
    set {
      let color = newValue.flatMap { $0.length > 0 ? $0.attribute(.foregroundColor, at: 0, effectiveRange: nil) : nil }
      setTitle(newValue?.string, color: color as? Color)
    }
  }
  /// The title's text and colour, as the control draws them.
  private var title: (text: String, color: Color?)?

  /// Sets the title from its text and colour, as `attributedTitle` does, without an attributed string (whose
  /// Linux Foundation keeps a little memory for good: a document decoder sets many).
  package func setTitle(_ text: String?, color: Color?) {
    title = text.map { ($0, color) }
    layoutTitle()
  }
  /// Runs when a pull triggers a refresh (`.valueChanged`); not when `beginRefreshing()` starts one.
  public var valueChanged: ((UIRefreshControl) -> Void)?

  /// The control's state now.
  public private(set) var refreshState: State = .idle
  /// True from a trigger or `beginRefreshing()` until `endRefreshing()`.
  public var isRefreshing: Bool { refreshState == .refreshing }
  /// State changes and calls with their scene times: `valueChanged`, `beginRefreshing`, `endRefreshing`,
  /// `finished`.
  public private(set) var callbacks: [(time: Double, name: String)] = []
  public private(set) var diagnostics: [String] = []

  /// The pull at which the control refreshes, from the scroll view's height (set when installed).
  public private(set) var triggerDistance = UIRefreshControlMetrics.triggerDistance(scrollViewHeight: 568)
  /// The pull the reveal is scrubbed against (`maximumTriggerDistance`).
  public private(set) var revealDistance = UIRefreshControlMetrics.maximumTriggerDistance(scrollViewHeight: 568)

  /// The 100 pt box the spinner turns in; its turn is the spun look and the go-away.
  let spinner = Layer()
  /// The 8 spokes: one seed, replicated; held at speed 0 while the pull scrubs the reveal.
  let spokes = ReplicatorLayer()
  /// The spoke the replicator copies, pointing up from the centre.
  let seed = Layer()
  let titleLabel = Label()
  private weak var scrollView: ScrollView?
  /// The top inset the content rests under when no refresh runs (read when installed).
  private var baseTopInset = 0.0
  /// The last offset and time seen, for the pull's speed when it triggers.
  private var lastScroll: (offset: Double, time: Double)?
  /// The iOS 6 look's drop, nil in the modern look.
  let drop: StretchingDropView?
  /// The iOS 6 look refreshes again only once the list has been back at its top (ODRefreshControl's `_canRefresh`).
  private var canRefresh = true

  /// A control for a scroll view `width` points wide (the scroll view's width when installed), in `look`.
  public init(width: Double = 320, look: Look = .modern) {
    self.look = look
    tintColor = look == .modern ? UIRefreshControlMetrics.tintColor : StretchingDropView.tintColor
    drop = look == .ios6 ? StretchingDropView(width: width) : nil
    super.init(frame: CGRect(x: 0, y: 0, width: width, height: UIRefreshControlMetrics.height))
    layer.name = "refreshControl"
    if let drop {
      frame = CGRect(x: 0, y: -StretchingDropView.totalHeight, width: width, height: StretchingDropView.totalHeight)
      drop.frame = bounds
      addSubview(drop)
      return
    }
    let side = 100.0
    spinner.name = "spinner"
    spinner.bounds = CGRect(x: 0, y: 0, width: side, height: side)
    spokes.name = "spokes"
    spokes.frame = spinner.bounds
    spokes.instanceCount = UIRefreshControlMetrics.spokeCount
    spokes.instanceTransform = Transform3D(
      rotationAngle: 2 * .pi / Double(UIRefreshControlMetrics.spokeCount), x: 0, y: 0, z: 1)
    seed.name = "seed"
    let w = UIRefreshControlMetrics.spokeWidth
    let length = UIRefreshControlMetrics.spokeOuterRadius - UIRefreshControlMetrics.spokeInnerRadius
    seed.frame = CGRect(
      x: side / 2 - w / 2, y: side / 2 - UIRefreshControlMetrics.spokeOuterRadius, width: w, height: length)
    seed.cornerRadius = w / 2
    seed.backgroundColor = tintColor
    spokes.addSublayer(seed)
    spinner.addSublayer(spokes)
    layer.addSublayer(spinner)
    titleLabel.name = "title"
    titleLabel.isViewLayer = true
    titleLabel.fontSize = UIRefreshControlMetrics.titleFontSize
    titleLabel.alignmentMode = .center
    titleLabel.isHidden = true
    layer.addSublayer(titleLabel)
    layer.isHidden = true
    armReveal()
    layoutTitle()
  }

  /// The control's height, which the inset grows by while refreshing: 60 pt, or the title's height + 67; 44 pt in
  /// the iOS 6 look.
  public var height: Double {
    if look == .ios6 { return StretchingDropView.openedHeight }
    guard let titleHeight else { return UIRefreshControlMetrics.height }
    return titleHeight + UIRefreshControlMetrics.titledExtraHeight
  }

  /// The title's one-line height in Caption1, nil without a title.
  private var titleHeight: Double? {
    guard look == .modern, let title, !title.text.isEmpty else { return nil }
    let measured = try? titleLabel.sizeThatFits(CGSize(width: bounds.width, height: .infinity)).height
    return (measured ?? UIRefreshControlMetrics.titleFontSize * 1.2).rounded(.up)
  }

  // MARK: UIKit's API

  /// Starts refreshing as if a pull had triggered it, without `valueChanged` (Apple: "may be used to indicate
  /// … that an external event has initiated the refresh").
  public func beginRefreshing() {
    guard refreshState == .idle || refreshState == .pulling, let scrollView else { return }
    log("beginRefreshing")
    drop?.showSpinner()
    startRefreshing(in: scrollView, velocity: 0)
    // A list resting at its top is moved down to show the control, as an app's setContentOffset does.
    scrollView.layer.animateInTree(
      withDuration: UIRefreshControlMetrics.programmaticRevealDuration,
      animations: { scrollView.contentInset.top = self.baseTopInset + self.height })
  }

  /// Ends the refresh: the spinner shrinks away and the inset returns in 0.3 s (Apple: "must be explicitly
  /// called when the refreshing has completed").
  public func endRefreshing() {
    guard refreshState == .refreshing, let scrollView else { return }
    log("endRefreshing")
    refreshState = .ending
    if let drop { return endDropRefresh(drop, in: scrollView) }
    let goAway = Transform3D(scaleX: UIRefreshControlMetrics.goAwayScale, y: UIRefreshControlMetrics.goAwayScale)
      .concatenating(Transform3D(rotationAngle: UIRefreshControlMetrics.spunAngle, x: 0, y: 0, z: 1))
    let duration = UIRefreshControlMetrics.goAwayDuration
    let spinnerNow = spinner.presentationOfSelf(at: spinner.localTime).transform
    let titleNow = titleLabel.presentationOfSelf(at: titleLabel.localTime).opacity
    layer.withActionsDisabled {
      spinner.removeAnimation(forKey: "spin up")
      spinner.transform = goAway
      titleLabel.opacity = 0
    }
    try? spinner.add(
      BasicAnimation(
        keyPath: .transform, from: spinnerNow, to: goAway, duration: duration, timingFunction: .easeInEaseOut),
      forKey: "go away")
    try? titleLabel.add(
      BasicAnimation(keyPath: .opacity, from: titleNow, to: 0, duration: duration, timingFunction: .easeInEaseOut),
      forKey: "go away")
    let base = baseTopInset
    scrollView.layer.animateInTree(
      withDuration: UIRefreshControlMetrics.insetOutDuration,
      animations: {
        scrollView.contentInset.top = base
        self.pin(to: scrollView)
      },
      completion: { [weak self] _ in self?.finish() })
  }

  // MARK: RefreshComponent

  public var style: String { "uirefreshcontrol" }
  public var state: String { refreshState.rawValue }
  public var stateNames: [String] { State.allCases.map(\.rawValue) }
  /// The pull over the trigger distance, 0...1.
  public var progress: Double { min(max(pull / triggerDistance, 0), 1) }
  public var thresholds: RefreshThresholds { RefreshThresholds(contentOffsetY: -(baseTopInset + triggerDistance)) }

  /// Lays the control out at the scroll view's width, behind the content, and takes the trigger distance
  /// from the scroll view's height.
  public func install(in scrollView: ScrollView) {
    self.scrollView = scrollView
    baseTopInset = scrollView.contentInset.top
    let titleHeight = self.titleHeight ?? 0
    triggerDistance =
      look == .ios6
      ? StretchingDropView.triggerPull
      : UIRefreshControlMetrics.triggerDistance(scrollViewHeight: scrollView.bounds.height, titleHeight: titleHeight)
    revealDistance = UIRefreshControlMetrics.maximumTriggerDistance(
      scrollViewHeight: scrollView.bounds.height, titleHeight: titleHeight)
    layer.withActionsDisabled {
      bounds.size.width = scrollView.bounds.width
      // Made 320 pt wide, the control spans the scroll view from its left edge, as UIKit lays it out.
      frame.origin.x = 0
      if look == .modern { bounds.size.height = height }
      drop?.frame = bounds
      layoutTitle()
    }
    scrollView.insertSubview(self, at: 0)
    scrollView.delegate = self
    layer.withActionsDisabled { pin(to: scrollView) }
  }

  /// The app's data arrived: `endRefreshing()`.
  public func dataLoaded() {
    guard refreshState == .refreshing else {
      return diagnostics.append(
        "dataLoaded at \(PullToRefreshContainer.seconds(now)) s with no refresh running; ignored")
    }
    endRefreshing()
  }

  // MARK: ScrollViewDelegate

  public func scrollViewDidScroll(_ scrollView: ScrollView) {
    let offset = scrollView.contentOffset.y
    let velocity = lastScroll.map { now > $0.time ? (offset - $0.offset) / (now - $0.time) : 0 } ?? 0
    lastScroll = (Double(offset), now)
    layer.withActionsDisabled { pin(to: scrollView) }
    switch refreshState {
    case .idle, .pulling:
      refreshState = pull > 0 ? .pulling : .idle
      if let drop { return scrollDrop(drop, in: scrollView, velocity: velocity) }
      layer.withActionsDisabled { scrubReveal() }
      if scrollView.isDragging, pull >= triggerDistance {
        log("valueChanged")
        startRefreshing(in: scrollView, velocity: velocity)
        valueChanged?(self)
      }
    case .refreshing:
      drop?.pin(pull: pull)
    case .ending:
      break
    }
  }

  // MARK: The spinner

  /// How far the content is pulled below its resting top, in points.
  private var pull: Double {
    guard let scrollView else { return 0 }
    return max(-(scrollView.contentOffset.y + baseTopInset), 0)
  }

  /// Keeps the control at the top of the visible area (below the bars), so the pull uncovers it.
  private func pin(to scrollView: ScrollView) {
    guard look == .modern else { return }
    let y = scrollView.contentOffset.y + baseTopInset
    if frame.origin.y != y { frame.origin.y = y }
  }

  /// The pull scrubs the held reveal; below 5 pt nothing shows. The title's alpha is the fraction of it
  /// uncovered.
  private func scrubReveal() {
    let hidden = pull < UIRefreshControlMetrics.revealMinimumPull
    if layer.isHidden != hidden { layer.isHidden = hidden }
    spokes.timeOffset = min(pull / revealDistance, UIRefreshControlMetrics.revealTimeOffsetCap)
    if let titleHeight {
      titleLabel.opacity = min(max((pull - titleLabel.frame.minY) / titleHeight, 0), 1)
    }
  }

  /// The spokes hidden and the reveal held at its start: UIKit's reset, a 1 s reveal (ease-in-out)
  /// from `instanceAlphaOffset` −1 and alpha 0, at speed 0.
  private func armReveal() {
    layer.withActionsDisabled {
      spinner.removeAllAnimations()
      spokes.removeAllAnimations()
      seed.removeAllAnimations()
      spinner.transform = .identity
      spokes.transform = .identity
      spokes.speed = 0
      spokes.timeOffset = 0
      spokes.instanceColor = .white
      spokes.instanceAlphaOffset = 0
      spokes.opacity = 1
      titleLabel.opacity = 0
    }
    for (keyPath, from, to) in [(AnimationKeyPath<Double>.instanceAlphaOffset, -1.0, 0.0), (.opacity, 0, 1)] {
      var reveal = BasicAnimation(
        keyPath: keyPath, from: from, to: to, duration: UIRefreshControlMetrics.revealDuration,
        timingFunction: .easeInEaseOut)
      reveal.timing.fillMode = .both
      try? spokes.add(reveal, forKey: "reveal \(keyPath.name)")
    }
  }

  /// The trigger: refreshing, the spun look (a spring whose stiffness follows the pull's speed in pt/ms),
  /// the bloom, the discrete spin and the inset grown by the control's height.
  private func startRefreshing(in scrollView: ScrollView, velocity: Double) {
    refreshState = .refreshing
    canRefresh = false
    guard look == .modern else {
      // *Chosen*: the inset grows at the snap, as the modern look's does; ODRefreshControl waits for the
      // bounce to pass 44 pt, a workaround for UIScrollView that lands in the same place.
      scrollView.contentInset.top = baseTopInset + height
      return
    }
    layer.withActionsDisabled {
      layer.isHidden = false
      spokes.removeAllAnimations()
      spokes.speed = 1
      spokes.timeOffset = 0
      spokes.instanceColor = Color(white: 1, alpha: 0)
      spokes.instanceAlphaOffset = UIRefreshControlMetrics.spunAlphaOffset
      spokes.opacity = 1
      spinner.transform = Transform3D(rotationAngle: UIRefreshControlMetrics.spunAngle, x: 0, y: 0, z: 1)
      if title != nil { titleLabel.opacity = 1 }
    }
    let range = UIRefreshControlMetrics.spinStiffnessRange
    let stiffness = min(
      max(abs(velocity) / 1000 * UIRefreshControlMetrics.spinStiffnessPerVelocity, range.lowerBound), range.upperBound)
    var turn = SpringAnimation(
      keyPath: .rotationZ, from: 0, to: UIRefreshControlMetrics.spunAngle,
      spring: Spring(stiffness: stiffness, damping: 2 * stiffness.squareRoot()))
    turn.timing.duration = turn.spring.settlingDuration
    try? spinner.add(turn, forKey: "spin up")

    let bloomed = Transform3D(translationX: 0, y: -UIRefreshControlMetrics.bloomRise)
      .concatenating(Transform3D(scaleX: UIRefreshControlMetrics.bloomScale, y: UIRefreshControlMetrics.bloomScale))
    let bloomTotal = UIRefreshControlMetrics.bloomDuration + UIRefreshControlMetrics.unbloomDuration
    var bloom = KeyframeAnimation(keyPath: .transform, values: [.identity, bloomed, .identity], duration: bloomTotal)
    bloom.keyTimes = [0, UIRefreshControlMetrics.bloomDuration / bloomTotal, 1]
    bloom.timingFunctions = [.linear, .easeInEaseOut]
    try? seed.add(bloom, forKey: "bloom")

    let steps = UIRefreshControlMetrics.spokeCount
    var spin = KeyframeAnimation(
      keyPath: .rotationZ, values: (0..<steps).map { Double($0) * 2 * .pi / Double(steps) },
      duration: UIRefreshControlMetrics.spinDuration)
    spin.calculationMode = .discrete
    spin.timing.repeatCount = .infinity
    try? spokes.add(spin, forKey: "spin")

    // Under the finger the content does not move; let go, it settles against the grown inset.
    scrollView.contentInset.top = baseTopInset + height
  }

  /// The go-away and the inset are done: back to rest, the reveal armed again for the next pull.
  private func finish() {
    guard refreshState == .ending, let scrollView else { return }
    log("finished")
    refreshState = pull > 0 ? .pulling : .idle
    guard look == .modern else { return }
    armReveal()
    layer.withActionsDisabled {
      pin(to: scrollView)
      scrubReveal()
    }
  }

  /// The iOS 6 look's pull: the drop is drawn for it, and refreshes when it snaps (after a refresh, only once the
  /// list has been back at its top).
  private func scrollDrop(_ drop: StretchingDropView, in scrollView: ScrollView, velocity: Double) {
    if pull == 0 { canRefresh = true }
    guard canRefresh else { return drop.clear() }
    guard drop.draw(pull: pull) else { return }
    log("valueChanged")
    startRefreshing(in: scrollView, velocity: velocity)
    valueChanged?(self)
  }

  /// The iOS 6 look's end: the inset returns while the spinner shrinks and fades, in 0.4 s; then the drop is
  /// cleared.
  private func endDropRefresh(_ drop: StretchingDropView, in scrollView: ScrollView) {
    let base = baseTopInset
    scrollView.layer.animateInTree(
      withDuration: StretchingDropView.endDuration,
      animations: {
        scrollView.contentInset.top = base
        drop.hideSpinner()
      },
      completion: { [weak self] _ in
        drop.clear()
        self?.finish()
      })
  }

  private func layoutTitle() {
    guard look == .modern else { return }
    layer.withActionsDisabled {
      let text = title?.text ?? ""
      titleLabel.string = text
      titleLabel.isHidden = text.isEmpty
      titleLabel.foregroundColor = title?.color ?? UIRefreshControlMetrics.titleColor
      let titleHeight = self.titleHeight ?? 0
      let margin = UIRefreshControlMetrics.titleSideMargin
      titleLabel.frame = CGRect(
        x: margin, y: height - UIRefreshControlMetrics.titleBottomMargin - titleHeight,
        width: max(bounds.width - 2 * margin, 0), height: titleHeight)
      spinner.position = CGPoint(x: bounds.width / 2, y: UIRefreshControlMetrics.spinnerCenterY)
    }
  }

  private var now: Double { layer.animationContextInTree?.currentTime ?? 0 }

  private func log(_ name: String) { callbacks.append((now, name)) }
}

// MARK: - The title's colour

extension NSAttributedString.Key {
  /// The title's colour, a `Color` (UIKit's `NSForegroundColorAttributeName`, whose raw value is "NSColor").
  public static let foregroundColor = NSAttributedString.Key("NSColor")
}
