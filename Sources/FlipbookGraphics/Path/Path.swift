import Foundation

// MARK: - Path

/// A vector path: a list of subpaths made of lines and Bézier curves, in a y-down coordinate
/// system (like UIKit and Cairo).
///
/// The builder names follow `UIBezierPath`/`CGPath` so that code ported from iOS reads the same.
/// Only `elements` is stored, so two paths are equal exactly when they were drawn the same way.
///
/// Every subpath in `elements` begins with `.move`: a segment added after `closeSubpath()` first
/// gets an explicit move to the closed subpath's start (where `CGPath` leaves the current point).
/// That keeps consumers (measurement, Cairo emission, SVG output) free of implicit state.
public struct Path: Hashable, Sendable {
  /// One drawing command. Curve and line elements start at the previous element's end point.
  public enum Element: Hashable, Sendable {
    /// Starts a new subpath at the point, drawing nothing (`M`).
    case move(CGPoint)
    /// A straight line to the point (`L`).
    case line(CGPoint)
    /// A quadratic Bézier curve to `to`, bent towards `control` (`Q`).
    case quadCurve(control: CGPoint, to: CGPoint)
    /// A cubic Bézier curve to `to`, leaving towards `control1` and arriving from `control2` (`C`).
    case curve(control1: CGPoint, control2: CGPoint, to: CGPoint)
    /// A straight line back to the subpath's start, joined (not capped) when stroked.
    case close
  }

  /// The drawing commands in order; every subpath starts with `.move`. Only the builders change it,
  /// so that this stays true.
  public private(set) var elements: [Element]

  /// An empty path.
  public init() { elements = [] }

  /// A path made of the given elements, used as-is (internal: the builders keep the invariant
  /// that every subpath starts with `.move`).
  init(elements: [Element]) { self.elements = elements }

  /// Whether the path has no elements at all (a lone move counts as not empty).
  public var isEmpty: Bool { elements.isEmpty }

  /// Where the next segment starts: the last element's end point, or the start of the subpath
  /// after a `close`. `nil` for an empty path.
  public var currentPoint: CGPoint? {
    guard let last = elements.last else { return nil }
    if case .close = last { return currentSubpathStart }
    return last.endPoint
  }

  /// The start of the last subpath (its most recent `.move`).
  private var currentSubpathStart: CGPoint? {
    for element in elements.reversed() {
      if case .move(let start) = element { return start }
    }
    return nil
  }

  // MARK: Building

  /// Starts a new subpath at `point`.
  public mutating func move(to point: CGPoint) {
    elements.append(.move(point))
  }

  /// Adds a straight line from the current point. Ignored without a current point, as `CGPath`
  /// does, because there is nowhere for the line to start.
  public mutating func addLine(to point: CGPoint) {
    guard beginSegment() else { return }
    elements.append(.line(point))
  }

  /// Adds a quadratic Bézier from the current point (ignored without one).
  public mutating func addQuadCurve(to point: CGPoint, control: CGPoint) {
    guard beginSegment() else { return }
    elements.append(.quadCurve(control: control, to: point))
  }

  /// Adds a cubic Bézier from the current point (ignored without one).
  public mutating func addCurve(to point: CGPoint, control1: CGPoint, control2: CGPoint) {
    guard beginSegment() else { return }
    elements.append(.curve(control1: control1, control2: control2, to: point))
  }

  /// Closes the current subpath with a line back to its start. Ignored when there is no open
  /// subpath, so closing twice does not add an empty subpath.
  public mutating func closeSubpath() {
    guard let last = elements.last else { return }
    if case .close = last { return }
    elements.append(.close)
  }

  /// Adds a circular arc with `UIBezierPath` semantics in y-down space: angles are radians from
  /// the +x axis, and `clockwise: true` sweeps towards increasing angles, which turns clockwise on
  /// screen. The sweep is normalised into one turn in the requested direction (a sweep of a full
  /// turn or more draws a full circle). If the path has a current point, a line joins it to the
  /// arc's start; otherwise the arc starts a new subpath. The arc is approximated by cubic
  /// Béziers of at most 90° each (radial error below 0.03% of the radius).
  public mutating func addArc(
    center: CGPoint, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool
  ) {
    let fullTurn = 2 * Double.pi
    var sweep = endAngle - startAngle
    if clockwise {
      if sweep >= fullTurn {
        sweep = fullTurn
      } else {
        sweep = sweep.truncatingRemainder(dividingBy: fullTurn)
        if sweep < 0 { sweep += fullTurn }
      }
    } else {
      if sweep <= -fullTurn {
        sweep = -fullTurn
      } else {
        sweep = sweep.truncatingRemainder(dividingBy: fullTurn)
        if sweep > 0 { sweep -= fullTurn }
      }
    }
    let start = CGPoint(
      x: center.x + radius * cos(startAngle), y: center.y + radius * sin(startAngle))
    if let current = currentPoint {
      if current != start {
        addLine(to: start)
      } else {
        _ = beginSegment()
      }
    } else {
      move(to: start)
    }
    appendArcCurves(
      center: center, radiusX: radius, radiusY: radius, rotation: 0, startAngle: startAngle,
      sweep: sweep)
  }

