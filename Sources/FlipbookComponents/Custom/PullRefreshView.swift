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
  /// The view the host installs above the content.
  var view: View { get }
  /// The view's height in points; the host lays it out at this height.
  var height: Double { get }
  /// The pull, the threshold and the phase changed (or the view was just installed).
  func update(_ inputs: RefreshInputs)
  /// A refresh triggered; the phase is already `refreshing`.
  func startAnimating()
  /// The refresh ended; the phase is already `finishing`.
  func stopAnimating()
  /// The view is back at rest with nothing pulled.
  func didBecomeIdle()
}

extension PullRefreshView {
  /// Does nothing: most views have nothing to reset once they are out of sight.
  public func didBecomeIdle() {}
}
