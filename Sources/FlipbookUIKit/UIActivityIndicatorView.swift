import FlipbookComponents
import FlipbookGraphics
import Foundation

// MARK: - UIActivityIndicatorView

/// `UIActivityIndicatorView` in its gray and white styles (iOS 12's 12 spokes), over Flipbook's
/// `ActivityIndicatorView`. iOS 13's `.medium` and `.large` are not drawn, so they are not here: naming them is a
/// compile error, not a silent substitute.
open class UIActivityIndicatorView: UIView {
  /// The styles drawn (`UIActivityIndicatorView.Style`).
  public enum Style: Sendable {
    /// Gray spokes, for light backgrounds.
    case gray
    /// White spokes, for dark backgrounds.
    case white
  }

  private let indicator: ActivityIndicatorView

  /// A stopped 20 pt indicator of `style`.
  public init(style: Style) {
    indicator = ActivityIndicatorView(style: style == .gray ? .gray : .white)
    EngineViewHandOff.offer(indicator)
    super.init(frame: indicator.frame)
  }

  public required init?(coder: NSCoder) { nil }

  /// Starts the spokes turning.
  open func startAnimating() { indicator.startAnimating() }
  /// Stops them.
  open func stopAnimating() { indicator.stopAnimating() }
  /// Whether they are turning.
  open var isAnimating: Bool { indicator.isAnimating }
  /// Whether the indicator hides while stopped (true by default).
  open var hidesWhenStopped: Bool {
    get { indicator.hidesWhenStopped }
    set { indicator.hidesWhenStopped = newValue }
  }
  /// The spokes' colour.
  open var color: UIColor! {
    get { UIColor(cgColor: indicator.color) }
    set { indicator.color = (newValue ?? .gray).cgColor }
  }
}
