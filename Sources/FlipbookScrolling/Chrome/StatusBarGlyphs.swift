import FlipbookGraphics
import Foundation

// MARK: - StatusBarGlyphs

/// The status bar's signal and battery glyphs as vector paths in the bar's coordinates (20 pt tall),
/// drawn by the project. No source publishes their geometry; the sizes were chosen by eye from Apple's
/// iOS 6 and iOS 7 screenshots at 2x, rounded to half points: iOS 7's five round signal dots and thin
/// battery outline, iOS 6's five rising bars and heavier battery. The battery is always full.
enum StatusBarGlyphs {
  /// The left margin of the signal glyph, and the right margin of the battery.
  static let margin = 6.0

  /// iOS 7: five dots 5.5 pt across, 1 pt apart, centred on the bar's middle.
  static let dotDiameter = 5.5
  static let dotGap = 1.0
  /// iOS 6: five bars 3 pt wide, 1 pt apart, rising 2 pt a step from 4 pt, standing on y = 15.
  static let barWidth = 3.0
  static let barGap = 1.0
  static let barBase = 15.0
  static let firstBarHeight = 4.0
  static let barStep = 2.0

  /// The battery body: iOS 7 24 × 10.5 pt with a 1 pt outline; iOS 6 22 × 11 pt with a 1.5 pt outline; the
  /// charge fills the body inside a gap as wide as the outline.
  static func batterySize(_ style: BarStyle) -> CGSize {
    style == .ios7 ? CGSize(width: 24, height: 10.5) : CGSize(width: 22, height: 11)
  }
  static func batteryOutline(_ style: BarStyle) -> Double { style == .ios7 ? 1 : 1.5 }
  /// The terminal nub on the battery's right: 1.5 × 4 pt (iOS 7), 2 × 5 pt (iOS 6).
  static func nubSize(_ style: BarStyle) -> CGSize {
    style == .ios7 ? CGSize(width: 1.5, height: 4) : CGSize(width: 2, height: 5)
  }

  /// The signal strength glyph at full strength; its right edge is `signalWidth` from the left.
  static func signal(_ style: BarStyle, barHeight: Double) -> Path {
    var path = Path()
    for i in 0..<5 {
      let step = Double(i)
      switch style {
      case .ios7:
        let x = margin + step * (dotDiameter + dotGap)
        path.addEllipse(
          in: CGRect(x: x, y: (barHeight - dotDiameter) / 2, width: dotDiameter, height: dotDiameter))
      case .ios6:
        let height = firstBarHeight + step * barStep
        path.addRect(
          CGRect(x: margin + step * (barWidth + barGap), y: barBase - height, width: barWidth, height: height))
      }
    }
    return path
  }

  /// Where the signal glyph ends, measured from the bar's left edge.
  static func signalWidth(_ style: BarStyle) -> Double {
    switch style {
    case .ios7: return margin + 5 * dotDiameter + 4 * dotGap
    case .ios6: return margin + 5 * barWidth + 4 * barGap
    }
  }

  /// The battery body's frame, right-aligned (with its nub) at `margin` from the bar's right edge.
  static func batteryBody(_ style: BarStyle, barWidth width: Double, barHeight: Double) -> CGRect {
    let size = batterySize(style)
    let x = width - margin - nubSize(style).width - size.width
    return CGRect(x: x, y: (barHeight - size.height) / 2, width: size.width, height: size.height)
  }

  /// The battery's outline, stroked along the middle of its width.
  static func batteryOutlinePath(_ style: BarStyle, barWidth width: Double, barHeight: Double) -> Path {
    let line = batteryOutline(style)
    let body = batteryBody(style, barWidth: width, barHeight: barHeight).insetBy(dx: line / 2, dy: line / 2)
    return Path(roundedRect: body, cornerRadius: style == .ios7 ? 2 : 1.5)
  }

  /// The full charge and the nub, filled.
  static func batteryCharge(_ style: BarStyle, barWidth width: Double, barHeight: Double) -> Path {
    let line = batteryOutline(style)
    let body = batteryBody(style, barWidth: width, barHeight: barHeight)
    var path = Path()
    path.addRect(body.insetBy(dx: 2 * line, dy: 2 * line))
    let nub = nubSize(style)
    path.addRect(CGRect(x: body.maxX, y: body.midY - nub.height / 2, width: nub.width, height: nub.height))
    return path
  }
}
