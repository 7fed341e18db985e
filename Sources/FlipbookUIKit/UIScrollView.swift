import FlipbookGraphics
import FlipbookLayers
import FlipbookScrolling
import Foundation

// MARK: - UIScrollView

/// `UIScrollView` over the engine's scroll view (a gesture script's, driven by its finger), for views that watch
/// it: its offset, inset, content size and dragging state, and key-value observation beside its delegate.
open class UIScrollView: UIView {
  /// The engine's scroll view.
  public let engineScrollView: ScrollView

  /// The pan gesture recognizer the finger drives (`panGestureRecognizer`).
  public let panGestureRecognizer: UIPanGestureRecognizer
  private var dragWatch: ScrollViewObservation?
  var stringObservers: [StringObserver] = []

  /// A scroll view of its own filling `frame`, or, handed one, speaking for a gesture script's.
  public override init(frame: CGRect) {
    let scrollView = EngineViewHandOff.peek() as? ScrollView ?? ScrollView(frame: frame)
    if EngineViewHandOff.peek() == nil { EngineViewHandOff.offer(scrollView) }
    engineScrollView = scrollView
    panGestureRecognizer = UIPanGestureRecognizer(scrollView: scrollView)
    super.init(frame: frame)
    let pan = panGestureRecognizer
    dragWatch = scrollView.observe(\.isDragging) { scrollView, _ in
      if !scrollView.isDragging { pan.touchEnded() }
    }
  }

  /// A `UIScrollView` speaking for `scrollView` (a gesture script's).
  public convenience init(engineScrollView scrollView: ScrollView) { self.init(engineView: scrollView) }

  /// Not decoded from archives: always nil.
  public required init?(coder: NSCoder) { nil }

  /// The point of the content at the top-left of the view.
  open var contentOffset: CGPoint {
    get { engineScrollView.contentOffset }
    set { engineScrollView.contentOffset = newValue }
  }
  /// Margins around the content.
  open var contentInset: UIEdgeInsets {
    get { engineScrollView.contentInset }
    set { layer.changing { engineScrollView.contentInset = newValue } }
  }
  /// The scrollable content's size.
  open var contentSize: CGSize {
    get { engineScrollView.contentSize }
    set { engineScrollView.contentSize = newValue }
  }
  /// Whether a finger can scroll the content (the pan gesture recognizer's `isEnabled`); turning it off under a
  /// moving finger ends the drag.
  open var isScrollEnabled: Bool {
    get { engineScrollView.isScrollEnabled }
    set { engineScrollView.isScrollEnabled = newValue }
  }
  /// Whether the content goes past its edges, rubber-banded (`bounces`, on by default); off, it stops at them.
  open var bounces: Bool {
    get { engineScrollView.bounces }
    set { engineScrollView.bounces = newValue }
  }
  /// Whether a finger is moving the content.
  open var isDragging: Bool { engineScrollView.isDragging }
  /// Whether the content moves by itself after the finger lifted.
  open var isDecelerating: Bool { engineScrollView.isDecelerating }
  /// The inset as the content is placed with: `contentInset`, whatever `contentInsetAdjustmentBehavior` says, as
  /// the screens here have no safe area to add (their bars' inset is already in `contentInset`).
  open var adjustedContentInset: UIEdgeInsets { contentInset }
  /// How the safe area would be added to the inset (`contentInsetAdjustmentBehavior`); with no safe area, every
  /// behaviour places the content alike.
  open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic

  /// How a scroll view adds the safe area to its inset (`UIScrollView.ContentInsetAdjustmentBehavior`).
  public enum ContentInsetAdjustmentBehavior: Int, Sendable {
    /// As the view controller decides.
    case automatic = 0
    /// Only along scrollable axes.
    case scrollableAxes = 1
    /// Never.
    case never = 2
    /// Always.
    case always = 3
  }

  /// The refresh control pulling the content down starts (`refreshControl`): setting it lays the control out
  /// behind the content and lets it watch the pull, as UIKit does; nil takes it away.
  open var refreshControl: UIRefreshControl? {
    didSet {
      guard oldValue !== refreshControl else { return }
      if let oldValue {
        oldValue.removeFromSuperview()
        if engineScrollView.delegate === oldValue.system { engineScrollView.delegate = nil }
      }
      refreshControl?.install(in: self)
    }
  }

  /// Moves the content to `offset`, in UIKit's 0.3 s when `animated` (a view animation of the offset).
  open func setContentOffset(_ offset: CGPoint, animated: Bool) {
    guard animated else { return contentOffset = offset }
    UIView.animate(withDuration: 0.3) { self.layer.changing { self.engineScrollView.contentOffset = offset } }
  }

  /// Runs `changeHandler` whenever the value at `keyPath` changes, while the returned token is kept
  /// (`observe(_:options:changeHandler:)`); any number of observers may watch, beside the delegate.
  public func observe<Value: Equatable>(
    _ keyPath: KeyPath<UIScrollView, Value>, options: NSKeyValueObservingOptions = [],
    changeHandler: @escaping (UIScrollView, NSKeyValueObservedChange<Value>) -> Void
  ) -> NSKeyValueObservation {
    // The wrapper may go before the engine's scroll view: a change it no longer sees reads the last value.
    var last = self[keyPath: keyPath]
    return engineScrollView.observeValue(
      { [weak self] in
        if let self { last = self[keyPath: keyPath] }
        return last
      }, options: options
    ) { [weak self] change in
      if let self { changeHandler(self, change) }
    }
  }
}

/// Margins as UIKit names them: Flipbook's `EdgeInsets`.
public typealias UIEdgeInsets = EdgeInsets
/// Key-value observation's options (`.new`, `.old`, `.initial`).
public typealias NSKeyValueObservingOptions = ScrollViewObservation.Options
/// An observation's token: it observes while kept; `invalidate()` stops it.
public typealias NSKeyValueObservation = ScrollViewObservation
/// What an observation reports: `oldValue` and `newValue`, as its options asked.
public typealias NSKeyValueObservedChange<Value> = ScrollViewChange<Value>
