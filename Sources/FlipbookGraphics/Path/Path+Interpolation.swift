import Foundation

// MARK: - Morphing

/// Point-by-point blending of two paths drawn the same way, as Core Animation morphs a `CGPath`: Apple's
/// `CAShapeLayer.path` page says "Paths will interpolate as a linear blend of the 'on-line' points; 'off-line'
/// points may be interpolated non-linearly … If the two paths have a different number of control points or
/// segments the results are undefined" (https://developer.apple.com/documentation/quartzcore/cashapelayer/path).
/// Flipbook blends every point, on-line and control points alike, linearly: the one reading that keeps a
/// Bézier curve's shape at both ends, and what lottie-ios's own interpolation of its shapes does, vertex by
/// vertex (lottie-ios `Sources/Private/Utility/Interpolatable/InterpolatableExtensions.swift` (4.6.1),
/// `BezierPath.interpolate(to:amount:)`).
extension Path {
  /// The SVG command letter of each element, `"M C C Z"`: how a path was drawn, for saying why two do not blend.
  public var commandLetters: String {
    elements.map { element in
      switch element {
      case .move: "M"
      case .line: "L"
      case .quadCurve: "Q"
      case .curve: "C"
      case .close: "Z"
      }
    }.joined(separator: " ")
  }

  /// Whether `other` has the same elements, kind by kind, as this path: the paths a morph can blend.
  public func hasSameStructure(as other: Path) -> Bool {
    guard elements.count == other.elements.count else { return false }
    for (a, b) in zip(elements, other.elements) where !a.isSameKind(as: b) { return false }
    return true
  }

  /// The path whose every point lies `fraction` of the way from this path's point to the matching point of
  /// `other` (fractions outside 0...1 extrapolate); nil when the two are not drawn the same way.
  public func morphed(to other: Path, fraction: Double) -> Path? {
    combined(with: other) { a, b in CGPoint(x: a.x + (b.x - a.x) * fraction, y: a.y + (b.y - a.y) * fraction) }
  }

  /// Every point of the path (end points and control points, in drawing order) as x, y pairs laid end to end:
  /// the numbers a cubic keyframe spline works on.
  public var pointCoordinates: [Double] {
    elements.flatMap { element in element.points.flatMap { [$0.x, $0.y] } }
  }

  /// This path with its points replaced, in the order `pointCoordinates` lists them; nil when the count differs.
  public func replacingPointCoordinates(_ coordinates: [Double]) -> Path? {
    guard coordinates.count == pointCoordinates.count else { return nil }
    var index = 0
    return Path(
      elements: elements.map { element in
        element.replacingPoints { _ in
          defer { index += 2 }
          return CGPoint(x: coordinates[index], y: coordinates[index + 1])
        }
      })
  }

  /// The path whose points are `combine` of this path's and `other`'s matching points; nil when the two are
  /// not drawn the same way.
  public func combined(with other: Path, _ combine: (CGPoint, CGPoint) -> CGPoint) -> Path? {
    guard hasSameStructure(as: other) else { return nil }
    return Path(
      elements: zip(elements, other.elements).map { a, b in
        let theirs = b.points
        var index = 0
        return a.replacingPoints { mine in
          defer { index += 1 }
          return combine(mine, theirs[index])
        }
      })
  }

  /// This path with every point passed through `transform` (scaling a path about the origin, for example).
  public func mappingPoints(_ transform: (CGPoint) -> CGPoint) -> Path {
    Path(elements: elements.map { $0.replacingPoints(transform) })
  }
}

extension Path.Element {
  /// The element's points in drawing order: control points, then the end point.
  var points: [CGPoint] {
    switch self {
    case .move(let p), .line(let p): [p]
    case .quadCurve(let c, let p): [c, p]
    case .curve(let c1, let c2, let p): [c1, c2, p]
    case .close: []
    }
  }

  /// The same kind of element with each point replaced, in the order `points` lists them.
  func replacingPoints(_ replace: (CGPoint) -> CGPoint) -> Path.Element {
    // Statements, not one expression, so `replace` sees the points in drawing order.
    switch self {
    case .move(let p):
      return .move(replace(p))
    case .line(let p):
      return .line(replace(p))
    case .quadCurve(let c, let p):
      let control = replace(c)
      return .quadCurve(control: control, to: replace(p))
    case .curve(let c1, let c2, let p):
      let control1 = replace(c1)
      let control2 = replace(c2)
      return .curve(control1: control1, control2: control2, to: replace(p))
    case .close:
      return .close
    }
  }

  /// Whether the two elements are the same command (their points may differ).
  func isSameKind(as other: Path.Element) -> Bool {
    switch (self, other) {
    case (.move, .move), (.line, .line), (.quadCurve, .quadCurve), (.curve, .curve), (.close, .close): true
    default: false
    }
  }
}
