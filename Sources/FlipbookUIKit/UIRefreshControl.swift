import FlipbookComponents
import FlipbookGraphics
import Foundation

// MARK: - UIRefreshControl

/// `UIRefreshControl` as UIKit offers it for use and for subclassing: set it as a scroll view's
/// `refreshControl`, hear `.valueChanged` through `addAction(_:for:)`, call `endRefreshing()` when the data
/// arrives. It draws and moves as the built-in component of the same name (the spinner, the trigger distance,
/// the inset while refreshing), which it speaks for; a subclass adds its own subviews on top, and hides the
/// spinner with a clear `tintColor` as on iOS.
///
/// A file that imports both this module and FlipbookTesting sees two `UIRefreshControl`s; name this one
/// `FlipbookUIKit.UIRefreshControl` there, or keep the view in a file of its own that imports this module only.
open class UIRefreshControl: UIControl {
  /// The built-in control drawing this one.
  public let system: FlipbookComponents.UIRefreshControl

  /// A control in the modern look (`UIRefreshControl()`), laid out when a scroll view takes it.
  public init() {
    system = FlipbookComponents.UIRefreshControl()
    EngineViewHandOff.offer(system)
    super.init(frame: system.frame)
    system.valueChanged = { [weak self] _ in self?.sendActions(for: .valueChanged) }
  }

  public required init?(coder: NSCoder) { nil }

  /// Whether a refresh is running.
  open var isRefreshing: Bool { system.isRefreshing }

  /// Starts a refresh as if a pull had, without `.valueChanged` (Apple: for a refresh an outside event began).
  open func beginRefreshing() { system.beginRefreshing() }

  /// Ends the refresh: the spinner goes and the inset returns.
  open func endRefreshing() { system.endRefreshing() }

  /// The spokes' colour; a clear one hides them, as subclasses drawing their own look do.
  open override var tintColor: UIColor! {
    get { UIColor(cgColor: system.tintColor) }
    set { system.tintColor = (newValue ?? UIColor(cgColor: UIRefreshControlMetrics.tintColor)).cgColor }
  }

  /// The title under the spinner, in the colour of its `.foregroundColor` attribute (a `UIColor`); set it before
  /// the scroll view takes the control, whose height follows it.
  open var attributedTitle: NSAttributedString? {
    get { system.attributedTitle }
    set {
      let color = newValue.flatMap { $0.length > 0 ? $0.attribute(.foregroundColor, at: 0, effectiveRange: nil) : nil }
      system.setTitle(newValue?.string, color: (color as? UIColor)?.cgColor ?? color as? CGColor)
    }
  }

  /// Lays the control out in `scrollView` and makes it the pull's watcher, as assigning `refreshControl` does.
  func install(in scrollView: UIScrollView) {
    system.install(in: scrollView.engineScrollView)
    scrollView.insertSubview(self, at: 0)
  }
}
