import FlipbookScrolling
import Foundation

// MARK: - PullRefreshView

/// A refresh view driven by the pull: what `CustomRefreshControl` (on its own) and APL's container (through
/// `PullToRefreshContainer.useRefreshViews(_:)`) tell it. Write one in Swift to preview or snapshot-test your
/// own design; `DesignedRefreshView` is the one a script's declaration builds.
///
/// The host lays the view out at full width and `height`, just above the content, and calls:
/// - `update(_:)` whenever the pull or the phase changes (and once when the view is installed);
/// - `startAnimating()` when a refresh triggers, after the phase became `refreshing`;
/// - `stopAnimating()` when the refresh ends, after the phase became `finishing`;
/// - `didBecomeIdle()` when the view is back at rest with nothing pulled.
public protocol PullRefreshView: AnyObject {
  var view: View { get }
  var height: Double { get }
  func update(_ inputs: RefreshInputs)
  func startAnimating()
  func stopAnimating()
  func didBecomeIdle()
}

extension PullRefreshView {
  public func didBecomeIdle() {}
}
