import FlipbookComponents
import FlipbookScrolling
import Foundation

// MARK: - UIKitRefreshHost

/// Hosts a refresh view written against UIKit in a gesture script's scroll view, installed as an app installs
/// it: `install` gets the scroll view as a `UIScrollView` and adds the view, observes the offset, sets insets, as
/// the app's view controller would. The script's `dataLoaded` event calls `dataLoaded`, where the app would end
/// its refresh. The host is the scroll view's delegate only so that scripts can drive it; the view itself
/// watches by observation, beside it.
public final class UIKitRefreshHost: RefreshComponent {
  public let style = "uikit"
  /// The scroll view the view was installed in, once installed.
  public private(set) var scrollView: UIScrollView?
  private let installer: (UIScrollView) -> Void
  private let loaded: () -> Void
  private let describe: () -> (state: String, progress: Double)

  /// A host that runs `install` on the script's scroll view; `dataLoaded` runs at the script's event, and
  /// `status` reports the view's state and progress for manifests (idle and 0 when not given).
  public init(
    install: @escaping (UIScrollView) -> Void, dataLoaded: @escaping () -> Void = {},
    status: @escaping () -> (state: String, progress: Double) = { ("idle", 0) }
  ) {
    installer = install
    loaded = dataLoaded
    describe = status
  }

  public var state: String { describe().state }
  public var progress: Double { describe().progress }

  public func install(in scrollView: ScrollView) {
    let host = UIScrollView(engineScrollView: scrollView)
    self.scrollView = host
    installer(host)
  }

  public func dataLoaded() { loaded() }
}
