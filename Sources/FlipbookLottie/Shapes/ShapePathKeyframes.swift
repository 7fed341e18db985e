import FlipbookGraphics
import FlipbookLayers
import Foundation

// MARK: - Path keyframes

/// The most times a path is repeated so a trim can reach past its end: an offset of 100 turns already draws a
/// hundred copies; more only costs memory (lottie-ios sets no bound).
let maxTrimPathMultiplier = 100

extension PlacedShapeItem {
  /// The `path` keyframes of a path-drawing item, as lottie-ios computes them for its `CAShapeLayer`
  /// (lottie-ios Sources/Private/CoreAnimation/Animations/ShapeAnimation.swift, CustomPathAnimation.swift,
  /// RectangleAnimation.swift, EllipseAnimation.swift, StarAnimation.swift, CombinedShapeAnimation.swift, 4.6.1):
  /// the item's animated properties combined into one path per keyframe, rounded by `roundedCorners` where
  /// lottie-ios rounds, and repeated `multiplier` times for trims. Reports what lottie-ios refuses: rounded
  /// corners on a combined path or a polystar.
  func pathKeyframes(
    multiplier: Int, roundedCorners: ShapeRoundedCorners?, context: LottieBuildContext
  ) -> LottieKeyframes<Path>? {
    let times = min(max(multiplier, 1), maxTrimPathMultiplier)
    switch item {
    case .path(let shape):
      if let roundedCorners, roundedCorners.radius.keyframes.contains(where: { $0.value > 0 }),
        let paths = CombinableKeyframes(shape.path, interpolate: ShapeInterpolation.path),
        let radii = CombinableKeyframes(roundedCorners.radius, interpolate: ShapeInterpolation.number)
      {
        return ShapeKeyframes.combined([paths, radii]) { values in
          let path = values[0] as! LottieBezierPath
          return path.roundingCorners(radius: values[1] as! Double).path.duplicated(times: times)
        }
      }
      return shape.path.map { $0.path.duplicated(times: times) }

    case .rectangle(let rectangle):
      guard let size = CombinableKeyframes(rectangle.size, interpolate: ShapeInterpolation.vector),
        let position = CombinableKeyframes(rectangle.position, interpolate: ShapeInterpolation.vector),
        let radius = CombinableKeyframes(
          roundedCorners?.radius ?? rectangle.cornerRadius, interpolate: ShapeInterpolation.number)
      else { return nil }
      return ShapeKeyframes.combined([size, position, radius]) { values in
        LottieBezierPath.rectangle(
          position: (values[1] as! LottieVector).point, size: (values[0] as! LottieVector).size,
          cornerRadius: values[2] as! Double, direction: rectangle.direction
        ).path.duplicated(times: times)
      }

    case .ellipse(let ellipse):
      guard let size = CombinableKeyframes(ellipse.size, interpolate: ShapeInterpolation.vector),
        let position = CombinableKeyframes(ellipse.position, interpolate: ShapeInterpolation.vector)
      else { return nil }
      return ShapeKeyframes.combined([size, position]) { values in
        LottieBezierPath.ellipse(
          size: (values[0] as! LottieVector).size, center: (values[1] as! LottieVector).point,
          direction: ellipse.direction
        ).path.duplicated(times: times)
      }

    case .polystar(let star):
      if roundedCorners != nil { context.report("rounded corners on a star or polygon (iOS draws them sharp)") }
      let parts = [
        CombinableKeyframes(star.position, interpolate: ShapeInterpolation.vector),
        CombinableKeyframes(star.outerRadius, interpolate: ShapeInterpolation.number),
        CombinableKeyframes(star.innerRadius, interpolate: ShapeInterpolation.number),
        CombinableKeyframes(star.outerRoundness, interpolate: ShapeInterpolation.number),
        CombinableKeyframes(star.innerRoundness, interpolate: ShapeInterpolation.number),
        CombinableKeyframes(star.points, interpolate: ShapeInterpolation.number),
        CombinableKeyframes(star.rotation, interpolate: ShapeInterpolation.number),
      ]
      let present = parts.compactMap { $0 }
      guard present.count == parts.count, star.kind != .none else { return nil }
      return ShapeKeyframes.combined(present) { v in
        let position = (v[0] as! LottieVector).point
        let (outer, inner, outerRound, innerRound) = (
          v[1] as! Double, v[2] as! Double, v[3] as! Double, v[4] as! Double
        )
        let (points, rotation) = (v[5] as! Double, v[6] as! Double)
        let bezier =
          star.kind == .star
          ? LottieBezierPath.star(
            position: position, outerRadius: outer, innerRadius: inner, outerRoundness: outerRound,
            innerRoundness: innerRound, points: points, rotation: rotation, direction: star.direction)
          : LottieBezierPath.polygon(
            position: position, points: points, outerRadius: outer, outerRoundness: outerRound, rotation: rotation,
            direction: star.direction)
        return bezier.path.duplicated(times: times)
      }

    default:
      return nil
    }
  }
}

