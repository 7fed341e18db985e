import FlipbookGraphics
import FlipbookLayers
import FlipbookScrolling
import Foundation

// MARK: - MJRefreshComponent

/// What MJRefresh's header and footers share (`MJRefreshComponent.m`): the state, the pull's percentage, the
/// alpha that follows it with `automaticallyChangeAlpha`, the two animation durations, `beginRefreshing` and
/// `endRefreshing`, and the labels' look. MJRefresh watches the scroll view by key-value observing; here the
/// control that owns the components (`MJRefreshControl`) forwards the scroll view's callbacks to each.
public class MJRefreshComponent: View {
  /// The state now; setting it runs the original's `setState:` chain.
  public internal(set) var state: MJRefreshState = .idle
  /// How far the pull has gone towards the threshold, in the component's height (1 at the threshold).
  public internal(set) var pullingPercent = 0.0
  /// MJRefresh's `automaticallyChangeAlpha`: the component's alpha is its pulling percentage while it is not
  /// refreshing, and fades to 0 when a refresh ends. Off by default.
  public var automaticallyChangeAlpha = false {
    didSet { if !isRefreshing { alpha = automaticallyChangeAlpha ? pullingPercent : 1 } }
  }
  /// `fastAnimationDuration`: the arrow's turn and the inset when refreshing begins.
  public var fastAnimationDuration = MJRefreshMetrics.fastAnimationDuration
  /// `slowAnimationDuration`: the inset and the spinner's fade when a refresh ends.
  public var slowAnimationDuration = MJRefreshMetrics.slowAnimationDuration
  /// The labels' colour (`stateLabel.textColor`), which tints the arrow too.
  public let textColor: Color
  /// The titles per state (`setTitle:forState:`); the language's by default.
  public internal(set) var titles: [MJRefreshState: String]
  /// The label showing the state's title.
  let stateLabel: Label

  /// The scroll view the component is on; weak, as the scroll view holds it.
  weak var scrollView: ScrollView?
  /// The scroll view's inset before the component changed it (`scrollViewOriginalInset`).
  var originalInset = EdgeInsets()
  /// Where the owner logs calls and state changes (`refreshingBlock`, `state refreshing`).
  var log: (String) -> Void = { _ in }

  /// A component `height` tall whose state label speaks `language` in `textColor`, titled `titles`.
  init(height: Double, textColor: Color, language: String, titles: [MJRefreshState: String]) {
    self.textColor = textColor
    self.titles = titles
    stateLabel = Self.label("stateLabel", language: language, textColor: textColor)
    super.init(frame: CGRect(x: 0, y: 0, width: 320, height: height))
    stateLabel.string = titles[.idle] ?? ""
    layer.addSublayer(stateLabel)
  }

  /// `setTitle:forState:`.
  public func setTitle(_ title: String, for state: MJRefreshState) {
    titles[state] = title
    layer.withActionsDisabled {
      stateLabel.string = titles[self.state] ?? ""
      placeSubviews()
    }
  }

  /// `placeSubviews`: lays the labels, arrow, spinner or images out; subclasses override it.
  func placeSubviews() {}

  /// True while refreshing (MJRefresh's `isRefreshing`, which also counts `WillRefresh`).
  public var isRefreshing: Bool { state == .refreshing }

  /// Takes the scroll view's width and remembers its inset, as `willMoveToSuperview:` does.
  func attach(to scrollView: ScrollView) {
    self.scrollView = scrollView
    originalInset = scrollView.contentInset
    layer.withActionsDisabled { bounds.size.width = scrollView.bounds.width }
    scrollView.addSubview(self)
  }

  /// `setPullingPercent:`: with `automaticallyChangeAlpha`, the alpha follows, except while refreshing.
  func setPullingPercent(_ percent: Double) {
    pullingPercent = percent
    guard !isRefreshing, automaticallyChangeAlpha else { return }
    alpha = percent
  }

  /// `beginRefreshing`: the alpha back to 1 in the fast duration, the percentage full, then refreshing.
  public func beginRefreshing() {
    animate(fastAnimationDuration) { self.alpha = 1 }
    setPullingPercent(1)
    setState(.refreshing)
  }

  /// `endRefreshing`: back to idle (MJRefresh dispatches it to the next turn of the main loop; here it is at once).
  public func endRefreshing() { setState(.idle) }

  /// Runs the original's `setState:` for `newState`; subclasses extend it, calling this first.
  func setState(_ newState: MJRefreshState) {
    guard newState != state else { return }
    let old = state
    state = newState
    log("\(kindName) \(newState.rawValue)")
    stateDidChange(from: old)
  }

  /// What a state change does, from `old` to `state`; subclasses override it.
  func stateDidChange(from old: MJRefreshState) {}

  /// The component's name in the trace: `header` or `footer`.
  var kindName: String { "component" }

  /// The refreshing block runs (`executeRefreshingCallback`).
  func executeRefreshingCallback() { log("refreshingBlock") }

  /// A `UIView.animate(withDuration:animations:completion:)` in the component's tree (immediate without a clock).
  func animate(_ duration: Double, _ changes: @escaping () -> Void, completion: (() -> Void)? = nil) {
    layer.animateInTree(withDuration: duration, animations: changes) { _ in completion?() }
  }

  /// The arrow is a UIImageView: its transform animates from what shows now in a view animation of the fast
  /// duration (UIKit's default ease-in-out).
  func turn(_ arrow: Layer, to transform: Transform3D) {
    let from = arrow.presentationOfSelf(at: arrow.localTime).transform
    layer.withActionsDisabled { arrow.transform = transform }
    let turn = BasicAnimation(
      keyPath: .transform, from: from, to: transform, duration: fastAnimationDuration, timingFunction: .easeInEaseOut)
    try? arrow.add(turn, forKey: "transform")
  }

  /// A refresh ends in a normal header or back footer: the spinner fades over the slow duration, then, if the
  /// component is still idle, it stops (its alpha back to 1) and the arrow shows again.
  func fadeOut(_ loadingView: ActivityIndicatorView, thenShow arrow: Layer) {
    animate(slowAnimationDuration) {
      loadingView.alpha = 0
    } completion: { [weak self] in
      guard let self, self.state == .idle else { return }
      self.layer.withActionsDisabled {
        loadingView.alpha = 1
        arrow.isHidden = false
      }
      loadingView.stopAnimating()
    }
  }

  /// `[UILabel mj_label]`: bold 14 pt in `textColor`, centred, on a clear background.
  static func label(_ name: String, language: String, textColor: Color) -> Label {
    let label = Label()
    label.name = name
    // A plain layer, so that a relayout inside an inset animation does not move it: MJRefresh lays out on the
    // next turn of the main loop, outside any animation.
    label.fontSize = MJRefreshMetrics.labelFontSize
    label.fontWeight = MJRefreshMetrics.labelFontWeight
    label.foregroundColor = textColor
    label.alignmentMode = .center
    label.language = language
    return label
  }

  /// `mj_textWidth`: the width the label's text needs on one line (0 when empty).
  static func textWidth(_ label: Label) -> Double {
    guard !label.string.isEmpty else { return 0 }
    return (try? label.sizeThatFits(CGSize(width: 0, height: 0)).width) ?? 0
  }
}
