import Foundation

// MARK: - APLMetrics

/// The numbers of apploft's APLPullToRefreshContainer (seed 002, the 1.0.2 README; the constants come
/// from the repository's sources as summarised in semantics.md §0 "Seed 002" and §7).
public enum APLMetrics {
  /// `APLPullToRefreshTriggerThreshold` (APLPullToRefreshContainerViewController.m, semantics §0 Seed 002):
  /// releasing with at least 90 % of the refresh view visible triggers a refresh. Not 100 % (Surprises #10).
  public static let triggerThreshold = 0.9

  /// `APLPullToRefreshAnimationDuration` (APLPullToRefreshContainerViewController.m, semantics §0 Seed 002):
  /// both the trigger animation (inset and offset) and `scrollBack` (fade and inset) last 0.2 s, with
  /// `UIView animateWithDuration`'s default curve, easeInEaseOut.
  public static let animationDuration = 0.2

  /// The default refresh view's top constraint to the indicator (APLPullToRefreshActivityIndicatorView.m,
  /// semantics §0 Seed 002): 22 pt.
  public static let indicatorTopMargin = 22.0

  /// The gray activity indicator's side (semantics §7: gray and white styles are 20x20 pt).
  public static let indicatorSide = 20.0

  /// The default refresh view's height (semantics §0 Seed 002, Surprises #10): the indicator is centred
  /// vertically with its top 22 pt down, which implies 22 + 20 + 22 = 64 pt.
  public static let defaultRefreshViewHeight = indicatorTopMargin + indicatorSide + indicatorTopMargin

  /// The default view's indicator style (APLPullToRefreshActivityIndicatorView.m:
  /// `UIActivityIndicatorViewStyleGray`; semantics §0 Seed 002).
  public static let indicatorStyle = ActivityIndicatorView.Style.gray

  /// `activityIndicatorView.hidesWhenStopped = NO` (APLPullToRefreshActivityIndicatorView.m; semantics §0
  /// Seed 002 and §7): the indicator shows, static, while the user pulls.
  public static let indicatorHidesWhenStopped = false
}
