import FlipbookGraphics
import FlipbookTiming
import Foundation

// MARK: - KeyframeAnimation

/// Animates one property through a list of values, or a point property along a path
/// (`CAKeyframeAnimation`).
///
/// `keyTimes` place the values in time (fractions 0...1, n entries for n values, n+1 for discrete);
/// `timingFunctions` shape each segment after the animation's own `timingFunction` has shaped the whole.
/// `calculationMode` is linear, discrete (steps), paced (constant speed: key times from the distances
/// between values, keyTimes and timing functions ignored), cubic (a Kochanek–Bartels spline through the
/// values, shaped by tension, continuity and bias) or cubicPaced. With a `path` (point properties only)
/// every line or curve end point is a keyframe and points move along the segments; paced modes move at
/// constant speed along the whole path by arc length, and `rotationMode` turns the layer to the tangent.
public struct KeyframeAnimation<Value: Animatable>: LayerAnimation {
  /// The property animated.
  public var keyPath: AnimationKeyPath<Value>
  /// The keyframe values, in order; ignored when `path` is set.
  public var values: [Value]
  /// A path whose points a point property follows, instead of `values`.
  public var path: Path?
  /// Each keyframe's time as a fraction of the duration; nil spaces them evenly.
  public var keyTimes: [Double]?
  /// The curve of each segment between keyframes; nil: linear.
  public var timingFunctions: [TimingFunction]?
  /// How values between keyframes are computed.
  public var calculationMode: CalculationMode = .linear
  /// Whether a layer moving along `path` turns to its tangent.
  public var rotationMode: RotationMode?
  /// The cubic modes' tension per keyframe (Kochanek–Bartels); nil: 0.
  public var tensionValues: [Double]?
  /// The cubic modes' continuity per keyframe; nil: 0.
  public var continuityValues: [Double]?
  /// The cubic modes' bias per keyframe; nil: 0.
  public var biasValues: [Double]?
  /// Whether the animated value is added to the model value rather than replacing it.
  public var isAdditive = false
  /// Whether each completed repeat adds the last value, so repeats build on each other.
  public var isCumulative = false
  public var timing = MediaTiming()
  public var timingFunction: TimingFunction?
  public var isRemovedOnCompletion = true
  public var completion: ((Bool) -> Void)?

  /// A keyframe animation of `keyPath` through `values`; a `duration` of 0 takes the transaction's.
  public init(keyPath: AnimationKeyPath<Value>, values: [Value] = [], duration: Double = 0) {
    self.keyPath = keyPath
    self.values = values
    self.timing.duration = duration
  }

  public var keyPathNames: [String] { [keyPath.name] }
  public var typeName: String { "keyframe" }

  public mutating func prepare(onScreen: Layer, defaultDuration: Double) {
    if timing.duration <= 0 { timing.duration = defaultDuration }
  }

  public func validate(for layer: Layer) -> String? {
    guard keyPath.applies(layer) else { return "\(layer.kindDescription) has no property \"\(keyPath.name)\"" }
    if let path {
      guard Value.self == CGPoint.self else { return "a path can only drive a point property such as \"position\"" }
      guard !path.isEmpty else { return "the path is empty" }
      return nil
    }
    guard !values.isEmpty else { return "a keyframe animation needs values or a path" }
    if let keyTimes,
      let problem = KeyframeTimeline.validate(keyTimes: keyTimes, count: values.count, mode: calculationMode)
    {
      return problem
    }
    // Discrete and paced animations ignore timing functions (`KeyframeTimeline`), so their count does not matter:
    // lottie-ios leaves a discrete animation one per keyframe interval after dropping its last value
    // (`CALayer+addAnimation.swift`, 4.6.1).
    if let timingFunctions, !timingFunctions.isEmpty, calculationMode != .discrete, !calculationMode.isPaced,
      timingFunctions.count != max(values.count - 1, 1)
    {
      return "timingFunctions must have \(max(values.count - 1, 1)) entries for \(values.count) values"
    }
    if calculationMode == .cubic || calculationMode == .cubicPaced, values.first?.components.isEmpty ?? true {
      return "\(calculationMode.rawValue) needs numeric values"
    }
    return nil
  }

  public func apply(to presentation: Layer, parentTime: Double) {
    guard !isRemoved(at: parentTime), let (fraction, iteration) = progress(at: parentTime) else { return }
    let current = keyPath.get(presentation)
    var value: Value
    var angle: Double?
    if let path, Value.self == CGPoint.self {
      let (point, tangent) = Self.along(
        path, fraction: fraction, mode: calculationMode, keyTimes: keyTimes, timingFunctions: timingFunctions)
      value = point as! Value
      angle = tangent
    } else {
      guard let v = valueAt(fraction) else { return }
      value = v
    }
    if isCumulative, iteration > 0, let last = values.last { value = value.adding(last.scaled(by: Double(iteration))) }
    if isAdditive { value = current.adding(value) }
    keyPath.set(presentation, value)
    if let angle, let rotationMode {
      let turn = rotationMode == .autoReverse ? angle + .pi : angle
      presentation.transform = Transform3D(rotationAngle: turn, x: 0, y: 0, z: 1).concatenating(presentation.transform)
    }
  }

