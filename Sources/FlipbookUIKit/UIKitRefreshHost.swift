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
  private let loaded: (() -> Void)?
  private let describe: (() -> (state: String, progress: Double))?
  /// The folder `UIImage(named:)` looks in first while the host installs the view and hears `dataLoaded`.
  public let assets: URL?

  /// A host that runs `install` on the script's scroll view. `dataLoaded` runs at the script's event; without
  /// it, the event ends the refresh of the scroll view's `refreshControl`, as an app's data arriving does.
  /// `status` reports the view's state and progress for manifests; without it, the `refreshControl`'s (idle and
  /// 0 when there is none). Images the view names are looked for in `assets` first (the script's folder, say).
  public init(
    assets: URL? = nil, install: @escaping (UIScrollView) -> Void, dataLoaded: (() -> Void)? = nil,
    status: (() -> (state: String, progress: Double))? = nil
  ) {
    self.assets = assets
    installer = install
    loaded = dataLoaded
    describe = status
  }

  public var state: String { describe?().state ?? scrollView?.refreshControl?.system.state ?? "idle" }
  public var progress: Double { describe?().progress ?? scrollView?.refreshControl?.system.progress ?? 0 }

  public func install(in scrollView: ScrollView) {
    let host = UIScrollView(engineScrollView: scrollView)
    self.scrollView = host
    UIImage.lookingIn(assets) { installer(host) }
  }

  public func dataLoaded() {
    UIImage.lookingIn(assets) {
      if let loaded { return loaded() }
      scrollView?.refreshControl?.endRefreshing()
    }
  }
}
