import FlipbookGraphics
import Foundation
import Testing

@testable import FlipbookLottie

/// Whether two paths have the same elements, every coordinate within `tolerance`.
func nearlyEqual(_ a: Path, _ b: Path, tolerance: Double = 1e-9) -> Bool {
  guard a.elements.count == b.elements.count else { return false }
  func near(_ p: CGPoint, _ q: CGPoint) -> Bool { abs(p.x - q.x) <= tolerance && abs(p.y - q.y) <= tolerance }
  for (x, y) in zip(a.elements, b.elements) {
    switch (x, y) {
    case (.move(let p), .move(let q)), (.line(let p), .line(let q)): if !near(p, q) { return false }
    case (.curve(let p1, let p2, let p3), .curve(let q1, let q2, let q3)):
      if !(near(p1, q1) && near(p2, q2) && near(p3, q3)) { return false }
    case (.close, .close): break
    default: return false
    }
  }
  return true
}

/// A path written out by hand: `m` moves, `l` lines, `c` cubics (control 1, control 2, end), `z` closes.
enum Draw {
  case m(Double, Double)
  case l(Double, Double)
  case c(Double, Double, Double, Double, Double, Double)
  case z

  static func path(_ steps: [Draw]) -> Path {
    var path = Path()
    for step in steps {
      switch step {
      case .m(let x, let y): path.move(to: CGPoint(x: x, y: y))
      case .l(let x, let y): path.addLine(to: CGPoint(x: x, y: y))
      case .c(let x1, let y1, let x2, let y2, let x, let y):
        path.addCurve(to: CGPoint(x: x, y: y), control1: CGPoint(x: x1, y: y1), control2: CGPoint(x: x2, y: y2))
      case .z: path.closeSubpath()
      }
    }
    return path
  }
}

@Suite("Lottie shape geometry, against hand-computed paths")
struct ShapeGeometryTests {
  @Test("A square-cornered rectangle starts at the top of the right edge and runs clockwise, repeating its start")
  func squareRectangle() {
    let path = LottieBezierPath.rectangle(
      position: CGPoint(x: 10, y: 20), size: CGSize(width: 100, height: 50), cornerRadius: 0, direction: .clockwise
    ).path
    #expect(path == Draw.path([.m(60, -5), .l(60, 45), .l(-40, 45), .l(-40, -5), .l(60, -5), .z]))
  }

  @Test("Counter-clockwise walks the same corners backwards")
  func reversedRectangle() {
    let path = LottieBezierPath.rectangle(
      position: .zero, size: CGSize(width: 20, height: 10), cornerRadius: 0, direction: .counterClockwise
    ).path
    #expect(path == Draw.path([.m(10, -5), .l(-10, -5), .l(-10, 5), .l(10, 5), .l(10, -5), .z]))
  }

  @Test("A rounded rectangle: four cubics with controls 0.55228 r from their ends, straight edges between")
  func roundedRectangle() {
    let path = LottieBezierPath.rectangle(
      position: CGPoint(x: 10, y: 20), size: CGSize(width: 100, height: 50), cornerRadius: 10, direction: .clockwise
    ).path
    let k = 5.5228  // 10 × 0.55228
    let expected = Draw.path([
      .m(60, 5), .l(60, 35), .c(60, 35 + k, 50 + k, 45, 50, 45),
      .l(-30, 45), .c(-30 - k, 45, -40, 35 + k, -40, 35),
      .l(-40, 5), .c(-40, 5 - k, -30 - k, -5, -30, -5),
      .l(50, -5), .c(50 + k, -5, 60, 5 - k, 60, 5), .z,
    ])
    #expect(nearlyEqual(path, expected))
  }

  @Test("The corner radius is clamped to half the shorter side: a 100x50 rectangle with radius 100 is a capsule")
  func clampedRadius() {
    let capsule = LottieBezierPath.rectangle(
      position: .zero, size: CGSize(width: 100, height: 50), cornerRadius: 100, direction: .clockwise)
    let exact = LottieBezierPath.rectangle(
      position: .zero, size: CGSize(width: 100, height: 50), cornerRadius: 25, direction: .clockwise)
    #expect(capsule == exact)
    #expect(capsule.vertices.first?.point == CGPoint(x: 50, y: 0))
  }

  @Test("An ellipse starts at 12 o'clock and runs right first; control points 0.55228 of the half axes")
  func ellipse() {
    let path = LottieBezierPath.ellipse(size: CGSize(width: 100, height: 50), center: .zero, direction: .clockwise)
      .path
    let (kx, ky) = (27.614, 13.807)
    let expected = Draw.path([
      .m(0, -25), .c(kx, -25, 50, -ky, 50, 0), .c(50, ky, kx, 25, 0, 25), .c(-kx, 25, -50, ky, -50, 0),
      .c(-50, -ky, -kx, -25, 0, -25), .z,
    ])
    #expect(nearlyEqual(path, expected))
  }

  @Test("A counter-clockwise ellipse runs left first")
  func reversedEllipse() {
    let path = LottieBezierPath.ellipse(
      size: CGSize(width: 100, height: 50), center: CGPoint(x: 5, y: 5), direction: .counterClockwise
    ).path
    guard case .curve(let c1, _, let end) = path.elements[1] else {
      Issue.record("expected a cubic")
      return
    }
    #expect(path.elements[0] == .move(CGPoint(x: 5, y: -20)))
    #expect(end == CGPoint(x: -45, y: 5))
    #expect(abs(c1.x - (5 - 27.614)) < 1e-9 && c1.y == -20)
  }

