import FlipbookLayers
import FlipbookScrolling
import Foundation

// MARK: - UIPanGestureRecognizer

/// A scroll view's pan gesture recognizer, as a refresh view reads it (`panGestureRecognizer`): its state, the
/// finger's travel and place, and `isEnabled`, which (as in UIKit) is the scroll view's `isScrollEnabled`.
public final class UIPanGestureRecognizer: UIGestureRecognizer {
  private weak var scrollView: ScrollView?
  /// How the last touch ended (nil before any): `.ended`, or `.cancelled` when the recognizer was disabled under it.
  var lastEnd: UIGestureRecognizer.State?
  private var cancelling = false

  init(scrollView: ScrollView) {
    self.scrollView = scrollView
    super.init()
  }

  /// `.began` when the finger lands and first moves the content, `.changed` while it drags, `.ended` once it
  /// lifts (`.cancelled` when disabled under it) until the next touch, `.possible` before any.
  public override var state: UIGestureRecognizer.State {
    guard let scrollView else { return .possible }
    if scrollView.isDragging { return scrollView.dragTranslation == 0 ? .began : .changed }
    return lastEnd ?? .possible
  }

  /// The touch ended, cancelled if the recognizer was being disabled.
  func touchEnded() { lastEnd = cancelling ? .cancelled : .ended }

  /// Whether the recognizer follows the finger: the scroll view's `isScrollEnabled`. Disabling it under a moving
  /// finger cancels the pan, and the rest of that touch moves nothing, as in UIKit (the way refresh views let
  /// go of the finger once they trigger).
  public override var isEnabled: Bool {
    get { scrollView?.isScrollEnabled ?? false }
    set {
      cancelling = true
      defer { cancelling = false }
      scrollView?.isScrollEnabled = newValue
    }
  }

  /// The most fingers the pan follows; kept, as a gesture script has one finger.
  public var maximumNumberOfTouches = Int.max
  /// The fewest fingers the pan needs; kept, as a gesture script has one finger.
  public var minimumNumberOfTouches = 1

  /// The finger's travel since it landed, down the screen (`translation(in:)`); zero between touches.
  public func translation(in view: UIView?) -> CGPoint { CGPoint(x: 0, y: scrollView?.dragTranslation ?? 0) }

  /// Where the finger is, in `view`'s coordinates or the window's with nil (`location(in:)`): across, where the
  /// script's touch says (`x`, the middle by default); down, where a thumb pulling a list would land, the scroll
  /// view's middle (chosen: a script gives the finger's travel, not its height), moved by its travel.
  public override func location(in view: UIView?) -> CGPoint {
    guard let scrollView else { return .zero }
    let bounds = scrollView.bounds
    let local = CGPoint(x: bounds.minX + scrollView.fingerLocationX, y: bounds.midY + scrollView.dragTranslation)
    let target = view?.layer.engineLayer ?? Self.root(of: scrollView.layer)
    return target.convert(local, from: scrollView.layer)
  }

  /// The topmost layer above `layer`, standing for the window.
  private static func root(of layer: Layer) -> Layer { layer.superlayer.map(root) ?? layer }
}

/// A gesture recognizer (`UIGestureRecognizer`): here only a scroll view's pan, which a script's finger drives,
/// so none is made from outside the module.
open class UIGestureRecognizer {
  init() {}

  /// Where the gesture is.
  open var state: State { .possible }
  /// Whether the recognizer follows touches.
  open var isEnabled: Bool {
    get { true }
    set {}
  }
  /// Where the touch is, in `view`'s coordinates or the window's with nil.
  open func location(in view: UIView?) -> CGPoint { .zero }

  /// Where a gesture is (`UIGestureRecognizer.State`), with UIKit's raw values (UIGestureRecognizer.h), which
  /// key-value observation of `panGestureRecognizer.state` reports.
  public enum State: Int, Sendable {
    /// No touch yet.
    case possible = 0
    /// The touch began.
    case began = 1
    /// The touch moved.
    case changed = 2
    /// The touch ended.
    case ended = 3
    /// The touch was cancelled.
    case cancelled = 4
    /// The gesture failed.
    case failed = 5
  }
}
