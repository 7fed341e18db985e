import FlipbookGraphics
import FlipbookLayers
import Foundation

// MARK: - MJRefreshArrow

/// MJRefresh's arrow, drawn: a 15x40 pt box (its `arrow@2x.png` is 30x80 pixels) holding a downward arrow, tinted
/// with the label's colour (`arrowView.tintColor = stateLabel.textColor`). The image is not copied; its shape was
/// measured from the pixels: a 1.5 pt shaft from 4.5 to 16 pt down the box, centred, and a chevron whose arms
/// start 6.5 pt either side of it at 12 pt and meet on it at 15.75 pt.
enum MJRefreshArrow {
  /// A layer drawing the arrow in `color`, sized `MJRefreshMetrics.arrowSize`.
  static func layer(color: Color) -> ShapeLayer {
    let size = MJRefreshMetrics.arrowSize
    let arrow = ShapeLayer()
    arrow.name = "arrowView"
    arrow.bounds = CGRect(origin: .zero, size: size)
    let mid = size.width / 2
    var path = Path()
    path.move(to: CGPoint(x: mid, y: 4.5))
    path.addLine(to: CGPoint(x: mid, y: 16))
    path.move(to: CGPoint(x: mid - 6.5, y: 12))
    path.addLine(to: CGPoint(x: mid, y: 15.75))
    path.addLine(to: CGPoint(x: mid + 6.5, y: 12))
    arrow.path = path
    arrow.fillColor = nil
    arrow.strokeColor = color
    arrow.lineWidth = 1.5
    return arrow
  }
}
