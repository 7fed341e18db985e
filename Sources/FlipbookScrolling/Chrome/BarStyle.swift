import FlipbookGraphics
import Foundation

// MARK: - BarStyle

/// Which iOS drew the bars: iOS 6's opaque gradients, or iOS 7's flat, translucent bars that the content
/// scrolls under.
public enum BarStyle: String, CaseIterable, Sendable {
  /// Opaque bars; the window's content starts below them (UIKit before iOS 7 lays a view controller's
  /// view out below the status bar and an opaque navigation bar).
  case ios6
  /// Transparent status bar, translucent navigation bar; the scroll view is full-screen and its top inset
  /// puts the content below the bars (iOS 7's `automaticallyAdjustsScrollViewInsets`).
  case ios7
}

// MARK: - ChromeMetrics

/// The sizes UIKit gives the bars on an iPhone without a notch, each with its source.
public enum ChromeMetrics {
  /// The status bar's height: 20 pt (UIKit's `statusBarFrame` on every pre-X iPhone, portrait; iOS Human
  /// Interface Guidelines for iOS 6 and iOS 7, "Status Bar").
  public static let statusBarHeight = 20.0
  /// The navigation bar's height in portrait: 44 pt (`UINavigationBar`'s `sizeThatFits:` on iPhone; iOS
  /// HIG for iOS 6 and 7, "Navigation Bar").
  public static let navigationBarHeight = 44.0
  /// The time the status bar shows unless a script pins another: Apple's product shots show 9:41.
  public static let defaultTime = "9:41"
  /// The carrier name the iOS Simulator shows.
  public static let defaultCarrier = "Carrier"
}
