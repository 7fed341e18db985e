import Foundation

// MARK: - RefreshThresholds

/// Where a component's refresh triggers, in the two measures a manifest records per frame: the content
/// offset and the refresh progress. Timeline plots draw them as lines, so a curve can be seen crossing
/// the line at the moment the state band changes.
///
/// Each value comes from the component's own named constant (`EGOMetrics.triggerDistance`,
/// `APLMetrics.triggerThreshold`, `AirplaneMetrics.triggerProgress`), never a copy of the number.
public struct RefreshThresholds: Sendable, Equatable {
  /// The `contentOffset.y` at or past which letting go refreshes (EGO: −65 pt); nil when the component
  /// judges by progress.
  public var contentOffsetY: Double?
  /// The `refreshProgress` at or past which letting go refreshes (APL: 0.9, the airplane: 1.0); nil when
  /// the component judges by distance.
  public var progress: Double?

  /// Thresholds in either measure or both; a component sets the one it judges by.
  public init(contentOffsetY: Double? = nil, progress: Double? = nil) {
    self.contentOffsetY = contentOffsetY
    self.progress = progress
  }
}

// MARK: - What a timeline shows of a component

/// What a timeline needs beyond the per-frame state and progress: every state the component's state
/// machine has, in the order a refresh passes through them (so each gets one colour whatever a script
/// reaches), and where it triggers.
public protocol RefreshTimeline {
  /// The state machine's states, in the original's words, first the resting one.
  var stateNames: [String] { get }
  /// Where the component triggers.
  var thresholds: RefreshThresholds { get }
}