  /// Adds a closed rectangle as its own subpath, starting at the top-left corner and running
  /// clockwise on screen (top edge first), as `CGPath.addRect` does.
  public mutating func addRect(_ rect: CGRect) {
    let r = rect.standardized
    move(to: CGPoint(x: r.minX, y: r.minY))
    elements.append(.line(CGPoint(x: r.maxX, y: r.minY)))
    elements.append(.line(CGPoint(x: r.maxX, y: r.maxY)))
    elements.append(.line(CGPoint(x: r.minX, y: r.maxY)))
    elements.append(.close)
  }

  /// Adds a closed rectangle with circular corners, with the same winding as `addRect(_:)`. The
  /// radius is clamped to half the shorter side, so an over-large radius gives a capsule or a
  /// circle rather than overlapping corners. Straight edges that collapse to nothing are left out.
  public mutating func addRoundedRect(_ rect: CGRect, cornerRadius: Double) {
    let r = rect.standardized
    let radius = min(max(cornerRadius, 0), min(r.width, r.height) / 2)
    guard radius > 0 else {
      addRect(r)
      return
    }
    // Control-point offset for a quarter circle drawn as one cubic.
    let k = radius * Path.quarterCircleKappa
    let (x0, x1, y0, y1) = (r.minX, r.maxX, r.minY, r.maxY)
    move(to: CGPoint(x: x0 + radius, y: y0))
    appendLineIfMoving(to: CGPoint(x: x1 - radius, y: y0))
    elements.append(
      .curve(
        control1: CGPoint(x: x1 - radius + k, y: y0), control2: CGPoint(x: x1, y: y0 + radius - k),
        to: CGPoint(x: x1, y: y0 + radius)))
    appendLineIfMoving(to: CGPoint(x: x1, y: y1 - radius))
    elements.append(
      .curve(
        control1: CGPoint(x: x1, y: y1 - radius + k), control2: CGPoint(x: x1 - radius + k, y: y1),
        to: CGPoint(x: x1 - radius, y: y1)))
    appendLineIfMoving(to: CGPoint(x: x0 + radius, y: y1))
    elements.append(
      .curve(
        control1: CGPoint(x: x0 + radius - k, y: y1), control2: CGPoint(x: x0, y: y1 - radius + k),
        to: CGPoint(x: x0, y: y1 - radius)))
    appendLineIfMoving(to: CGPoint(x: x0, y: y0 + radius))
    elements.append(
      .curve(
        control1: CGPoint(x: x0, y: y0 + radius - k), control2: CGPoint(x: x0 + radius - k, y: y0),
        to: CGPoint(x: x0 + radius, y: y0)))
    elements.append(.close)
  }

  /// Adds a closed ellipse inscribed in `rect` as its own subpath: it starts at the rightmost
  /// point `(maxX, midY)` and runs clockwise on screen (towards increasing y first), like
  /// `CGPath.addEllipse(in:)`, as four cubic quarter arcs. Those bulge up to 0.027% of the radius
  /// outside the true ellipse, so a circle drawn this way is 2πr·(1 + 1.4e-4) long.
  public mutating func addEllipse(in rect: CGRect) {
    let r = rect.standardized
    let (rx, ry) = (r.width / 2, r.height / 2)
    let (kx, ky) = (rx * Path.quarterCircleKappa, ry * Path.quarterCircleKappa)
    let (cx, cy) = (r.midX, r.midY)
    move(to: CGPoint(x: r.maxX, y: cy))
    elements.append(
      .curve(
        control1: CGPoint(x: r.maxX, y: cy + ky), control2: CGPoint(x: cx + kx, y: r.maxY),
        to: CGPoint(x: cx, y: r.maxY)))
    elements.append(
      .curve(
        control1: CGPoint(x: cx - kx, y: r.maxY), control2: CGPoint(x: r.minX, y: cy + ky),
        to: CGPoint(x: r.minX, y: cy)))
    elements.append(
      .curve(
        control1: CGPoint(x: r.minX, y: cy - ky), control2: CGPoint(x: cx - kx, y: r.minY),
        to: CGPoint(x: cx, y: r.minY)))
    elements.append(
      .curve(
        control1: CGPoint(x: cx + kx, y: r.minY), control2: CGPoint(x: r.maxX, y: cy - ky),
        to: CGPoint(x: r.maxX, y: cy)))
    elements.append(.close)
  }

  /// A closed rectangle, as `UIBezierPath(rect:)`.
  public init(rect: CGRect) {
    self.init()
    addRect(rect)
  }

