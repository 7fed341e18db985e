import FlipbookGraphics
import Foundation

// MARK: - ShapeLayer

/// A layer that fills and strokes a path, modelled on `CAShapeLayer` with its defaults (Apple's `CAShapeLayer`
/// reference, https://developer.apple.com/documentation/quartzcore/cashapelayer): fill opaque black, no stroke,
/// non-zero rule, width 1, butt caps, miter joins, miter limit 10, solid, strokeStart 0, strokeEnd 1.
///
/// `strokeStart` and `strokeEnd` are fractions of the path's total length (across subpaths) and are
/// clamped to 0...1, as Core Animation does: the airplane view's stroke group runs strokeStart from −0.5,
/// which only delays the tail. Nothing is stroked when start ≥ end. They trim the stroke, never the fill.
open class ShapeLayer: Layer {
  /// The shape, in the layer's coordinates; nil draws nothing.
  public var path: Path?
  /// The fill's colour, black by default as in Core Animation; nil fills nothing.
  public var fillColor: Color? = .black {
    didSet { if oldValue != fillColor { propertyDidChange(.fillColor, from: oldValue ?? .clear) } }
  }
  /// Which regions of a self-crossing path are inside.
  public var fillRule: FillRule = .nonZero
  /// The stroke's colour; nil (the default) strokes nothing.
  public var strokeColor: Color? {
    didSet { if oldValue != strokeColor { propertyDidChange(.strokeColor, from: oldValue ?? .clear) } }
  }
  /// The stroke's width in points.
  public var lineWidth: Double = 1 {
    didSet { if oldValue != lineWidth { propertyDidChange(.lineWidth, from: oldValue) } }
  }
  /// How the ends of open subpaths and dashes are drawn.
  public var lineCap: LineCap = .butt
  /// How corners are drawn.
  public var lineJoin: LineJoin = .miter
  /// How long a mitred corner may get, relative to the line width, before it is bevelled.
  public var miterLimit: Double = 10 {
    didSet { if oldValue != miterLimit { propertyDidChange(.miterLimit, from: oldValue) } }
  }
  /// Dash lengths in points, on and off alternating; nil or empty for a solid stroke.
  public var lineDashPattern: [Double]?
  /// How far into the dash pattern the stroke starts, in points.
  public var lineDashPhase: Double = 0 {
    didSet { if oldValue != lineDashPhase { propertyDidChange(.lineDashPhase, from: oldValue) } }
  }
  /// Where along the path the stroke begins, a fraction of its length.
  public var strokeStart: Double = 0 {
    didSet { if oldValue != strokeStart { propertyDidChange(.strokeStart, from: oldValue) } }
  }
  /// Where along the path the stroke ends, a fraction of its length.
  public var strokeEnd: Double = 1 {
    didSet { if oldValue != strokeEnd { propertyDidChange(.strokeEnd, from: oldValue) } }
  }
  /// Where a dash pattern starts when the stroke is trimmed; Core Animation does not document it.
  public var dashAnchoring: DashAnchoring = .path

  /// Where the dash pattern of a trimmed stroke is anchored. Apple documents neither choice, so both are offered;
  /// the default is Flipbook's choice (see the manual's Fidelity article).
  public enum DashAnchoring: String, CaseIterable, Sendable {
    /// The pattern is laid along the whole path, then trimmed: dashes stay put on the path and are
    /// revealed or erased as strokeStart and strokeEnd move. The default.
    case path
    /// The pattern starts afresh at strokeStart: dashes crawl along as strokeStart moves.
    case strokeStart
  }

  /// A shape layer with no path.
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

  open override var contentBounds: CGRect {
    guard let path, !path.isEmpty else { return bounds }
    // A miter can reach miterLimit × half the width from the path.
    let reach = strokeColor == nil ? 0 : lineWidth / 2 * (lineJoin == .miter ? max(miterLimit, 1) : 1) + 1
    return bounds.union(path.bounds.insetBy(dx: -reach, dy: -reach))
  }

  open override var contentPaintCount: Int {
    guard path != nil else { return 0 }
    return (fillColor == nil ? 0 : 1) + (strokeColor == nil || lineWidth <= 0 ? 0 : 1)
  }

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
    let measure = PathMeasure(path)
    if dashAnchoring == .path, !style.dashPattern.isEmpty {
      // Dashes restart at every subpath; the first trimmed piece begins part-way into its subpath, so
      // its pattern is advanced by that distance to keep the dashes where the full stroke has them.
      style.dashPhase += measure.distanceIntoSubpath(atFraction: start)
    }
    canvas.stroke(measure.trimmed(from: start, to: end), color: strokeColor, style: style)
  }
}
