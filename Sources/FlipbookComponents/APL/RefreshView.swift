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
  /// The view the container installs above the content.
  var view: View { get }
  /// The view's height in points, which is also how far the pull must go to reach progress 1.
  var height: Double { get }
  /// The visible fraction of the view, 0...1, and whether releasing now would trigger a refresh.
  func update(progress: Double, beyondThreshold: Bool)
  /// A refresh was triggered.
  func startAnimating()
  /// The refresh finished; the view fades out next.
  func stopAnimating()
}

// MARK: - DefaultRefreshView

/// APL's default refresh view (`APLPullToRefreshActivityIndicatorView`): a clear view, 64 pt tall, holding a
/// gray activity indicator centred horizontally 22 pt from the top. The indicator does not hide when
/// stopped, so it shows, static, while the user pulls, and spins once a refresh is triggered. Progress
/// updates change nothing: the container fades the whole view by the same progress.
public final class DefaultRefreshView: View, APLRefreshView {
  /// The spinner, which stays visible while stopped (APL's setting).
  public let activityIndicator: ActivityIndicatorView
  /// The view's height, 64 pt by default.
  public let height: Double

  /// APL's default view, `width` points wide (the container stretches it to the scroll view's width).
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
