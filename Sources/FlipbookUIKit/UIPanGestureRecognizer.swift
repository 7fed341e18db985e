import FlipbookScrolling
import Foundation

// MARK: - UIPanGestureRecognizer

/// A scroll view's pan gesture recognizer, as a refresh view reads it (`panGestureRecognizer`): its state, and
/// how far the finger has moved. The finger of a gesture script has no position of its own on the screen, only
/// its travel, so `location(in:)` is not here.
public final class UIPanGestureRecognizer {
  private weak var scrollView: ScrollView?
  private var lastState: UIGestureRecognizer.State = .possible

  init(scrollView: ScrollView) { self.scrollView = scrollView }

  /// `.began` when the finger lands and first moves the content, `.changed` while it drags, `.ended` once it
  /// lifts until the next touch, `.possible` before any.
  public var state: UIGestureRecognizer.State {
    guard let scrollView else { return .possible }
    if scrollView.isDragging { return scrollView.dragTranslation == 0 ? .began : .changed }
    return lastTouchEnded ? .ended : .possible
  }

  /// Whether a touch has ended since the view was made.
  var lastTouchEnded = false

  /// The finger's travel since it landed, down the screen (`translation(in:)`); zero between touches.
  public func translation(in view: UIView?) -> CGPoint { CGPoint(x: 0, y: scrollView?.dragTranslation ?? 0) }
}

/// Gesture recognizers' shared names (`UIGestureRecognizer.State`).
public enum UIGestureRecognizer {
  /// Where a gesture is (`UIGestureRecognizer.State`).
  public enum State: Sendable {
    /// No touch yet.
    case possible
    /// The touch began.
    case began
    /// The touch moved.
    case changed
    /// The touch ended.
    case ended
    /// The touch was cancelled.
    case cancelled
    /// The gesture failed.
    case failed
  }
}
