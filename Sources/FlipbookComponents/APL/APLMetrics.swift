import Foundation

// MARK: - APLMetrics

/// The numbers of apploft's APLPullToRefreshContainer, https://github.com/apploft/APLPullToRefreshContainer (its
/// 1.0.2 README tells the behaviour; the constants come from the repository's sources, the files named below).
public enum APLMetrics {
  /// `APLPullToRefreshTriggerThreshold` (APLPullToRefreshContainerViewController.m): releasing with at least 90 %
  /// of the refresh view visible triggers a refresh. Not 100 %.
  public static let triggerThreshold = 0.9

  /// `APLPullToRefreshAnimationDuration` (APLPullToRefreshContainerViewController.m):
  /// both the trigger animation (inset and offset) and `scrollBack` (fade and inset) last 0.2 s, with
  /// `UIView animateWithDuration`'s default curve, easeInEaseOut.
  public static let animationDuration = 0.2

  /// The default refresh view's top constraint to the indicator (APLPullToRefreshActivityIndicatorView.m): 22 pt.
  public static let indicatorTopMargin = 22.0

  /// The gray activity indicator's side: gray and white styles are 20x20 pt (see ``ActivityIndicatorView``).
  public static let indicatorSide = 20.0

  /// The default refresh view's height (APLPullToRefreshActivityIndicatorView.m's constraints): the indicator is
  /// centred vertically with its top 22 pt down, which implies 22 + 20 + 22 = 64 pt.
  public static let defaultRefreshViewHeight = indicatorTopMargin + indicatorSide + indicatorTopMargin

  /// The default view's indicator style (APLPullToRefreshActivityIndicatorView.m:
  /// `UIActivityIndicatorViewStyleGray`).
  public static let indicatorStyle = ActivityIndicatorView.Style.gray

  /// `activityIndicatorView.hidesWhenStopped = NO` (APLPullToRefreshActivityIndicatorView.m; UIKit's default is
  /// YES): the indicator shows, static, while the user pulls.
  public static let indicatorHidesWhenStopped = false
}
