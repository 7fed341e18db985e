import FlipbookGraphics
import FlipbookLayers
import Foundation

// MARK: - NavigationBar

/// A `UINavigationBar` with a title and nothing else, 44 pt tall under the status bar.
///
/// - iOS 6: the default (blue-grey) tint's gradient, opaque, a 1 pt dark line along its bottom, a white
///   20 pt bold title with a dark shadow one point above (`UITextAttributeTextShadowOffset` (0, −1)).
/// - iOS 7: translucent near-white, the content showing through slightly; a black 17 pt semibold title;
///   a one-pixel hairline just below the bar (its `shadowImage`). Its background reaches up behind the
///   status bar, as iOS 7 extends a top-attached bar's background under it (`UIBarPositionTopAttached`).
///
/// Apple publishes no colours for either; where they come from is said at each constant. The layer is
/// named `navigationBar`; its parts are `background`, `separator` and `title`.
public final class NavigationBar: View {
  /// The era the bar is drawn in.
  public let style: BarStyle
  /// The title centred in the bar.
  public let title: String

  /// iOS 6's default bar: the four-stop gradient with the glossy break at the middle that web
  /// recreations of the iPhone's default `UINavigationBar` use (#B0BCCD, #889BB3 | #8195AF, #6D84A2),
  /// as picked from iPhone OS screenshots; not measured by us.
  public static let ios6Gradient: [(Double, Color)] = [
    (0, Color(hex: "#B0BCCD")!), (0.5, Color(hex: "#889BB3")!), (0.5, Color(hex: "#8195AF")!),
    (1, Color(hex: "#6D84A2")!),
  ]
  /// iOS 6's 1 pt bottom line, #2D3642: the bottom border iUI's toolbar (a web recreation of the
  /// iPhone's bars) gives it.
  public static let ios6BottomLine = Color(hex: "#2D3642")!
  /// That line's height, 1 pt, as iUI's toolbar border draws it.
  public static let ios6BottomLineHeight = 1.0
  /// The title's shadow: black at half opacity, one point up (UIKit's default title text attributes
  /// before iOS 7; the opacity by eye).
  public static let ios6TitleShadow = Color(white: 0, alpha: 0.5)

  /// iOS 7's bar: white 0.97, the near-white layer a layer inspection of UIKit's translucent bar shows
  /// (stackguides.com/questions/30154753, 2015, iOS 8, which kept iOS 7's bar), at 0.9 opacity in place
  /// of the blur we do not draw.
  public static let ios7Background = Color(white: 0.97, alpha: 0.9)
  /// iOS 7's hairline: black at 0.3 opacity (the same inspection's shadow image view, half a point tall,
  /// one pixel at 2x); we draw one pixel at every scale.
  public static let ios7Hairline = Color(white: 0, alpha: 0.3)

  /// The title's font: 20 pt bold (iOS 6), 17 pt semibold (iOS 7 HIG, "Typography": navigation bar
  /// titles).
  static func titleStyle(_ style: BarStyle) -> TextStyle {
    switch style {
    case .ios6:
      TextStyle(
        weight: 700, size: 20, alignment: .center, color: .white, shadowColor: ios6TitleShadow,
        shadowOffset: CGSize(width: 0, height: -1))
    case .ios7: TextStyle(weight: 600, size: 17, alignment: .center, color: .black)
    }
  }

  /// Side margins the title keeps clear (where the bar's buttons would go).
  static let titleMargin = 8.0

  /// A bar at `y` (the status bar's height, or 0 without one), full width; `screenScale` sizes iOS 7's
  /// one-pixel hairline.
  public init(width: Double, y: Double, style: BarStyle, title: String, screenScale: Double) {
    self.style = style
    self.title = title
    let height = ChromeMetrics.navigationBarHeight
    super.init(frame: CGRect(x: 0, y: y, width: width, height: height))
    layer.name = "navigationBar"
    switch style {
    case .ios6:
      let background = GradientLayer()
      background.name = "background"
      background.frame = bounds
      background.locations = Self.ios6Gradient.map(\.0)
      background.colors = Self.ios6Gradient.map(\.1)
      layer.addSublayer(background)
      let line = Layer()
      line.name = "separator"
      line.frame = CGRect(
        x: 0, y: height - Self.ios6BottomLineHeight, width: width, height: Self.ios6BottomLineHeight)
      line.backgroundColor = Self.ios6BottomLine
      layer.addSublayer(line)
    case .ios7:
      let background = Layer()
      background.name = "background"
      background.frame = CGRect(x: 0, y: -y, width: width, height: height + y)
      background.backgroundColor = Self.ios7Background
      layer.addSublayer(background)
      let hairline = Layer()
      hairline.name = "separator"
      hairline.frame = CGRect(x: 0, y: height, width: width, height: 1 / screenScale)
      hairline.backgroundColor = Self.ios7Hairline
      layer.addSublayer(hairline)
    }
    layer.addSublayer(
      BarText.layer(
        title, name: "title", style: Self.titleStyle(style), x: Self.titleMargin, width: width - 2 * Self.titleMargin,
        barHeight: height))
  }

  /// The colour of the bar's bottom pixel row, which iOS 6 tints the status bar above it with.
  public var bottomRowColor: Color? { style == .ios6 ? Self.ios6BottomLine : nil }
}
