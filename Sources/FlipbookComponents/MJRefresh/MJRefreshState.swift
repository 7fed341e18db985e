import Foundation

// MARK: - MJRefreshState

/// `MJRefreshState`: the states an MJRefresh header or footer passes through (`MJRefreshComponent.h`).
/// `WillRefresh`, MJRefresh's stand-in for a refresh begun before the view is on screen, never arises here: the
/// component is always on screen.
public enum MJRefreshState: String, CaseIterable, Sendable {
  /// At rest, or pulled short of the threshold.
  case idle
  /// Pulled past the threshold: letting go refreshes.
  case pulling
  /// Refreshing.
  case refreshing
  /// A footer after `endRefreshingWithNoMoreData`: it stays, saying so, and loads no more.
  case noMoreData
}
