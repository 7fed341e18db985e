import FlipbookLayers
import FlipbookScrolling
import Foundation

// MARK: - MJRefreshControl

/// A scroll view's `mj_header` and `mj_footer`, as one refresh component: MJRefresh's components each watch the
/// scroll view by key-value observing; here this control hears the scroll view's callbacks and hands each to the
/// header and then the footer, as the observers would each hear the change.
///
/// A script's `dataLoaded` ends whichever is refreshing (`endRefreshing`), `noMoreData` ends the footer's with
/// `endRefreshingWithNoMoreData`, and `beginRefreshing` begins the header's. Frames report the header's state, or
/// the footer's (`footerPulling`, `footerRefreshing`, `noMoreData`) while the header rests.
public final class MJRefreshControl: ProgrammaticRefresh, ScrollViewDelegate {
  /// `scrollView.mj_header`, if any.
  public let header: MJRefreshHeader?
  /// `scrollView.mj_footer`, if any.
  public let footer: MJRefreshFooter?
  /// State changes and calls with their scene times: `header pulling`, `refreshingBlock`, `footer refreshing`…
  public private(set) var callbacks: [(time: Double, name: String)] = []
  public private(set) var diagnostics: [String] = []
  private weak var scrollView: ScrollView?

  /// A control with a header, a footer or both.
  public init(header: MJRefreshHeader?, footer: MJRefreshFooter? = nil) {
    self.header = header
    self.footer = footer
  }

  // MARK: RefreshComponent

  public var style: String { "mjrefresh" }
  public var stateNames: [String] {
    ["idle", "pulling", "refreshing", "footerPulling", "footerRefreshing", "noMoreData"]
  }

  public var state: String {
    if let header, header.state != .idle { return header.state.rawValue }
    switch footer?.state {
    case .pulling: return "footerPulling"
    case .refreshing: return "footerRefreshing"
    case .noMoreData: return "noMoreData"
    default: return "idle"
    }
  }

  /// The header's pulling percentage, or the footer's while the footer is pulled, clamped to 0...1.
  public var progress: Double {
    let percent =
      if let footer, header?.state ?? .idle == .idle, footer.state != .idle || (header?.pullingPercent ?? 0) == 0 {
        footer.pullingPercent
      } else {
        header?.pullingPercent ?? 0
      }
    return min(max(percent, 0), 1)
  }

  /// The header arms 54 pt below the content's resting top.
  public var thresholds: RefreshThresholds {
    guard let header else { return RefreshThresholds() }
    return RefreshThresholds(contentOffsetY: -(header.originalInset.top + header.bounds.height))
  }

  public func install(in scrollView: ScrollView) {
    self.scrollView = scrollView
    for component in [header as MJRefreshComponent?, footer].compactMap({ $0 }) {
      component.log = { [weak self, weak component] name in
        self?.callbacks.append((component?.layer.animationContextInTree?.currentTime ?? 0, name))
      }
      component.attach(to: scrollView)
    }
    scrollView.delegate = self
  }

  /// The app's data arrived: the footer sits below any new rows, and whichever is refreshing ends.
  public func dataLoaded() {
    guard let scrollView else { return }
    footer?.contentSizeDidChange(scrollView)
    if let header, header.isRefreshing {
      header.endRefreshing()
    } else if let footer, footer.isRefreshing {
      footer.endRefreshing()
    } else {
      diagnostics.append("dataLoaded at \(PullToRefreshContainer.seconds(now)) s with no refresh running; ignored")
    }
  }

  /// The app has loaded everything: the footer's `endRefreshingWithNoMoreData`.
  public func noMoreData() {
    guard let scrollView, let footer else {
      return diagnostics.append("noMoreData at \(PullToRefreshContainer.seconds(now)) s with no footer; ignored")
    }
    footer.contentSizeDidChange(scrollView)
    footer.endRefreshingWithNoMoreData()
  }

  /// The header's `beginRefreshing`.
  public func beginRefreshing() { header?.beginRefreshing() }

  // MARK: ScrollViewDelegate

  public func scrollViewDidScroll(_ scrollView: ScrollView) {
    header?.contentOffsetDidChange(scrollView)
    footer?.contentOffsetDidChange(scrollView)
  }

  public func scrollViewWillBeginDragging(_ scrollView: ScrollView) { footer?.panBegan() }

  public func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate: Bool) {
    footer?.panEnded(scrollView)
  }

  private var now: Double { scrollView?.layer.animationContextInTree?.currentTime ?? 0 }
}
