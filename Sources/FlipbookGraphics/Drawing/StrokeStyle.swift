import Foundation

// MARK: - Stroke and fill options

/// How the ends of open strokes look (`CAShapeLayerLineCap`).
public enum LineCap: String, CaseIterable, Sendable {
  /// The stroke stops square at the end point (`kCALineCapButt`, the default).
  case butt
  /// A half circle of the line width's diameter is added past the end point (`kCALineCapRound`).
  case round
  /// Half a line width of square is added past the end point (`kCALineCapSquare`).
  case square
}

/// How stroke segments meet (`CAShapeLayerLineJoin`).
public enum LineJoin: String, CaseIterable, Sendable {
  /// The outer edges are extended to a point, bevelled past `StrokeStyle.miterLimit` (`kCALineJoinMiter`, the
  /// default).
  case miter
  /// The corner is rounded with a circle of the line width's diameter (`kCALineJoinRound`).
  case round
  /// The corner is cut off straight across (`kCALineJoinBevel`).
  case bevel
}

/// Which points a fill covers (`CAShapeLayerFillRule`).
public enum FillRule: String, CaseIterable, Sendable {
  /// Inside where the path winds around a point a non-zero number of times (`kCAFillRuleNonZero`, the
  /// default).
  case nonZero = "nonZero"
  /// Inside where a ray from the point crosses the path an odd number of times, so nested shapes make
  /// holes (`kCAFillRuleEvenOdd`).
  case evenOdd = "evenOdd"
}

/// Everything that shapes a stroke, with `CAShapeLayer`'s defaults: width 1, butt caps, miter joins,
/// miter limit 10, solid.
public struct StrokeStyle: Hashable, Sendable {
  /// The stroke's width in user units, centred on the path; 0 draws nothing.
  public var lineWidth: Double = 1
  /// How open subpaths end.
  public var lineCap: LineCap = .butt
  /// How segments meet at corners.
  public var lineJoin: LineJoin = .miter
  /// How far a miter join may reach, as a multiple of the line width, before it is bevelled instead.
  public var miterLimit: Double = 10
  /// Dash lengths in user units, on/off alternating; empty for a solid line.
  public var dashPattern: [Double] = []
  /// How far into the pattern the stroke starts.
  public var dashPhase: Double = 0

  /// A stroke style; every argument defaults to `CAShapeLayer`'s value.
  public init(
    lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, miterLimit: Double = 10,
    dashPattern: [Double] = [], dashPhase: Double = 0
  ) {
    self.lineWidth = lineWidth
    self.lineCap = lineCap
    self.lineJoin = lineJoin
    self.miterLimit = miterLimit
    self.dashPattern = dashPattern
    self.dashPhase = dashPhase
  }
}

/// How an image is resampled when drawn at another size.
public enum ImageFilter: Sendable {
  /// Box-filtered when shrinking, bilinear when growing: for artwork such as EGO's arrow.
  case smooth
  /// Nearest neighbour: for pixel-exact copies.
  case nearest
}
