// MARK: - The airplane on a timeline

extension AirplaneRefreshView {
  /// The states `state` reports: idle, pulling, refreshing, finishing.
  public var stateNames: [String] { ["idle", "pulling", "refreshing", "finishing"] }
  /// `progress >= 1.0` when the finger lifts triggers (`AirplaneMetrics.triggerProgress`).
  public var thresholds: RefreshThresholds { RefreshThresholds(progress: AirplaneMetrics.triggerProgress) }
}