  /// A closed ellipse inscribed in `rect`, as `UIBezierPath(ovalIn:)`.
  public init(ellipseIn rect: CGRect) {
    self.init()
    addEllipse(in: rect)
  }

  /// A closed rectangle with corners rounded by `cornerRadius`, as
  /// `UIBezierPath(roundedRect:cornerRadius:)`.
  public init(roundedRect rect: CGRect, cornerRadius: Double) {
    self.init()
    addRoundedRect(rect, cornerRadius: cornerRadius)
  }

  // MARK: Transforming

  /// The path with every point (end points and control points) mapped through `t`. Exact for
  /// affine transforms, because Béziers are affine-invariant.
  public func applying(_ t: Transform2D) -> Path {
    if t.isIdentity { return self }
    return Path(elements: elements.map { $0.applying(t) })
  }

  // MARK: Measuring

  /// The tight bounding box of the drawn geometry: curve extrema are solved exactly, so control
  /// points that stick out do not count (`CGPath.boundingBoxOfPath`). Move points count, so a
  /// lone move gives a zero-size box. `.null` for an empty path.
  public var bounds: CGRect {
    var points: [CGPoint] = []
    for subpath in segmentedSubpaths {
      points.append(subpath.start)
      for segment in subpath.segments { points.append(contentsOf: segment.extremePoints) }
    }
    return CGRect.boundingBox(of: points)
  }

  // MARK: Internals

  /// The cubic control-point ratio for a quarter circle, 4/3·(√2 − 1).
  static let quarterCircleKappa = 0.5522847498

  /// Makes sure the next segment has an open subpath to extend; returns false when there is no
  /// current point at all. After a `close`, reopens at the closed subpath's start.
  private mutating func beginSegment() -> Bool {
    guard let last = elements.last else { return false }
    if case .close = last, let start = currentSubpathStart {
      elements.append(.move(start))
    }
    return true
  }

  private mutating func appendLineIfMoving(to point: CGPoint) {
    if currentPoint != point { elements.append(.line(point)) }
  }

  /// Most cubics one arc becomes: a thousand full turns, far beyond any arc a shape or path needs.
  static let maxArcQuarterTurns = 4000.0

  /// Appends cubics for an elliptical arc of `sweep` radians starting at `startAngle`, from the
  /// current point (which must already be the arc's start). Angles are measured on the unit
  /// circle before the ellipse's radii and rotation are applied. Shared by `addArc` and the SVG
  /// `A` command.
  mutating func appendArcCurves(
    center: CGPoint, radiusX: Double, radiusY: Double, rotation: Double, startAngle: Double,
    sweep: Double, exactEnd: CGPoint? = nil
  ) {
    guard sweep != 0, sweep.isFinite else { return }
    // One cubic per quarter turn, at most `maxArcQuarterTurns` of them: an absurd sweep draws as a
    // thousand turns rather than trapping or allocating without end.
    let quarters = min((abs(sweep) / (Double.pi / 2) - 1e-9).rounded(.up), Self.maxArcQuarterTurns)
    let count = max(1, Int(exactly: quarters) ?? 1)
    let step = sweep / Double(count)
    let k = 4.0 / 3.0 * tan(step / 4)
    let (cosR, sinR) = (cos(rotation), sin(rotation))
    func map(_ x: Double, _ y: Double) -> CGPoint {
      let (ex, ey) = (radiusX * x, radiusY * y)
      return CGPoint(x: center.x + cosR * ex - sinR * ey, y: center.y + sinR * ex + cosR * ey)
    }
    for index in 0..<count {
      let a = startAngle + step * Double(index)
      let b = a + step
      let (cosA, sinA, cosB, sinB) = (cos(a), sin(a), cos(b), sin(b))
      var end = map(cosB, sinB)
      if index == count - 1, let exactEnd { end = exactEnd }
      elements.append(
        .curve(
          control1: map(cosA - k * sinA, sinA + k * cosA),
          control2: map(cosB + k * sinB, sinB - k * cosB), to: end))
    }
  }
}

extension Path.Element {
  /// The point the element ends at; `nil` for `.close`, whose end depends on the subpath.
  var endPoint: CGPoint? {
    switch self {
    case .move(let p), .line(let p): p
    case .quadCurve(_, let p), .curve(_, _, let p): p
    case .close: nil
    }
  }

  func applying(_ t: Transform2D) -> Path.Element {
    switch self {
    case .move(let p): .move(p.applying(t))
    case .line(let p): .line(p.applying(t))
    case .quadCurve(let c, let p): .quadCurve(control: c.applying(t), to: p.applying(t))
    case .curve(let c1, let c2, let p):
      .curve(control1: c1.applying(t), control2: c2.applying(t), to: p.applying(t))
    case .close: .close
    }
  }
}
