import Foundation

// MARK: - Stroke and fill options

/// How the ends of open strokes look (`CAShapeLayerLineCap`).
public enum LineCap: String, CaseIterable, Sendable { case butt, round, square }

/// How stroke segments meet (`CAShapeLayerLineJoin`).
public enum LineJoin: String, CaseIterable, Sendable { case miter, round, bevel }

/// Which points a fill covers (`CAShapeLayerFillRule`).
public enum FillRule: String, CaseIterable, Sendable {
  case nonZero = "nonZero"
  case evenOdd = "evenOdd"
}

/// Everything that shapes a stroke, with `CAShapeLayer`'s defaults: width 1, butt caps, miter joins,
/// miter limit 10, solid.
public struct StrokeStyle: Hashable, Sendable {
  public var lineWidth: Double = 1
  public var lineCap: LineCap = .butt
  public var lineJoin: LineJoin = .miter
  public var miterLimit: Double = 10
  /// Dash lengths in user units, on/off alternating; empty for a solid line.
  public var dashPattern: [Double] = []
  /// How far into the pattern the stroke starts.
  public var dashPhase: Double = 0

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
