import FlipbookScrolling
import Foundation

// MARK: - APLHostedRefreshView

/// A `PullRefreshView` seen through APL's `APLPullToRefreshView` protocol, so that a view of your own (a
/// `DesignedRefreshView`, or one written in Swift) can sit in APL's container:
/// - `update(progress:beyondThreshold:)` becomes an update in phase `armed` (beyond) or `pulling`, with
///   the pull taken as progress × height (APL reports only the fraction);
/// - `startAnimating` moves to `refreshing` (no longer beyond the threshold: a refresh runs),
///   `stopAnimating` to `finishing`, before telling the view.
/// APL removes the view once it has faded out, so `didBecomeIdle` never comes.
public final class APLHostedRefreshView: APLRefreshView {
  /// The view being hosted, which hears `PullRefreshView`'s calls.
  public let hosted: any PullRefreshView
  private var inputs = RefreshInputs()

  /// Hosts `hosted` in APL's container.
  public init(_ hosted: any PullRefreshView) { self.hosted = hosted }

  public var view: View { hosted.view }
  public var height: Double { hosted.height }

  public func update(progress: Double, beyondThreshold: Bool) {
    inputs = RefreshInputs(
      progress: progress, pull: progress * hosted.height, isBeyondThreshold: beyondThreshold,
      phase: beyondThreshold ? .armed : .pulling)
    hosted.update(inputs)
  }

  public func startAnimating() {
    inputs.phase = .refreshing
    inputs.isBeyondThreshold = false
    hosted.update(inputs)
    hosted.startAnimating()
  }

  public func stopAnimating() {
    inputs.phase = .finishing
    hosted.update(inputs)
    hosted.stopAnimating()
  }
}

extension PullToRefreshContainer {
  /// Makes every pull's refresh view with `make` (given the scroll view's width), hosted as APL's own.
  public func useRefreshViews(_ make: @escaping (_ width: Double) -> any PullRefreshView) {
    makeRefreshView = { APLHostedRefreshView(make($0)) }
  }
}
