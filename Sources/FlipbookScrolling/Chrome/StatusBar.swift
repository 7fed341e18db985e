import FlipbookGraphics
import FlipbookLayers
import Foundation

// MARK: - StatusBar

/// The system status bar of a non-notch iPhone, 20 pt tall, full width: the signal glyph and carrier on
/// the left, the pinned time in the middle, a full battery on the right, all drawn by the project (text in
/// Inter, glyphs as vector paths).
///
/// - iOS 6 (`UIStatusBarStyleDefault`): opaque. Above an iOS 6 navigation bar it takes that bar's colour:
///   iOS 6 tints the default status bar with the average of the navigation bar's bottom pixel row (Simon
///   Blommegård's finding, reported in "iOS 6's Colourful Status Bar", benjaminmayo.co.uk, June 2012, which
///   also says iOS 5's light gray default is gone). Over a plain table with no navigation bar there is
///   nothing to take a tint from, and we draw it black (iOS 6's opaque style), our choice for the case the
///   report leaves open. Content is white.
/// - iOS 7: transparent, with dark content (`UIStatusBarStyleDefault` "is black text on a clear
///   background", Jared Sinclair, "Wrestling with Status Bars and Navigation Bars on iOS 7", 2013), over
///   whatever is behind it.
///
/// Its layer is named `statusBar`; the parts are `signal`, `carrier`, `time`, `batteryOutline` and
/// `battery`.
public final class StatusBar: View {
  /// The era the bar is drawn in.
  public let style: BarStyle
  /// The clock's text.
  public let time: String
  /// The carrier name.
  public let carrier: String

  /// iOS 6's bar with no navigation bar below it.
  public static let ios6Background = Color.black
  /// The content colours: white on iOS 6's opaque bar, black on iOS 7's clear one.
  public static func contentColor(_ style: BarStyle) -> Color { style == .ios6 ? .white : .black }

  /// The time's font: iOS 7's status bar sets it in a 12 pt semibold face, iOS 6's in 14 pt bold (sizes
  /// by eye from Apple's screenshots; the weights are Helvetica Neue Medium's and Helvetica Bold's
  /// nearest in Inter).
  static func timeStyle(_ style: BarStyle) -> TextStyle {
    TextStyle(
      weight: style == .ios7 ? 600 : 700, size: style == .ios7 ? 12 : 14, alignment: .center,
      color: contentColor(style))
  }
  /// The carrier name: 12 pt regular (iOS 7), 13 pt regular (iOS 6), by eye as the time.
  static func carrierStyle(_ style: BarStyle) -> TextStyle {
    TextStyle(size: style == .ios7 ? 12 : 13, color: contentColor(style))
  }

  /// The gap between the signal glyph and the carrier name (by eye, as the glyphs).
  static let carrierGap = 4.0
  /// Room kept for the time either side of the middle: a longer carrier name is truncated there.
  static let timeHalfWidth = 30.0

  /// `tint`: an iOS 6 bar's colour when a navigation bar below gives it one (ignored on iOS 7).
  public init(
    width: Double, style: BarStyle, time: String = ChromeMetrics.defaultTime,
    carrier: String = ChromeMetrics.defaultCarrier, tint: Color? = nil
  ) {
    self.style = style
    self.time = time
    self.carrier = carrier
    let height = ChromeMetrics.statusBarHeight
    super.init(frame: CGRect(x: 0, y: 0, width: width, height: height))
    layer.name = "statusBar"
    if style == .ios6 { backgroundColor = tint ?? Self.ios6Background }
    let content = Self.contentColor(style)

    let signal = ShapeLayer()
    signal.name = "signal"
    signal.frame = bounds
    signal.path = StatusBarGlyphs.signal(style, barHeight: height)
    signal.fillColor = content
    layer.addSublayer(signal)

    let carrierX = StatusBarGlyphs.signalWidth(style) + Self.carrierGap
    layer.addSublayer(
      BarText.layer(
        carrier, name: "carrier", style: Self.carrierStyle(style), x: carrierX,
        width: width / 2 - Self.timeHalfWidth - carrierX, barHeight: height))
    layer.addSublayer(
      BarText.layer(time, name: "time", style: Self.timeStyle(style), x: 0, width: width, barHeight: height))

    let outline = ShapeLayer()
    outline.name = "batteryOutline"
    outline.frame = bounds
    outline.path = StatusBarGlyphs.batteryOutlinePath(style, barWidth: width, barHeight: height)
    outline.fillColor = nil
    outline.strokeColor = content
    outline.lineWidth = StatusBarGlyphs.batteryOutline(style)
    layer.addSublayer(outline)

    let charge = ShapeLayer()
    charge.name = "battery"
    charge.frame = bounds
    charge.path = StatusBarGlyphs.batteryCharge(style, barWidth: width, barHeight: height)
    charge.fillColor = content
    layer.addSublayer(charge)
  }
}
