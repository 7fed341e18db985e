import FlipbookGraphics
import Foundation

// MARK: - UIBezierPath

/// `UIBezierPath`: a path built with UIKit's calls, over Flipbook's `Path` value (`cgPath`). Arcs keep UIKit's
/// sense: `clockwise: true` turns clockwise on screen.
open class UIBezierPath {
  /// The path as Core Graphics takes it.
  open var cgPath: CGPath
  /// The width a stroke of this path would take (kept for code that reads it; a shape layer strokes with its
  /// own `lineWidth`).
  open var lineWidth: CGFloat = 1

  /// An empty path.
  public init() { cgPath = Path() }
  /// A rectangle.
  public init(rect: CGRect) { cgPath = Path(rect: rect) }
  /// An ellipse in `rect`.
  public init(ovalIn rect: CGRect) { cgPath = Path(ellipseIn: rect) }
  /// A rounded rectangle.
  public init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
    cgPath = Path(roundedRect: rect, cornerRadius: Double(cornerRadius))
  }
  /// An arc of a circle.
  public init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
    cgPath = Path()
    addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
  }
  /// A path Core Graphics made.
  public init(cgPath: CGPath) { self.cgPath = cgPath }

  /// Starts a new subpath at `point`.
  open func move(to point: CGPoint) { cgPath.move(to: point) }
  /// A straight line to `point`.
  open func addLine(to point: CGPoint) { cgPath.addLine(to: point) }
  /// A quadratic curve to `point`.
  open func addQuadCurve(to point: CGPoint, controlPoint: CGPoint) {
    cgPath.addQuadCurve(to: point, control: controlPoint)
  }
  /// A cubic curve to `point`.
  open func addCurve(to point: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
    cgPath.addCurve(to: point, control1: controlPoint1, control2: controlPoint2)
  }
  /// An arc of a circle, joined to the current point by a line.
  open func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool)
  {
    cgPath.addArc(
      center: center, radius: Double(radius), startAngle: Double(startAngle), endAngle: Double(endAngle),
      clockwise: clockwise)
  }
  /// Closes the current subpath.
  open func close() { cgPath.closeSubpath() }
  /// Appends `path`'s subpaths.
  open func append(_ path: UIBezierPath) {
    for element in path.cgPath.elements {
      switch element {
      case .move(let p): cgPath.move(to: p)
      case .line(let p): cgPath.addLine(to: p)
      case .quadCurve(let control, let to): cgPath.addQuadCurve(to: to, control: control)
      case .curve(let c1, let c2, let to): cgPath.addCurve(to: to, control1: c1, control2: c2)
      case .close: cgPath.closeSubpath()
      }
    }
  }
  /// Whether the path has no elements.
  open var isEmpty: Bool { cgPath.isEmpty }
  /// The box around every point of the path.
  open var bounds: CGRect { cgPath.bounds }
}
