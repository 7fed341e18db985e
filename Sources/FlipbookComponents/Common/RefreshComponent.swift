import FlipbookLayers
import FlipbookScrolling
import Foundation

// MARK: - RefreshComponent

/// A pull-to-refresh component as a gesture script drives it: it installs itself on a scroll view (adding
/// its views and becoming the scroll view's delegate, as the originals' demos wire them), reacts to the
/// finger through the delegate callbacks, and hears when the data it asked for has arrived.
public protocol RefreshComponent: AnyObject, RefreshTimeline {
  /// The component's name in scripts and manifests: `ego`, `apl`, `airplane`.
  var style: String { get }
  /// Its state now, in the original's words (`normal`, `pulling`, `loading` for EGO).
  var state: String { get }
  /// How far the pull has gone towards triggering, 0...1 (EGO: pull distance / 65 pt).
  var progress: Double { get }
  /// Adds the component to `scrollView` (in a tree with a clock) and becomes its delegate; fails when
  /// artwork it needs at the scroll view's screen scale is missing.
  func install(in scrollView: ScrollView) throws(ComponentError)
  /// The app's data arrived: the refresh can finish (EGO's `doneLoadingTableViewData`, calling APL's
  /// completion handler).
  func dataLoaded()
  /// What the component noticed that the original would have let pass silently (a completion handler
  /// called twice), one line each, for the manifest and `inspect`.
  var diagnostics: [String] { get }
  /// The delegate calls and state changes so far, each with the scene time it happened at (EGO's
  /// `didTriggerRefresh`, APL's `completion`), oldest first: `inspect` lists them, so a script's
  /// trigger count and the moment of each call can be checked without rendering.
  var callbacks: [(time: Double, name: String)] { get }
}

extension RefreshComponent {
  /// A component that does not list its states: a timeline colours them in the order they appear.
  public var stateNames: [String] { [] }
  /// A component that does not say where it triggers: a timeline draws no threshold lines.
  public var thresholds: RefreshThresholds { RefreshThresholds() }
  public var diagnostics: [String] { [] }
  public var callbacks: [(time: Double, name: String)] { [] }
}

// MARK: - ProgrammaticRefresh

/// A component an app can start refreshing from code, as `UIRefreshControl.beginRefreshing()` and
/// MJRefresh's `beginRefreshing` do: a script's `beginRefreshing` event calls it. Whether the app hears of
/// it is the original's choice (UIKit sends no `.valueChanged`; MJRefresh runs its refreshing block).
public protocol ProgrammaticRefresh: RefreshComponent {
  /// Shows the component refreshing, as the original does when an app starts a refresh itself.
  func beginRefreshing()
}