  @Test("A five-pointed star: outer point up, inner points 36° either side, eleven vertices, closed")
  func star() {
    let star = LottieBezierPath.star(
      position: CGPoint(x: 100, y: 100), outerRadius: 100, innerRadius: 50, outerRoundness: 0, innerRoundness: 0,
      points: 5, rotation: 0, direction: .clockwise)
    #expect(star.vertices.count == 11)
    #expect(star.isClosed)
    let points = star.vertices.map(\.point)
    // Inner point 1 at −54°: (50 cos 54°·…): x = 100 + 50 sin 36°, y = 100 − 50 cos 36°.
    let expected = [
      CGPoint(x: 100, y: 0), CGPoint(x: 100 + 50 * sin(Double.pi / 5), y: 100 - 50 * cos(Double.pi / 5)),
      CGPoint(x: 100 + 100 * sin(2 * Double.pi / 5), y: 100 - 100 * cos(2 * Double.pi / 5)),
    ]
    for (p, q) in zip(points, expected) { #expect(abs(p.x - q.x) < 1e-9 && abs(p.y - q.y) < 1e-9) }
    #expect(abs(points[10].x - 100) < 1e-9 && abs(points[10].y) < 1e-9, "the last vertex comes back to the top")
    // Straight spans only: one move, ten lines, a close.
    #expect(star.path.elements.filter { if case .line = $0 { true } else { false } }.count == 10)
  }

  @Test("Outer roundness leaves the top point horizontally, 100 × 1 × 0.47829 long")
  func roundedStar() {
    let star = LottieBezierPath.star(
      position: .zero, outerRadius: 100, innerRadius: 50, outerRoundness: 100, innerRoundness: 0, points: 5,
      rotation: 0, direction: .clockwise)
    let top = star.vertices[0]
    #expect(abs(top.outTangent.x - 47.829) < 1e-9 && abs(top.outTangent.y - -100) < 1e-9)
    #expect(top.inTangent == top.point)
  }

  @Test("A polygon of 4 points, radius 10: top, right, bottom, left, top")
  func polygon() {
    let square = LottieBezierPath.polygon(
      position: .zero, points: 4, outerRadius: 10, outerRoundness: 0, rotation: 0, direction: .clockwise)
    let expected = [(0.0, -10.0), (10, 0), (0, 10), (-10, 0), (0, -10)]
    #expect(square.vertices.count == 5)
    for (v, e) in zip(square.vertices, expected) {
      #expect(abs(v.point.x - e.0) < 1e-9 && abs(v.point.y - e.1) < 1e-9)
    }
    let rotated = LottieBezierPath.polygon(
      position: .zero, points: 4, outerRadius: 10, outerRoundness: 0, rotation: 90, direction: .clockwise)
    #expect(abs(rotated.vertices[0].point.x - 10) < 1e-9, "rotation turns the first point clockwise from the top")
  }

  @Test("An absurd point count draws a bounded path")
  func absurdPoints() {
    let star = LottieBezierPath.star(
      position: .zero, outerRadius: 10, innerRadius: 5, outerRoundness: 0, innerRoundness: 0, points: 1e9,
      rotation: 0, direction: .clockwise)
    #expect(star.vertices.count == LottieBezierPath.maxPolystarVertices + 1)
  }

  @Test("A decoded closed path: a line where both tangents are zero, a cubic otherwise, then its closing span")
  func decodedPath() {
    let bezier = LottieBezierPath(
      points: [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10)],
      inTangents: [.zero, .zero, CGPoint(x: 0, y: -5)], outTangents: [.zero, .zero, .zero], closed: true)
    #expect(bezier.path == Draw.path([.m(0, 0), .l(10, 0), .c(10, 0, 10, 5, 10, 10), .l(0, 0), .z]))
    let open = LottieBezierPath(
      points: [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0)], inTangents: [.zero, .zero],
      outTangents: [CGPoint(x: 3, y: 3), .zero], closed: false)
    #expect(open.path == Draw.path([.m(0, 0), .c(3, 3, 10, 0, 10, 0)]))
  }

  @Test("Rounded corners on a closed square path: each corner becomes a cubic 10 pt either side of it")
  func roundedCorners() {
    let square = LottieBezierPath(
      points: [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 100), CGPoint(x: 0, y: 100)],
      inTangents: Array(repeating: .zero, count: 4), outTangents: Array(repeating: .zero, count: 4), closed: true)
    let rounded = square.roundingCorners(radius: 10).path
    let t = 10 * (1 - 0.5519)  // the control point's distance from the corner: 4.481
    let expected = Draw.path([
      .m(90, 0), .c(100 - t, 0, 100, t, 100, 10), .l(100, 90), .c(100, 100 - t, 100 - t, 100, 90, 100),
      .l(10, 100), .c(t, 100, 0, 100 - t, 0, 90), .l(0, 10), .c(0, t, t, 0, 10, 0), .z,
    ])
    #expect(nearlyEqual(rounded, expected))
    #expect(square.roundingCorners(radius: 0).vertices.count == 8, "radius 0 still splits corners, as lottie-ios does")
  }

  @Test("A radius larger than half an edge stops at the edge's middle")
  func roundedCornersClamp() {
    let triangle = LottieBezierPath(
      points: [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 0, y: 10)],
      inTangents: Array(repeating: .zero, count: 3), outTangents: Array(repeating: .zero, count: 3), closed: true)
    let rounded = triangle.roundingCorners(radius: 1000)
    #expect(rounded.vertices[0].point == CGPoint(x: 5, y: 0), "halfway along the top edge")
  }

  @Test("Duplicating a path repeats its subpaths, for trims past the end")
  func duplicated() {
    let path = Path(rect: CGRect(x: 0, y: 0, width: 1, height: 1))
    #expect(path.duplicated(times: 3).elements.count == 3 * path.elements.count)
    #expect(path.duplicated(times: 1) == path)
  }
}
