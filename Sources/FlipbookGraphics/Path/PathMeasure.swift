import Foundation

// MARK: - PathMeasure

/// Arc-length measurement of a `Path`: total length, the point and direction at a fraction of
/// that length, and trimming to a fraction range (what `CAShapeLayer.strokeStart`/`strokeEnd`
/// and keyframe animation along a path need).
///
/// Fractions run along the total length of all subpaths in order, closing segments included,
/// and are clamped to 0...1. Measuring once and querying many times is cheap: each curve is
/// flattened adaptively into pieces once, and a query searches those pieces, then refines the
/// curve parameter with Newton steps on the exact (quadrature) arc length. Lengths therefore do
/// not carry the chord error of a polyline, whatever the tolerance.
public struct PathMeasure: Sendable {
  /// A unit direction vector (Foundation on Linux has no `CGVector`). In y-down space, so
  /// `angle` is positive clockwise on screen.
  public struct Tangent: Hashable, Sendable {
    /// The x component of the direction.
    public var dx: Double
    /// The y component of the direction (positive is down on screen).
    public var dy: Double

    /// A direction from its components, used as given (not normalized).
    public init(dx: Double, dy: Double) {
      self.dx = dx
      self.dy = dy
    }

    /// The direction's angle from the +x axis in radians, in -π...π.
    public var angle: Double { atan2(dy, dx) }
  }

  /// The total length of every subpath, closing segments included.
  public let length: Double

  /// Where a path without length is: its first point, or the origin when empty.
  private let firstPoint: CGPoint
  private let subpaths: [MeasuredSubpath]
  /// Every segment with a positive length, in path order, for lookup by arc length.
  private let segments: [MeasuredSegment]

  /// Measures `path`. `tolerance` is the maximum distance, in path units, between a curve and the
  /// chords of its flattened pieces; it only affects how quickly queries converge, not accuracy.
  public init(_ path: Path, tolerance: Double = 0.01) {
    let pathSubpaths = path.segmentedSubpaths
    firstPoint = pathSubpaths.first?.start ?? .zero
    let flatness = max(tolerance, 1e-9)
    var subpaths: [MeasuredSubpath] = []
    var segments: [MeasuredSegment] = []
    var distance = 0.0
    for subpath in pathSubpaths {
      let startDistance = distance
      let firstSegment = segments.count
      for segment in subpath.segments {
        let measured = MeasuredSegment(segment, startDistance: distance, tolerance: flatness)
        guard measured.length > 0 else { continue }
        segments.append(measured)
        distance += measured.length
      }
      subpaths.append(
        MeasuredSubpath(
          subpath: subpath, segmentRange: firstSegment..<segments.count,
          startDistance: startDistance, endDistance: distance))
    }
    self.subpaths = subpaths
    self.segments = segments
    self.length = distance
  }

  // MARK: Queries

  /// The point at `fraction` of the total length (clamped to 0...1). A path with no length gives
  /// its first point, or the origin when empty.
  public func point(atFraction fraction: Double) -> CGPoint {
    guard let (segment, t) = locate(fraction) else {
      return firstPoint
    }
    return segment.segment.point(at: t)
  }

  /// The unit direction of travel at `fraction` of the total length (clamped to 0...1). At a
  /// joint between segments it is the outgoing segment's direction (the incoming one at the very
  /// end). A path with no length gives +x.
  public func tangent(atFraction fraction: Double) -> Tangent {
    guard let (measured, t) = locate(fraction) else { return Tangent(dx: 1, dy: 0) }
    let segment = measured.segment
    var d = segment.derivative(at: t)
    if hypot(d.x, d.y) < 1e-12 {
      // A cusp or a control point on an end point: the speed vanishes, so look a hair away.
      d = segment.derivative(at: t < 0.5 ? t + 1e-6 : t - 1e-6)
    }
    if hypot(d.x, d.y) < 1e-12 {
      d = CGPoint(x: segment.end.x - segment.start.x, y: segment.end.y - segment.start.y)
    }
    let norm = hypot(d.x, d.y)
    guard norm > 0 else { return Tangent(dx: 1, dy: 0) }
    return Tangent(dx: d.x / norm, dy: d.y / norm)
  }

  /// The angle of `tangent(atFraction:)` in radians from the +x axis (clockwise on screen).
  public func angle(atFraction fraction: Double) -> Double {
    tangent(atFraction: fraction).angle
  }

  /// How far the point at `fraction` of the total length lies along its own subpath: what a dash
  /// pattern, which restarts at every subpath, has covered by then.
  public func distanceIntoSubpath(atFraction fraction: Double) -> Double {
    let distance = Self.clamp(fraction) * length
    guard let subpath = subpaths.first(where: { distance <= $0.endDistance }) else { return 0 }
    return distance - subpath.startDistance
  }

  // MARK: Trimming