/// The `path` keyframes of several `sh` items drawn as one path (so an even-odd fill sees their overlaps), as
/// lottie-ios's `CombinedShapeItem` draws them: the paths' keyframes combined, each path repeated `multiplier`
/// times, added one after another.
func combinedPathKeyframes(_ shapes: [ShapePath], multiplier: Int) -> LottieKeyframes<Path>? {
  let times = min(max(multiplier, 1), maxTrimPathMultiplier)
  let parts = shapes.compactMap { CombinableKeyframes($0.path, interpolate: ShapeInterpolation.path) }
  guard parts.count == shapes.count, !parts.isEmpty else { return nil }
  return ShapeKeyframes.combined(parts) { values in
    var path = Path()
    for bezier in values { path.append((bezier as! LottieBezierPath).path.duplicated(times: times)) }
    return path
  }
}

// MARK: - Trims

/// A trim as `strokeStart`/`strokeEnd` keyframes (fractions of a path repeated `multiplier` times).
struct TrimStrokeKeyframes {
  /// `strokeStart`, 0…1 of the repeated path.
  var start: LottieKeyframes<Double>
  /// `strokeEnd`, 0…1 of the repeated path.
  var end: LottieKeyframes<Double>
  /// How many times the path is repeated so that an offset trim can wrap past its end.
  var multiplier: Int
}

extension ShapeTrim {
  /// The trim as Core Animation can draw it, exactly as lottie-ios converts it (`Trim.caShapeLayerKeyframes`,
  /// lottie-ios Sources/Private/CoreAnimation/Animations/ShapeAnimation.swift, 4.6.1):
  ///
  /// - `strokeStart` must not exceed `strokeEnd`: if the start is at or after the end at every keyframe time the
  ///   two swap; if they cross, they are sampled together and ordered at each sample;
  /// - the offset (degrees, 360° = the whole path) is added to both, as a percentage;
  /// - if the result reaches past 100 % or below 0 %, the path is repeated enough times to hold the whole span
  ///   and the values shifted up by whole lengths to be non-negative;
  /// - percentages become fractions of the repeated path.
  var strokeKeyframes: TrimStrokeKeyframes {
    var start = self.start
    var end = self.end
    if startAndEndAllSatisfy(<=) {
      // As given.
    } else if startAndEndAllSatisfy(>=) {
      swap(&start, &end)
    } else if let s = CombinableKeyframes(start, interpolate: ShapeInterpolation.number),
      let e = CombinableKeyframes(end, interpolate: ShapeInterpolation.number)
    {
      let ordered = ShapeKeyframes.combined([s, e]) { v in
        (min(v[0] as! Double, v[1] as! Double), max(v[0] as! Double, v[1] as! Double))
      }
      start = ordered.map(\.0)
      end = ordered.map(\.1)
    }

    guard offset.keyframes.contains(where: { $0.value != 0 }),
      let s = CombinableKeyframes(start, interpolate: ShapeInterpolation.number),
      let e = CombinableKeyframes(end, interpolate: ShapeInterpolation.number),
      let o = CombinableKeyframes(offset, interpolate: ShapeInterpolation.number)
    else {
      return TrimStrokeKeyframes(start: start.map { $0 / 100 }, end: end.map { $0 / 100 }, multiplier: 1)
    }
    let shifted = ShapeKeyframes.combined([s, e, o]) { v in
      let offsetPercent = (v[2] as! Double) / 360 * 100
      return ((v[0] as! Double) + offsetPercent, (v[1] as! Double) + offsetPercent)
    }
    var adjustedStart = shifted.map(\.0)
    var adjustedEnd = shifted.map(\.1)
    let minimumMultiplier = floor((adjustedStart.keyframes.map(\.value).min() ?? 0) / 100)
    let maximumMultiplier = ceil((adjustedEnd.keyframes.map(\.value).max() ?? 100) / 100)
    if minimumMultiplier < 0 {
      adjustedStart = adjustedStart.map { $0 + abs(minimumMultiplier) * 100 }
      adjustedEnd = adjustedEnd.map { $0 + abs(minimumMultiplier) * 100 }
    }
    let wanted = abs(maximumMultiplier) + abs(minimumMultiplier)
    let multiplier = wanted.isFinite ? Int(min(max(wanted, 1), Double(maxTrimPathMultiplier))) : 1
    let divisor = Double(multiplier)
    return TrimStrokeKeyframes(
      start: adjustedStart.map { $0 / divisor / 100 }, end: adjustedEnd.map { $0 / divisor / 100 },
      multiplier: multiplier)
  }

  /// Whether `condition(start, end)` holds at every keyframe time of either (lottie-ios
  /// `startAndEndValuesAllSatisfy`).
  private func startAndEndAllSatisfy(_ condition: (Double, Double) -> Bool) -> Bool {
    let frames = Set(start.keyframes.map(\.frame) + end.keyframes.map(\.frame))
    for frame in frames {
      guard let s = start.value(atFrame: frame, interpolate: ShapeInterpolation.number),
        let e = end.value(atFrame: frame, interpolate: ShapeInterpolation.number)
      else { continue }
      if !condition(s, e) { return false }
    }
    return true
  }
}
