import Foundation

// MARK: - PathSegment

/// One line or Bézier of a path with its start point made explicit, so geometry (evaluation,
/// splitting, extrema, arc length) can be computed without the surrounding path.
enum PathSegment: Hashable, Sendable {
  case line(CGPoint, CGPoint)
  case quad(CGPoint, CGPoint, CGPoint)
  case cubic(CGPoint, CGPoint, CGPoint, CGPoint)

  var start: CGPoint {
    switch self {
    case .line(let p0, _), .quad(let p0, _, _), .cubic(let p0, _, _, _): p0
    }
  }

  var end: CGPoint {
    switch self {
    case .line(_, let p1), .quad(_, _, let p1), .cubic(_, _, _, let p1): p1
    }
  }

  /// The element that draws this segment from its start point.
  var element: Path.Element {
    switch self {
    case .line(_, let p1): .line(p1)
    case .quad(_, let c, let p1): .quadCurve(control: c, to: p1)
    case .cubic(_, let c1, let c2, let p1): .curve(control1: c1, control2: c2, to: p1)
    }
  }

  /// The point at parameter `t` in 0...1.
  func point(at t: Double) -> CGPoint {
    let u = 1 - t
    switch self {
    case .line(let p0, let p1):
      return CGPoint(x: u * p0.x + t * p1.x, y: u * p0.y + t * p1.y)
    case .quad(let p0, let p1, let p2):
      let (a, b, c) = (u * u, 2 * u * t, t * t)
      return CGPoint(x: a * p0.x + b * p1.x + c * p2.x, y: a * p0.y + b * p1.y + c * p2.y)
    case .cubic(let p0, let p1, let p2, let p3):
      let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
      return CGPoint(
        x: a * p0.x + b * p1.x + c * p2.x + d * p3.x,
        y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }
  }

  /// The derivative dB/dt at `t`, as a vector in a `CGPoint`.
  func derivative(at t: Double) -> CGPoint {
    let u = 1 - t
    switch self {
    case .line(let p0, let p1):
      return CGPoint(x: p1.x - p0.x, y: p1.y - p0.y)
    case .quad(let p0, let p1, let p2):
      return CGPoint(
        x: 2 * (u * (p1.x - p0.x) + t * (p2.x - p1.x)),
        y: 2 * (u * (p1.y - p0.y) + t * (p2.y - p1.y)))
    case .cubic(let p0, let p1, let p2, let p3):
      let (a, b, c) = (3 * u * u, 6 * u * t, 3 * t * t)
      return CGPoint(
        x: a * (p1.x - p0.x) + b * (p2.x - p1.x) + c * (p3.x - p2.x),
        y: a * (p1.y - p0.y) + b * (p2.y - p1.y) + c * (p3.y - p2.y))
    }
  }

  /// Splits at `t` by de Casteljau's construction, so both halves stay the same kind of curve
  /// and trace exactly the original. The halves share the split point exactly.
  func split(at t: Double) -> (PathSegment, PathSegment) {
    func mix(_ a: CGPoint, _ b: CGPoint) -> CGPoint {
      CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
    }
    switch self {
    case .line(let p0, let p1):
      let m = mix(p0, p1)
      return (.line(p0, m), .line(m, p1))
    case .quad(let p0, let p1, let p2):
      let (a, b) = (mix(p0, p1), mix(p1, p2))
      let m = mix(a, b)
      return (.quad(p0, a, m), .quad(m, b, p2))
    case .cubic(let p0, let p1, let p2, let p3):
      let (a, b, c) = (mix(p0, p1), mix(p1, p2), mix(p2, p3))
      let (d, e) = (mix(a, b), mix(b, c))
      let m = mix(d, e)
      return (.cubic(p0, a, d, m), .cubic(m, e, c, p3))
    }
  }

  /// The part between parameters `t0 < t1`. Keeps the original end points exactly when
  /// `t0 == 0` or `t1 == 1`, so consecutive pieces of a trimmed path join without gaps.
  func subsegment(from t0: Double, to t1: Double) -> PathSegment {
    if t0 <= 0 && t1 >= 1 { return self }
    if t0 <= 0 { return split(at: t1).0 }
    let tail = split(at: t0).1
    if t1 >= 1 { return tail }
    return tail.split(at: (t1 - t0) / (1 - t0)).0
  }

  /// The end points plus the points where the curve turns in x or y: together they span the
  /// curve's exact bounding box.
  var extremePoints: [CGPoint] {
    var parameters: [Double] = []
    switch self {
    case .line:
      break
    case .quad(let p0, let p1, let p2):
      // B'(t) is linear: zero at t = (p0 − p1) / (p0 − 2p1 + p2) per axis.
      for (a, b, c) in [(p0.x, p1.x, p2.x), (p0.y, p1.y, p2.y)] {
        let denominator = a - 2 * b + c
        if denominator != 0 { parameters.append((a - b) / denominator) }
      }
    case .cubic(let p0, let p1, let p2, let p3):
      for (a, b, c, d) in [(p0.x, p1.x, p2.x, p3.x), (p0.y, p1.y, p2.y, p3.y)] {
        // B'(t)/3 = A t² + B t + C.
        parameters += PathSegment.quadraticRoots(
          a: -a + 3 * b - 3 * c + d, b: 2 * (a - 2 * b + c), c: b - a)
      }
    }
    return [start, end] + parameters.filter { $0 > 0 && $0 < 1 }.map { point(at: $0) }
  }

  /// Real roots of a t² + b t + c, falling back to the linear case when `a` is negligible.
  private static func quadraticRoots(a: Double, b: Double, c: Double) -> [Double] {
    let scale = max(abs(a), abs(b), abs(c))
    guard scale > 0 else { return [] }
    if abs(a) <= scale * 1e-12 {
      return abs(b) <= scale * 1e-12 ? [] : [-c / b]
    }
    let discriminant = b * b - 4 * a * c
    if discriminant < 0 { return [] }
    let root = discriminant.squareRoot()
    return [(-b + root) / (2 * a), (-b - root) / (2 * a)]
  }

  /// Whether the control points lie within `tolerance` of the chord, so a straight line between
  /// the end points is a faithful stand-in for the curve.
  func isFlat(tolerance: Double) -> Bool {
    let controls: [CGPoint]
    switch self {
    case .line: return true
    case .quad(_, let c, _): controls = [c]
    case .cubic(_, let c1, let c2, _): controls = [c1, c2]
    }
    let (p0, p1) = (start, end)
    let (dx, dy) = (p1.x - p0.x, p1.y - p0.y)
    let chordLength = (dx * dx + dy * dy).squareRoot()
    return controls.allSatisfy { c in
      let distance =
        chordLength == 0
        ? hypot(c.x - p0.x, c.y - p0.y)
        : abs((c.x - p0.x) * dy - (c.y - p0.y) * dx) / chordLength
      return distance <= tolerance
    }
  }

  /// Arc length between parameters `t0` and `t1` by 5-point Gauss–Legendre quadrature of the
  /// speed |B'(t)|. Exact for lines and accurate to ~1e-10 relative on the short, nearly flat
  /// pieces `PathMeasure` feeds it, far better than summing chords.
  func arcLength(from t0: Double, to t1: Double) -> Double {
    if case .line(let p0, let p1) = self { return hypot(p1.x - p0.x, p1.y - p0.y) * (t1 - t0) }
    let half = (t1 - t0) / 2
    let middle = (t0 + t1) / 2
    var sum = 0.0
    for (node, weight) in PathSegment.gaussLegendre5 {
      let d = derivative(at: middle + half * node)
      sum += weight * hypot(d.x, d.y)
    }
    return sum * half
  }

  private static let gaussLegendre5: [(Double, Double)] = [
    (0, 0.568_888_888_888_888_9),
    (-0.538_469_310_105_683_1, 0.478_628_670_499_366_5),
    (0.538_469_310_105_683_1, 0.478_628_670_499_366_5),
    (-0.906_179_845_938_664_0, 0.236_926_885_056_189_1),
    (0.906_179_845_938_664_0, 0.236_926_885_056_189_1),
  ]
}

// MARK: - Subpaths

/// A subpath with its segments spelled out. A closed subpath's final segment is its closing
/// line (present even when it has zero length), so its length includes the way back.
struct PathSubpath: Sendable {
  var start: CGPoint
  var segments: [PathSegment] = []
  var isClosed = false
  /// The original elements, starting with the `.move`, for copying the subpath unchanged.
  var elements: [Path.Element] = []
}

extension Path {
  /// The path split into segmentedSubpaths of explicit segments. A segment with no preceding move starts
  /// at the origin (the builders never produce one).
  var segmentedSubpaths: [PathSubpath] {
    var result: [PathSubpath] = []
    var current: PathSubpath?
    var point = CGPoint.zero
    for element in elements {
      if case .move(let p) = element {
        if let finished = current { result.append(finished) }
        current = PathSubpath(start: p, elements: [element])
        point = p
        continue
      }
      if current == nil || current!.isClosed {
        if let finished = current { result.append(finished) }
        current = PathSubpath(start: point, elements: [.move(point)])
      }
      current!.elements.append(element)
      switch element {
      case .move: break
      case .line(let p):
        current!.segments.append(.line(point, p))
        point = p
      case .quadCurve(let c, let p):
        current!.segments.append(.quad(point, c, p))
        point = p
      case .curve(let c1, let c2, let p):
        current!.segments.append(.cubic(point, c1, c2, p))
        point = p
      case .close:
        current!.segments.append(.line(point, current!.start))
        current!.isClosed = true
        point = current!.start
      }
    }
    if let finished = current { result.append(finished) }
    return result
  }
}
