// MARK: - APL on a timeline

extension PullToRefreshContainer {
  /// The container's phases: idle, pulling, refreshing, finishing.
  public var stateNames: [String] { State.allCases.map(\.rawValue) }
  /// Releasing with `APLPullToRefreshTriggerThreshold` (0.9) of the view visible triggers.
  public var thresholds: RefreshThresholds { RefreshThresholds(progress: APLMetrics.triggerThreshold) }
}
