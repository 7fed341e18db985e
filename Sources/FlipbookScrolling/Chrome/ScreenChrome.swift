import FlipbookGraphics
import FlipbookLayers
import Foundation

// MARK: - ScreenChrome

/// The bars around a full-screen table and where UIKit puts the table under them: a status bar, a
/// navigation bar below it, both of one era (`style`).
///
/// - iOS 6: the bars are opaque and the window's content starts below them: the scroll view's frame
///   begins at y = 20 under a status bar alone, y = 64 under both, and its inset stays 0.
/// - iOS 7: the scroll view is full-screen under the bars and its top inset is their height (20, 44 or
///   64 pt), as `automaticallyAdjustsScrollViewInsets` sets it: content at rest starts below the bars
///   and scrolls under them.
///
/// A navigation bar sits right under the status bar, or at the top when there is none.
public struct ScreenChrome: Hashable, Sendable {
  /// What the status bar shows: the text is the script's, so a screenshot's "9:41" is reproducible.
  public struct StatusBarContent: Hashable, Sendable {
    /// The clock's text, drawn as given.
    public var time: String
    /// The carrier name at the left.
    public var carrier: String

    /// Content with Apple's marketing time, 9:41, and a generic carrier unless given.
    public init(time: String = ChromeMetrics.defaultTime, carrier: String = ChromeMetrics.defaultCarrier) {
      self.time = time
      self.carrier = carrier
    }
  }

  /// The era of both bars, which also decides whether the content starts below them or under them.
  public var style: BarStyle
  /// The status bar's content; nil: no status bar.
  public var statusBar: StatusBarContent?
  /// The navigation bar's title; nil: no navigation bar.
  public var navigationTitle: String?

  /// Bars of one era; without content or title, that bar is left out.
  public init(style: BarStyle, statusBar: StatusBarContent? = nil, navigationTitle: String? = nil) {
    self.style = style
    self.statusBar = statusBar
    self.navigationTitle = navigationTitle
  }

  /// Where the bars end, from the top of the screen.
  public var barsHeight: Double {
    (statusBar == nil ? 0 : ChromeMetrics.statusBarHeight)
      + (navigationTitle == nil ? 0 : ChromeMetrics.navigationBarHeight)
  }

  /// The scroll view's frame on a screen of `size`.
  public func scrollViewFrame(in size: CGSize) -> CGRect {
    switch style {
    case .ios6:
      let top = min(barsHeight, size.height)
      return CGRect(x: 0, y: top, width: size.width, height: size.height - top)
    case .ios7: return CGRect(origin: .zero, size: size)
    }
  }

  /// The top inset the bars give the scroll view: their height under iOS 7's, 0 below iOS 6's.
  public var topInset: Double { style == .ios7 ? barsHeight : 0 }

  /// The bars' views, bottom to top (the navigation bar, then the status bar over it), for a screen
  /// `width` wide at `screenScale`.
  public func makeViews(width: Double, screenScale: Double) -> (navigationBar: NavigationBar?, statusBar: StatusBar?) {
    let navigation = navigationTitle.map { title in
      NavigationBar(
        width: width, y: statusBar == nil ? 0 : ChromeMetrics.statusBarHeight, style: style, title: title,
        screenScale: screenScale)
    }
    let status = statusBar.map { content in
      StatusBar(
        width: width, style: style, time: content.time, carrier: content.carrier, tint: navigation?.bottomRowColor)
    }
    return (navigation, status)
  }
}
