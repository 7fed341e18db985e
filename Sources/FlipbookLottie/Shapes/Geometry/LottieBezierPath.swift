import FlipbookGraphics
import FlipbookLayers
import Foundation

// MARK: - CurveVertex

/// One vertex of a Lottie bezier path: a point with its incoming and outgoing control points, all absolute.
///
/// lottie-ios keeps control points absolute and derives the relative tangents by subtraction
/// (lottie-ios Sources/Private/Utility/Primitives/CurveVertex.swift, 4.6.1); doing the same here keeps the
/// "is this tangent zero?" test, which decides between a line and a curve, bit-for-bit the same.
struct CurveVertex: Hashable, Sendable {
  /// Where the curve arrives from: the control point before `point`.
  var inTangent: CGPoint
  /// The vertex itself.
  var point: CGPoint
  /// Where the curve leaves towards: the control point after `point`.
  var outTangent: CGPoint

  /// A vertex from absolute control points.
  init(_ inTangent: CGPoint, _ point: CGPoint, _ outTangent: CGPoint) {
    self.inTangent = inTangent
    self.point = point
    self.outTangent = outTangent
  }

  /// A vertex from control points relative to `point`, as Lottie files store them (`i` and `o`).
  init(point: CGPoint, inRelative: CGPoint, outRelative: CGPoint) {
    self.init(point.adding(inRelative), point, point.adding(outRelative))
  }

  /// The incoming control point relative to the vertex.
  var inRelative: CGPoint { inTangent.relative(to: point) }
  /// The outgoing control point relative to the vertex.
  var outRelative: CGPoint { outTangent.relative(to: point) }

  /// The same vertex walked the other way: incoming and outgoing control points swap.
  var reversed: CurveVertex { CurveVertex(outTangent, point, inTangent) }

  /// The vertex moved by `offset`.
  func translated(by offset: CGPoint) -> CurveVertex {
    CurveVertex(inTangent.adding(offset), point.adding(offset), outTangent.adding(offset))
  }

  /// Every point moved linearly `amount` of the way to `other`'s.
  func interpolated(to other: CurveVertex, amount: Double) -> CurveVertex {
    CurveVertex(
      inTangent.interpolated(to: other.inTangent, fraction: amount),
      point.interpolated(to: other.point, fraction: amount),
      outTangent.interpolated(to: other.outTangent, fraction: amount))
  }
}

// MARK: - LottieBezierPath

/// A Lottie bezier path as lottie-ios holds it (`BezierPath`): a list of vertices walked in order, and whether
/// the subpath is closed.
///
/// A decoded closed path carries its closing vertex explicitly (the first point again, with the first incoming
/// tangent and no outgoing one), because lottie-ios appends it when it reads `{c, i, o, v}`; the shape builders
/// (rectangle, ellipse, polystar) likewise repeat their first vertex. `path` turns it into the CGPath lottie-ios
/// hands Core Animation: a line where both tangents of a span are zero, a cubic otherwise, and a closing
/// `closeSubpath` when closed (lottie-ios Sources/Private/Utility/Primitives/BezierPath.swift, `cgPath()`).
struct LottieBezierPath: Hashable, Sendable {
  /// The vertices in drawing order.
  var vertices: [CurveVertex]
  /// Whether the drawn subpath ends with `closeSubpath`.
  var isClosed: Bool

  /// A path of the given vertices.
  init(vertices: [CurveVertex] = [], closed: Bool = false) {
    self.vertices = vertices
    self.isClosed = closed
  }

  /// The path a Lottie `{c, i, o, v}` value describes: `points` with control points relative to them. A closed
  /// path gets its closing vertex appended, as lottie-ios's decoder does.
  init(points: [CGPoint], inTangents: [CGPoint], outTangents: [CGPoint], closed: Bool) {
    precondition(points.count == inTangents.count && points.count == outTangents.count)
    var vertices = zip(points, zip(inTangents, outTangents)).map {
      CurveVertex(point: $0.0, inRelative: $0.1.0, outRelative: $0.1.1)
    }
    if closed, let first = vertices.first {
      vertices.append(CurveVertex(point: first.point, inRelative: first.inRelative, outRelative: .zero))
    }
    self.init(vertices: vertices, closed: closed)
  }

  /// The path as Core Animation draws it: moves, lines and cubics exactly as lottie-ios builds its CGPath.
  var path: Path {
    var path = Path()
    appendSubpath(to: &path)
    return path
  }

  /// Adds this path as a subpath of `path` (CGPath's `addPath`).
  func appendSubpath(to path: inout Path) {
    guard let first = vertices.first else { return }
    path.move(to: first.point)
    var previous = first
    for vertex in vertices.dropFirst() {
      if previous.outRelative == .zero && vertex.inRelative == .zero {
        path.addLine(to: vertex.point)
      } else {
        path.addCurve(to: vertex.point, control1: previous.outTangent, control2: vertex.inTangent)
      }
      previous = vertex
    }
    if isClosed { path.closeSubpath() }
  }

  /// The path a fraction `amount` of the way to `other`, vertex by vertex over the vertices both have, as
  /// lottie-ios interpolates paths it must sample itself (InterpolatableExtensions.swift). Like lottie-ios, the
  /// result is open: only the repeated closing vertex still closes it.
  func interpolated(to other: LottieBezierPath, amount: Double) -> LottieBezierPath {
    LottieBezierPath(
      vertices: zip(vertices, other.vertices).map { $0.interpolated(to: $1, amount: amount) }, closed: false)
  }

  /// The vertices in reverse order, each walked the other way: how lottie-ios draws a shape whose direction
  /// `d` is 3 (counter-clockwise).
  var reversed: LottieBezierPath {
    LottieBezierPath(vertices: vertices.reversed().map(\.reversed), closed: isClosed)
  }
}

// MARK: - Path repetition

extension Path {
  /// The path repeated `times` times one after the other (lottie-ios's `CGPath.duplicated(times:)`), so that
  /// `strokeStart`/`strokeEnd` beyond one length can show a trim that wraps past the path's end.
  func duplicated(times: Int) -> Path {
    guard times > 1 else { return self }
    var result = Path()
    for _ in 0..<times { result.append(self) }
    return result
  }

  /// Adds every subpath of `other` (CGPath's `addPath`).
  mutating func append(_ other: Path) {
    for element in other.elements {
      switch element {
      case .move(let p): move(to: p)
      case .line(let p): addLine(to: p)
      case .quadCurve(let c, let p): addQuadCurve(to: p, control: c)
      case .curve(let c1, let c2, let p): addCurve(to: p, control1: c1, control2: c2)
      case .close: closeSubpath()
      }
    }
  }
}

// MARK: - Point arithmetic

extension CGPoint {
  /// This point as an offset from `origin` (`self − origin`); the rest of the arithmetic comes from
  /// FlipbookLayers' `Animatable` conformance (`adding`, `scaled(by:)`, `interpolated(to:fraction:)`).
  func relative(to origin: CGPoint) -> CGPoint { CGPoint(x: x - origin.x, y: y - origin.y) }
}