  /// The part of the path between two fractions of its length (each clamped to 0...1); empty
  /// when `start >= end`. Each subpath the range touches becomes its own subpath in the result.
  /// A subpath covered completely is copied unchanged (a closed one stays closed); one covered
  /// partly becomes open, with its closing line as a plain line. Curves are split at the
  /// parameter for the exact arc length, so the result is still made of curves.
  public func trimmed(from start: Double, to end: Double) -> Path {
    let (from, to) = (Self.clamp(start) * length, Self.clamp(end) * length)
    guard Self.clamp(start) < Self.clamp(end) else { return Path() }
    var elements: [Path.Element] = []
    for subpath in subpaths where subpath.endDistance > subpath.startDistance {
      let lower = max(from, subpath.startDistance)
      let upper = min(to, subpath.endDistance)
      guard lower < upper else { continue }
      if lower == subpath.startDistance && upper == subpath.endDistance {
        elements += subpath.subpath.elements
        continue
      }
      var startedSubpath = false
      for measured in segments[subpath.segmentRange] {
        let segmentLower = max(lower, measured.startDistance)
        let segmentUpper = min(upper, measured.endDistance)
        guard segmentLower < segmentUpper else { continue }
        let t0 =
          segmentLower == measured.startDistance
          ? 0 : measured.parameter(atDistance: segmentLower - measured.startDistance)
        let t1 =
          segmentUpper == measured.endDistance
          ? 1 : measured.parameter(atDistance: segmentUpper - measured.startDistance)
        guard t0 < t1 else { continue }
        let piece = measured.segment.subsegment(from: t0, to: t1)
        if !startedSubpath {
          elements.append(.move(piece.start))
          startedSubpath = true
        }
        elements.append(piece.element)
      }
    }
    return Path(elements: elements)
  }

  // MARK: Lookup

  private static func clamp(_ fraction: Double) -> Double {
    fraction.isNaN ? 0 : min(max(fraction, 0), 1)
  }

  /// The segment and curve parameter at a fraction: the last segment starting at or before that
  /// distance, so joints resolve to the outgoing segment.
  private func locate(_ fraction: Double) -> (MeasuredSegment, Double)? {
    guard !segments.isEmpty, length > 0 else { return nil }
    let distance = Self.clamp(fraction) * length
    var (low, high) = (0, segments.count - 1)
    while low < high {
      let middle = (low + high + 1) / 2
      if segments[middle].startDistance <= distance { low = middle } else { high = middle - 1 }
    }
    let segment = segments[low]
    let local = min(max(distance - segment.startDistance, 0), segment.length)
    return (segment, segment.parameter(atDistance: local))
  }
}

// MARK: - Measured pieces

/// A subpath's span along the total length and the range of its measured segments.
private struct MeasuredSubpath: Sendable {
  var subpath: PathSubpath
  var segmentRange: Range<Int>
  var startDistance: Double
  var endDistance: Double
}

/// A segment with a table from curve parameter to arc length, built by adaptive flattening.
private struct MeasuredSegment: Sendable {
  let segment: PathSegment
  let startDistance: Double
  let length: Double
  /// Parameters of the flattened pieces' ends, from 0 to 1.
  private let parameters: [Double]
  /// Arc length from the segment's start to each entry of `parameters`.
  private let distances: [Double]

  var endDistance: Double { startDistance + length }

  init(_ segment: PathSegment, startDistance: Double, tolerance: Double) {
    self.segment = segment
    self.startDistance = startDistance
    var parameters: [Double] = [0]
    if case .line = segment {
      parameters.append(1)
    } else {
      MeasuredSegment.flatten(
        segment, from: 0, to: 1, tolerance: tolerance, depth: 0, into: &parameters)
    }
    var distances: [Double] = [0]
    for index in 1..<parameters.count {
      distances.append(
        distances[index - 1]
          + segment.arcLength(from: parameters[index - 1], to: parameters[index]))
    }
    self.parameters = parameters
    self.distances = distances
    self.length = distances.last!
  }

  /// Appends the end parameters of pieces of [t0, t1] flat within `tolerance`. At least four
  /// pieces per curve keep quadrature error negligible even for a loose tolerance.
  private static func flatten(
    _ segment: PathSegment, from t0: Double, to t1: Double, tolerance: Double, depth: Int,
    into parameters: inout [Double]
  ) {
    let isFlat = depth >= 2 && segment.subsegment(from: t0, to: t1).isFlat(tolerance: tolerance)
    if isFlat || depth >= 16 {
      parameters.append(t1)
      return
    }
    let middle = (t0 + t1) / 2
    flatten(
      segment, from: t0, to: middle, tolerance: tolerance, depth: depth + 1, into: &parameters)
    flatten(
      segment, from: middle, to: t1, tolerance: tolerance, depth: depth + 1, into: &parameters)
  }

  /// The curve parameter where the arc length from the start reaches `distance`: a binary search
  /// of the piece table, then safeguarded Newton steps inside the piece.
  func parameter(atDistance distance: Double) -> Double {
    if distance <= 0 { return 0 }
    if distance >= length { return 1 }
    if case .line = segment { return distance / length }
    var (low, high) = (0, distances.count - 1)
    while high - low > 1 {
      let middle = (low + high) / 2
      if distances[middle] <= distance { low = middle } else { high = middle }
    }
    let (t0, t1) = (parameters[low], parameters[high])
    let (d0, d1) = (distances[low], distances[high])
    let target = distance - d0
    var (lower, upper) = (t0, t1)
    var t = t0 + (t1 - t0) * (d1 > d0 ? target / (d1 - d0) : 0.5)
    for _ in 0..<20 {
      let error = segment.arcLength(from: t0, to: t) - target
      if abs(error) <= 1e-12 * max(length, 1) { break }
      if error > 0 { upper = t } else { lower = t }
      let d = segment.derivative(at: t)
      let speed = hypot(d.x, d.y)
      var next = speed > 0 ? t - error / speed : (lower + upper) / 2
      if !(next > lower && next < upper) { next = (lower + upper) / 2 }
      if next == t { break }
      t = next
    }
    return t
  }
}

// MARK: - Path conveniences

extension Path {
  /// The total arc length of all subpaths, closing segments included.
  public var length: Double { PathMeasure(self).length }

  /// The part of the path between two fractions of its length; see `PathMeasure.trimmed`.
  public func trimmed(from start: Double, to end: Double) -> Path {
    PathMeasure(self).trimmed(from: start, to: end)
  }
}