  /// The value at a global fraction of the values list.
  func valueAt(_ fraction: Double) -> Value? {
    guard let first = values.first else { return nil }
    guard values.count > 1 else { return first }
    let distances = zip(values, values.dropFirst()).map { $0.distance(to: $1) }
    let timeline = KeyframeTimeline(
      count: values.count, keyTimes: keyTimes, mode: calculationMode, timingFunctions: timingFunctions,
      distances: distances)
    let (index, local) = timeline.locate(fraction)
    switch calculationMode {
    case .discrete:
      return values[min(index, values.count - 1)]
    case .cubic, .cubicPaced:
      let vectors = values.map(\.components)
      let (incoming, outgoing) = CubicSpline.tangents(
        values: vectors, tension: tensionValues, continuity: continuityValues, bias: biasValues)
      let i = min(index, values.count - 2)
      let c = CubicSpline.interpolate(
        vectors[i], vectors[i + 1], outgoing: outgoing[i], incoming: incoming[i + 1], t: local)
      return first.with(components: c)
    case .linear, .paced:
      let i = min(index, values.count - 2)
      return values[i].interpolated(to: values[i + 1], fraction: local)
    }
  }

  /// A point and the tangent's angle at `fraction` of an animation along `path`.
  static func along(
    _ path: Path, fraction: Double, mode: CalculationMode, keyTimes: [Double]?, timingFunctions: [TimingFunction]?
  ) -> (CGPoint, Double) {
    let whole = PathMeasure(path)
    if mode == .paced || mode == .cubicPaced {
      return (whole.point(atFraction: fraction), whole.angle(atFraction: fraction))
    }
    // Each line or curve is one keyframe segment; find the segment, then move along it by arc length.
    var segments = path.keyframeSegments
    guard !segments.isEmpty else { return (whole.point(atFraction: 0), 0) }
    var keyTimes = keyTimes
    var timingFunctions = timingFunctions
    if let given = keyTimes,
      let keyed = KeyedVertices(keyTimes: given, timingFunctions: timingFunctions, segments: segments, mode: mode)
    {
      (segments, keyTimes, timingFunctions) = (keyed.segments, keyed.keyTimes, keyed.timingFunctions)
    }
    let timeline = KeyframeTimeline(
      count: segments.count + 1, keyTimes: keyTimes, mode: mode, timingFunctions: timingFunctions,
      distances: segments.map { PathMeasure($0).length })
    let (index, local) = timeline.locate(fraction)
    if mode == .discrete {
      // Hold keyframe `index`: the path's start, then each segment's end point.
      let measure = PathMeasure(segments[max(0, min(index, segments.count) - 1)])
      let end = index == 0 ? 0.0 : 1.0
      return (measure.point(atFraction: end), measure.angle(atFraction: end))
    }
    return segments[min(index, segments.count - 1)].parametricPoint(at: local)
  }
}

/// A path animation's key times read as Core Animation reads them when they do not fit the path: one key time per
/// vertex of the path (its start, then each segment's end), vertices beyond the last key time unused, the first
/// vertex shown before the first key time and the last keyed vertex after the last one.
///
/// lottie-ios relies on this reading: it moves a layer along a path through its position keyframes, closed with
/// `closeSubpath()`, with one key time per keyframe that need not start at 0 nor end at 1 (it pads only
/// value-based key times: `Sources/Private/CoreAnimation/Animations/CALayer+addAnimation.swift`, 4.6.1), and iOS
/// draws those animations with the layer resting on its first and last keyframes outside them. Flipbook writes
/// that reading out as an explicit path, padded with resting segments, whose key times are valid.
struct KeyedVertices {
  /// The segments to move along: the keyed ones, with a resting segment before and after where needed.
  let segments: [Path]
  /// Valid key times for `segments` (one per vertex, one more for discrete).
  let keyTimes: [Double]
  /// Timing functions for `segments`, linear for the resting ones.
  let timingFunctions: [TimingFunction]?

