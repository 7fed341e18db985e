import Foundation

// MARK: - ScrollViewDelegate

/// `UIScrollViewDelegate`'s scrolling callbacks, called in UIKit's order (Apple's `UIScrollViewDelegate` reference,
/// https://developer.apple.com/documentation/uikit/uiscrollviewdelegate):
/// willBeginDragging → didScroll… → willEndDragging → didEndDragging(willDecelerate) →
/// willBeginDecelerating → didScroll… → didEndDecelerating. Every method has an empty default.
public protocol ScrollViewDelegate: AnyObject {
  func scrollViewWillBeginDragging(_ scrollView: ScrollView)
  /// Called for every change of the content offset: while dragging, decelerating, bouncing, and when an
  /// inset change moves the resting position.
  func scrollViewDidScroll(_ scrollView: ScrollView)
  /// `velocity` is in points per millisecond, as UIKit reports it; the target may be changed.
  func scrollViewWillEndDragging(_ scrollView: ScrollView, velocity: CGPoint, targetContentOffset: inout CGPoint)
  func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate: Bool)
  func scrollViewWillBeginDecelerating(_ scrollView: ScrollView)
  func scrollViewDidEndDecelerating(_ scrollView: ScrollView)
}

extension ScrollViewDelegate {
  public func scrollViewWillBeginDragging(_ scrollView: ScrollView) {}
  public func scrollViewDidScroll(_ scrollView: ScrollView) {}
  public func scrollViewWillEndDragging(_ scrollView: ScrollView, velocity: CGPoint, targetContentOffset: inout CGPoint)
  {}
  public func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate: Bool) {}
  public func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) {}
  public func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {}
}
