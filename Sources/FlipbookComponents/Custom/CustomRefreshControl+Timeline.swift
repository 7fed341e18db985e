// MARK: - A custom control on a timeline

extension CustomRefreshControl {
  /// `RefreshPhase`'s cases: idle, pulling, armed, refreshing, finishing.
  public var stateNames: [String] { RefreshPhase.allCases.map(\.rawValue) }
  /// The behaviour's threshold: a progress as it is, a distance as the offset that pulls that far below
  /// the resting inset.
  public var thresholds: RefreshThresholds {
    switch behaviour.threshold {
    case .progress(let value): RefreshThresholds(progress: value)
    case .distance(let distance): RefreshThresholds(contentOffsetY: -(distance + baseTopInset))
    }
  }
}
