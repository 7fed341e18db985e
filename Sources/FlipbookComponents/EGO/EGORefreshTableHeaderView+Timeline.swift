// MARK: - EGO on a timeline

extension EGORefreshTableHeaderView {
  /// `EGOPullRefreshNormal`, `EGOPullRefreshPulling`, `EGOPullRefreshLoading`, in the order a refresh
  /// passes through them.
  public var stateNames: [String] { [State.normal, .pulling, .loading].map(\.rawValue) }
  /// `scrollView.contentOffset.y <= -65.0f` arms and triggers (`EGOMetrics.triggerDistance`).
  public var thresholds: RefreshThresholds { RefreshThresholds(contentOffsetY: -EGOMetrics.triggerDistance) }
}