  /// nil when the key times already fit the path as given (or cannot be read at all: then they are ignored, as
  /// `KeyframeTimeline` does).
  init?(keyTimes given: [Double], timingFunctions: [TimingFunction]?, segments all: [Path], mode: CalculationMode) {
    guard !mode.isPaced, KeyframeTimeline.validate(keyTimes: given, count: all.count + 1, mode: mode) != nil,
      !given.isEmpty, given.count <= all.count + 1, given.allSatisfy({ $0.isFinite }),
      !zip(given, given.dropFirst()).contains(where: { $0 > $1 })
    else { return nil }
    func resting(at point: CGPoint) -> Path {
      var piece = Path()
      piece.move(to: point)
      piece.addLine(to: point)
      return piece
    }
    let start = Self.start(of: all[0])
    // Vertex i is the path's start (i = 0) or the end of segment i − 1.
    let used = Array(all.prefix(given.count - 1))
    let lastVertex = used.last?.currentPoint ?? start
    var segments = used
    var keyTimes = given
    var functions = timingFunctions.map { Array($0.prefix(used.count)) }
    if mode == .discrete {
      // One value per vertex, held from its key time to the next; the last keyed vertex to the end.
      keyTimes.append(1)
    }
    if given[0] > 0 {
      segments.insert(resting(at: start), at: 0)
      keyTimes.insert(0, at: 0)
      functions?.insert(.linear, at: 0)
    }
    if mode != .discrete, given[given.count - 1] < 1 || given.count == 1 {
      segments.append(resting(at: lastVertex))
      keyTimes.append(1)
      functions?.append(.linear)
    }
    if segments.isEmpty { segments = [resting(at: start)] }
    guard KeyframeTimeline.validate(keyTimes: keyTimes, count: segments.count + 1, mode: mode) == nil else {
      return nil
    }
    self.segments = segments
    self.keyTimes = keyTimes
    self.timingFunctions = functions
  }

  /// Where a one-segment path starts.
  private static func start(of segment: Path) -> CGPoint {
    if case .move(let point) = segment.elements.first { return point }
    return .zero
  }
}

extension Path {
  /// The point and tangent angle at parameter `t` (0...1) of a one-segment path, evaluated as the segment's
  /// Bézier polynomial rather than by arc length: within one keyframe segment of a non-paced path animation Core
  /// Animation moves by the curve's parameter, so a layer slows where the control points bunch up (only the
  /// paced modes give constant speed, Apple's `CAKeyframeAnimation.calculationMode` documentation). Measured
  /// against lottie-ios's references: TypeFace/A at progress 0.25 sits where the parameter, not the arc length,
  /// puts it.
  func parametricPoint(at t: Double) -> (CGPoint, Double) {
    var start = CGPoint.zero
    for element in elements {
      switch element {
      case .move(let p):
        start = p
      case .line(let p):
        let point = CGPoint(x: start.x + (p.x - start.x) * t, y: start.y + (p.y - start.y) * t)
        return (point, atan2(p.y - start.y, p.x - start.x))
      case .quadCurve(let c, let p):
        let u = 1 - t
        let point = CGPoint(
          x: u * u * start.x + 2 * u * t * c.x + t * t * p.x, y: u * u * start.y + 2 * u * t * c.y + t * t * p.y)
        let d = CGPoint(
          x: 2 * u * (c.x - start.x) + 2 * t * (p.x - c.x), y: 2 * u * (c.y - start.y) + 2 * t * (p.y - c.y))
        return (point, Self.angle(d, fallback: start, to: p))
      case .curve(let c1, let c2, let p):
        let u = 1 - t
        let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
        let point = CGPoint(
          x: a * start.x + b * c1.x + c * c2.x + d * p.x, y: a * start.y + b * c1.y + c * c2.y + d * p.y)
        let (da, db, dc) = (3 * u * u, 6 * u * t, 3 * t * t)
        let tangent = CGPoint(
          x: da * (c1.x - start.x) + db * (c2.x - c1.x) + dc * (p.x - c2.x),
          y: da * (c1.y - start.y) + db * (c2.y - c1.y) + dc * (p.y - c2.y))
        return (point, Self.angle(tangent, fallback: start, to: p))
      case .close:
        break
      }
    }
    return (start, 0)
  }

  /// The direction of `tangent`, or of the chord where the tangent vanishes (a control point on its end point).
  private static func angle(_ tangent: CGPoint, fallback from: CGPoint, to: CGPoint) -> Double {
    if abs(tangent.x) > 1e-12 || abs(tangent.y) > 1e-12 { return atan2(tangent.y, tangent.x) }
    return atan2(to.y - from.y, to.x - from.x)
  }

  /// Each line or curve of the path as its own one-segment path (moves start segments but are not
  /// keyframes; a close is a line back to the subpath's start).
  var keyframeSegments: [Path] {
    var result: [Path] = []
    var current = CGPoint.zero
    var start = CGPoint.zero
    for element in elements {
      var piece = Path()
      piece.move(to: current)
      switch element {
      case .move(let p):
        current = p
        start = p
        continue
      case .line(let p):
        piece.addLine(to: p)
        current = p
      case .quadCurve(let c, let p):
        piece.addQuadCurve(to: p, control: c)
        current = p
      case .curve(let c1, let c2, let p):
        piece.addCurve(to: p, control1: c1, control2: c2)
        current = p
      case .close:
        guard current != start else { continue }
        piece.addLine(to: start)
        current = start
      }
      result.append(piece)
    }
    return result
  }
}
