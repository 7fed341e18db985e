import Foundation

// MARK: - ScrollViewDelegate

/// `UIScrollViewDelegate`'s scrolling callbacks, called in UIKit's order (Apple's `UIScrollViewDelegate` reference,
/// https://developer.apple.com/documentation/uikit/uiscrollviewdelegate):
/// willBeginDragging → didScroll… → willEndDragging → didEndDragging(willDecelerate) →
/// willBeginDecelerating → didScroll… → didEndDecelerating. Every method has an empty default.
public protocol ScrollViewDelegate: AnyObject {
  /// Called when a finger starts moving the content.
  func scrollViewWillBeginDragging(_ scrollView: ScrollView)
  /// Called for every change of the content offset: while dragging, decelerating, bouncing, and when an
  /// inset change moves the resting position.
  func scrollViewDidScroll(_ scrollView: ScrollView)
  /// `velocity` is in points per millisecond, as UIKit reports it; the target may be changed.
  func scrollViewWillEndDragging(_ scrollView: ScrollView, velocity: CGPoint, targetContentOffset: inout CGPoint)
  /// Called when the finger lifts; `willDecelerate` says whether the content moves on by itself (a refresh
  /// component decides here whether the pull went far enough).
  func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate: Bool)
  /// Called when the content starts moving by itself after the finger lifted.
  func scrollViewWillBeginDecelerating(_ scrollView: ScrollView)
  /// Called when the content has come to rest.
  func scrollViewDidEndDecelerating(_ scrollView: ScrollView)
}

extension ScrollViewDelegate {
  /// Does nothing, so a delegate implements only the callbacks it needs.
  public func scrollViewWillBeginDragging(_ scrollView: ScrollView) {}
  /// Does nothing, so a delegate implements only the callbacks it needs.
  public func scrollViewDidScroll(_ scrollView: ScrollView) {}
  /// Does nothing, so a delegate implements only the callbacks it needs.
  public func scrollViewWillEndDragging(_ scrollView: ScrollView, velocity: CGPoint, targetContentOffset: inout CGPoint)
  {}
  /// Does nothing, so a delegate implements only the callbacks it needs.
  public func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate: Bool) {}
  /// Does nothing, so a delegate implements only the callbacks it needs.
  public func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) {}
  /// Does nothing, so a delegate implements only the callbacks it needs.
  public func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {}
}
