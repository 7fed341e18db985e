import FlipbookGraphics
import Foundation

// MARK: - ShapeLayer

/// A layer that fills and strokes a path, modelled on `CAShapeLayer` with its defaults (semantics.md
/// §4.1): fill opaque black, no stroke, non-zero rule, width 1, butt caps, miter joins, miter limit 10,
/// solid, strokeStart 0, strokeEnd 1.
///
/// `strokeStart` and `strokeEnd` are fractions of the path's total length (across subpaths) and are
/// clamped to 0...1, as Core Animation does: the airplane view's stroke group runs strokeStart from −0.5,
/// which only delays the tail. Nothing is stroked when start ≥ end. They trim the stroke, never the fill.
open class ShapeLayer: Layer {
  public var path: Path?
  public var fillColor: Color? = .black
  public var fillRule: FillRule = .nonZero
  public var strokeColor: Color?
  public var lineWidth: Double = 1
  public var lineCap: LineCap = .butt
  public var lineJoin: LineJoin = .miter
  public var miterLimit: Double = 10
  /// Dash lengths in points, on and off alternating; nil or empty for a solid stroke.
  public var lineDashPattern: [Double]?
  public var lineDashPhase: Double = 0
  public var strokeStart: Double = 0
  public var strokeEnd: Double = 1
  /// Where a dash pattern starts when the stroke is trimmed; Core Animation does not document it.
  public var dashAnchoring: DashAnchoring = .path

  /// Where the dash pattern of a trimmed stroke is anchored (semantics.md §4.3 and Surprise 9).
  public enum DashAnchoring: String, CaseIterable, Sendable {
    /// The pattern is laid along the whole path, then trimmed: dashes stay put on the path and are
    /// revealed or erased as strokeStart and strokeEnd move. The default.
    case path
    /// The pattern starts afresh at strokeStart: dashes crawl along as strokeStart moves.
    case strokeStart
  }

  public override init() { super.init() }

  public required init(layer: Layer) {
    super.init(layer: layer)
    guard let shape = layer as? ShapeLayer else { return }
    path = shape.path
    fillColor = shape.fillColor
    fillRule = shape.fillRule
    strokeColor = shape.strokeColor
    lineWidth = shape.lineWidth
    lineCap = shape.lineCap
    lineJoin = shape.lineJoin
    miterLimit = shape.miterLimit
    lineDashPattern = shape.lineDashPattern
    lineDashPhase = shape.lineDashPhase
    strokeStart = shape.strokeStart
    strokeEnd = shape.strokeEnd
    dashAnchoring = shape.dashAnchoring
  }

  open override class var typeName: String { "shape" }

  open override func drawContent(in canvas: Canvas) throws(GraphicsError) {
    guard let path, !path.isEmpty else { return }
    if let fillColor { canvas.fill(path, color: fillColor, rule: fillRule) }
    guard let strokeColor, lineWidth > 0 else { return }
    let start = min(max(strokeStart, 0), 1)
    let end = min(max(strokeEnd, 0), 1)
    guard start < end else { return }
    var style = StrokeStyle(
      lineWidth: lineWidth, lineCap: lineCap, lineJoin: lineJoin, miterLimit: miterLimit,
      dashPattern: lineDashPattern ?? [], dashPhase: lineDashPhase)
    if start == 0 && end == 1 {
      canvas.stroke(path, color: strokeColor, style: style)
      return
    }
    let trimmed = path.trimmed(from: start, to: end)
    if dashAnchoring == .path, !style.dashPattern.isEmpty {
      // Dashes restart at every subpath; the first trimmed piece begins part-way into its subpath, so
      // its pattern is advanced by that distance to keep the dashes where the full stroke has them.
      style.dashPhase += Self.distanceIntoSubpath(of: path, atFraction: start)
    }
    canvas.stroke(trimmed, color: strokeColor, style: style)
  }

  /// How far, along its own subpath, the point at `fraction` of the whole path's length lies.
  static func distanceIntoSubpath(of path: Path, atFraction fraction: Double) -> Double {
    let pieces = path.subpaths
    let lengths = pieces.map { PathMeasure($0).length }
    var remaining = fraction * lengths.reduce(0, +)
    for length in lengths {
      if remaining <= length { return remaining }
      remaining -= length
    }
    return 0
  }
}

extension Path {
  /// The path split at every move: one path per subpath.
  var subpaths: [Path] {
    var result: [Path] = []
    var current = Path()
    for element in elements {
      if case .move(let p) = element {
        if !current.isEmpty { result.append(current) }
        current = Path()
        current.move(to: p)
        continue
      }
      switch element {
      case .line(let p): current.addLine(to: p)
      case .quadCurve(let c, let p): current.addQuadCurve(to: p, control: c)
      case .curve(let c1, let c2, let p): current.addCurve(to: p, control1: c1, control2: c2)
      case .close: current.closeSubpath()
      case .move: break
      }
    }
    if !current.isEmpty { result.append(current) }
    return result
  }
}
