import FlipbookGraphics
import FlipbookScrolling
import Foundation

// MARK: - APLRefreshView

/// APL's `APLPullToRefreshView` protocol: what a refresh view hears from the container (its 1.0.2 README,
/// https://github.com/apploft/APLPullToRefreshContainer).
///
/// - `update(progress:beyondThreshold:)`: while the finger pulls, the visible fraction of the view, 0...1
///   ("a linear percentage"), and whether releasing now would trigger (`aplPullToRefreshProgressUpdate:`).
/// - `startAnimating()`: a refresh was triggered (`aplPullToRefreshStartAnimating`).
/// - `stopAnimating()`: the completion handler was called, just before the view fades away
///   (`aplPullToRefreshStopAnimating`).
///
/// `height` is the view's height constraint (or intrinsic height): the container lays the view out at full
/// width and that height.
public protocol APLRefreshView: AnyObject {
  var view: View { get }
  var height: Double { get }
  func update(progress: Double, beyondThreshold: Bool)
  func startAnimating()
  func stopAnimating()
}

// MARK: - DefaultRefreshView

/// APL's default refresh view (`APLPullToRefreshActivityIndicatorView`): a clear view, 64 pt tall, holding a
/// gray activity indicator centred horizontally 22 pt from the top. The indicator does not hide when
/// stopped, so it shows, static, while the user pulls, and spins once a refresh is triggered. Progress
/// updates change nothing: the container fades the whole view by the same progress.
public final class DefaultRefreshView: View, APLRefreshView {
  public let activityIndicator: ActivityIndicatorView
  public let height: Double

  public init(width: Double = 320, height: Double = APLMetrics.defaultRefreshViewHeight) {
    self.height = height
    activityIndicator = ActivityIndicatorView(style: APLMetrics.indicatorStyle)
    activityIndicator.hidesWhenStopped = APLMetrics.indicatorHidesWhenStopped
    super.init(frame: CGRect(x: 0, y: 0, width: width, height: height))
    layer.name = "refreshView"
    backgroundColor = nil  // `UIColor.clearColor`
    addSubview(activityIndicator)
    layoutSubviews()
  }

  public var view: View { self }

  /// Centre x, top 22 pt (the indicator's constraints; with the default height it is centred vertically).
  public override func layoutSubviews() {
    let side = ActivityIndicatorView.side
    activityIndicator.frame = CGRect(
      x: (bounds.width - side) / 2, y: APLMetrics.indicatorTopMargin, width: side, height: side)
  }

  public func update(progress: Double, beyondThreshold: Bool) {}

  public func startAnimating() { activityIndicator.startAnimating() }

  public func stopAnimating() { activityIndicator.stopAnimating() }
}
