import Foundation
import Testing

@testable import FlipbookGraphics

// MARK: - Helpers

private func isClose(_ a: Double, _ b: Double, within tolerance: Double = 1e-6) -> Bool {
  abs(a - b) <= tolerance
}

private func isClose(_ a: CGPoint, _ b: CGPoint, within tolerance: Double = 1e-6) -> Bool {
  abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

private func isClose(_ a: CGRect, _ b: CGRect, within tolerance: Double = 1e-9) -> Bool {
  isClose(a.origin, b.origin, within: tolerance)
    && isClose(a.width, b.width, within: tolerance)
    && isClose(a.height, b.height, within: tolerance)
}

/// How much longer than 2πr a circle drawn as four kappa cubics is, relative to 2πr.
private let bezierCircleExcess = 1.4029e-4

private func circle(center: CGPoint, radius: Double) -> Path {
  Path(
    ellipseIn: CGRect(
      x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius))
}

// MARK: - Building

@Suite struct PathBuildingTests {
  @Test func rectHasFourCornersClockwiseOnScreen() {
    let path = Path(rect: CGRect(x: 1, y: 2, width: 10, height: 20))
    #expect(
      path.elements == [
        .move(CGPoint(x: 1, y: 2)), .line(CGPoint(x: 11, y: 2)), .line(CGPoint(x: 11, y: 22)),
        .line(CGPoint(x: 1, y: 22)), .close,
      ])
    #expect(path.currentPoint == CGPoint(x: 1, y: 2))
  }

  @Test func emptyPathHasNoCurrentPointAndNullBounds() {
    let path = Path()
    #expect(path.isEmpty)
    #expect(path.currentPoint == nil)
    #expect(path.bounds.isNull)
    #expect(path.length == 0)
  }

  @Test func lineWithoutCurrentPointIsIgnored() {
    var path = Path()
    path.addLine(to: CGPoint(x: 5, y: 5))
    #expect(path.isEmpty)
  }

  @Test func segmentAfterCloseReopensAtSubpathStart() {
    var path = Path()
    path.move(to: CGPoint(x: 0, y: 0))
    path.addLine(to: CGPoint(x: 10, y: 0))
    path.closeSubpath()
    path.closeSubpath()
    path.addLine(to: CGPoint(x: 0, y: 10))
    #expect(
      path.elements == [
        .move(.zero), .line(CGPoint(x: 10, y: 0)), .close, .move(.zero),
        .line(CGPoint(x: 0, y: 10)),
      ])
  }

  @Test func ellipseStartsAtThreeOClockAndHeadsDown() throws {
    let path = Path(ellipseIn: CGRect(x: 0, y: 0, width: 40, height: 20))
    #expect(path.elements.first == .move(CGPoint(x: 40, y: 10)))
    guard case .curve(let c1, _, let end) = path.elements[1] else {
      Issue.record("expected a cubic")
      return
    }
    #expect(end == CGPoint(x: 20, y: 20))
    #expect(c1.y > 10)
    #expect(path.elements.count == 6)
    #expect(path.elements.last == .close)
  }

  @Test func clockwiseArcIncreasesAngleAndTurnsClockwiseOnScreen() {
    var path = Path()
    path.addArc(
      center: CGPoint(x: 50, y: 50), radius: 10, startAngle: 0, endAngle: .pi / 2,
      clockwise: true)
    #expect(path.elements.first == .move(CGPoint(x: 60, y: 50)))
    #expect(path.elements.count == 2)
    #expect(isClose(path.currentPoint!, CGPoint(x: 50, y: 60)))
    // The midpoint of a quarter arc is on the circle at 45°.
    let middle = PathMeasure(path).point(atFraction: 0.5)
    #expect(isClose(middle, CGPoint(x: 50 + 10 / 2.0.squareRoot(), y: 50 + 10 / 2.0.squareRoot())))
    #expect(isClose(path.length, 10 * .pi / 2 * (1 + bezierCircleExcess), within: 1e-6))
  }

  @Test func counterclockwiseArcTakesTheLongWayWhenAngleIncreases() {
    var path = Path()
    path.addArc(
      center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
    // 270° in at most 90° pieces: three cubics.
    #expect(path.elements.count == 4)
    #expect(isClose(path.currentPoint!, CGPoint(x: 0, y: 10)))
    #expect(isClose(PathMeasure(path).point(atFraction: 1.0 / 3), CGPoint(x: 0, y: -10)))
    #expect(isClose(path.length, 10 * .pi * 1.5 * (1 + bezierCircleExcess), within: 1e-5))
  }

  @Test func arcAfterCurrentPointAddsJoiningLine() {
    var path = Path()
    path.move(to: .zero)
    path.addArc(
      center: CGPoint(x: 20, y: 0), radius: 10, startAngle: .pi, endAngle: 2 * .pi,
      clockwise: true)
    #expect(path.elements[1] == .line(CGPoint(x: 10, y: 1.2246467991473533e-15)))
    #expect(isClose(path.currentPoint!, CGPoint(x: 30, y: 0)))
    #expect(isClose(path.bounds, CGRect(x: 0, y: -10, width: 30, height: 10), within: 1e-3))
  }

  @Test func roundedRectClampsRadiusToHalfTheShorterSide() {
    let capsule = Path(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 20), cornerRadius: 50)
    // Two straight edges of 80 and two semicircles of radius 10.
    #expect(isClose(capsule.length, 2 * 80 + 2 * .pi * 10 * (1 + bezierCircleExcess), within: 1e-5))
    #expect(isClose(capsule.bounds, CGRect(x: 0, y: 0, width: 100, height: 20)))
    #expect(capsule.elements.first == .move(CGPoint(x: 10, y: 0)))
  }

  @Test func roundedRectLength() {
    let path = Path(roundedRect: CGRect(x: 10, y: 10, width: 100, height: 60), cornerRadius: 10)
    let expected: Double = 2 * (80 + 40) + 2 * .pi * 10
    // The corners are cubic quarter circles, slightly longer than true ones.
    #expect(abs(path.length - expected) / expected < 1e-4)
    #expect(isClose(path.bounds, CGRect(x: 10, y: 10, width: 100, height: 60)))
  }

  @Test func applyingTransformMapsEveryPoint() {
    let path = Path(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
    let moved = path.applying(Transform2D(translationX: 5, y: 0).scaledBy(x: 2, y: 3))
    // Scaled first, then translated.
    #expect(isClose(moved.bounds, CGRect(x: 5, y: 0, width: 20, height: 30)))
    #expect(path.applying(.identity) == path)
  }
}

// MARK: - Bounds

@Suite struct PathBoundsTests {
  @Test func ellipseBoundsAreExact() {
    let rect = CGRect(x: -7, y: 3, width: 40, height: 12)
    #expect(isClose(Path(ellipseIn: rect).bounds, rect, within: 1e-12))
  }

  @Test func cubicBoundsUseExtremaNotControlPoints() {
    var path = Path()
    path.move(to: .zero)
    path.addCurve(
      to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 0, y: 100), control2: CGPoint(x: 100, y: 100))
    // The top of the arch is at t = 0.5: 3·0.25·0.5·100·2 = 75.
    #expect(isClose(path.bounds, CGRect(x: 0, y: 0, width: 100, height: 75), within: 1e-12))
  }

  @Test func cubicBoundsWithExtremaOnBothAxes() {
    var path = Path()
    path.move(to: .zero)
    path.addCurve(
      to: CGPoint(x: 0, y: 0), control1: CGPoint(x: 90, y: -30), control2: CGPoint(x: 90, y: 30))
    // x(t) = 270 t(1−t): max 67.5 at t = 0.5. y(t) = 90 t(1−t)(2t−1): extrema where
    // 6t² − 6t + 1 = 0, i.e. t = 1/2 ± √3/6, symmetric about zero.
    let t = 0.5 - 3.0.squareRoot() / 6
    let y = 3 * (1 - t) * (1 - t) * t * -30 + 3 * (1 - t) * t * t * 30
    let bounds = path.bounds
    #expect(isClose(bounds.maxX, 67.5, within: 1e-9))
    #expect(isClose(bounds.minY, -abs(y), within: 1e-9))
    #expect(isClose(bounds.maxY, abs(y), within: 1e-9))
    #expect(bounds.minX == 0)
  }

  @Test func quadBoundsUseExtremum() {
    var path = Path()
    path.move(to: .zero)
    path.addQuadCurve(to: CGPoint(x: 10, y: 0), control: CGPoint(x: 5, y: -10))
    #expect(isClose(path.bounds, CGRect(x: 0, y: -5, width: 10, height: 5), within: 1e-12))
  }
}

// MARK: - Measurement

@Suite struct PathMeasureTests {
  @Test(arguments: [0.5, 10, 100, 2000])
  func circleLengthIsTwoPiR(radius: Double) {
    let length = circle(center: CGPoint(x: 3, y: 4), radius: radius).length
    // Four kappa cubics bulge up to 2.7e-4·r outside the true circle, which makes the drawn
    // curve 1.40e-4 longer than 2πr; the measurement reports that exactly.
    let relativeError = (length - 2 * .pi * radius) / (2 * .pi * radius)
    #expect(abs(relativeError - bezierCircleExcess) < 1e-7)
    #expect(abs(relativeError) < 1.5e-4)
  }

  @Test func cubicLengthMatchesDenseChordSum() {
    let segment = PathSegment.cubic(
      .zero, CGPoint(x: 30, y: 80), CGPoint(x: 90, y: -60), CGPoint(x: 100, y: 10))
    var path = Path()
    path.move(to: segment.start)
    path.addCurve(
      to: CGPoint(x: 100, y: 10), control1: CGPoint(x: 30, y: 80), control2: CGPoint(x: 90, y: -60))
    var chords = 0.0
    var previous = segment.start
    let steps = 200_000
    for index in 1...steps {
      let next = segment.point(at: Double(index) / Double(steps))
      chords += hypot(next.x - previous.x, next.y - previous.y)
      previous = next
    }
    // The chord sum converges from below with error O(1/steps²).
    #expect(abs(path.length - chords) / chords < 1e-8)
  }

  @Test func rectLengthIsPerimeter() {
    #expect(Path(rect: CGRect(x: 5, y: 5, width: 30, height: 12)).length == 2 * (30 + 12))
  }

  @Test func openPolylineExcludesNoClosingSegment() {
    var path = Path()
    path.move(to: .zero)
    path.addLine(to: CGPoint(x: 3, y: 4))
    #expect(path.length == 5)
    path.closeSubpath()
    #expect(path.length == 10)
  }

  @Test func quadLengthMatchesClosedForm() {
    // y = x² from 0 to 1 as a quadratic: control (0.5, 0).
    var path = Path()
    path.move(to: .zero)
    path.addQuadCurve(to: CGPoint(x: 1, y: 1), control: CGPoint(x: 0.5, y: 0))
    let exact = (5.0.squareRoot() / 2) + asinh(2) / 4
    #expect(isClose(path.length, exact, within: 1e-9))
  }

  @Test func pointAtQuarterOfRect() {
    let measure = PathMeasure(Path(rect: CGRect(x: 0, y: 0, width: 100, height: 100)))
    #expect(measure.point(atFraction: 0.25) == CGPoint(x: 100, y: 0))
    #expect(measure.point(atFraction: 0.375) == CGPoint(x: 100, y: 50))
    #expect(measure.point(atFraction: 1) == CGPoint(x: 0, y: 0))
  }

  @Test func pointAtFractionsOfEllipseGoClockwiseOnScreen() {
    let rect = CGRect(x: 0, y: 0, width: 80, height: 40)
    let measure = PathMeasure(Path(ellipseIn: rect))
    #expect(isClose(measure.point(atFraction: 0), CGPoint(x: rect.maxX, y: rect.midY)))
    #expect(isClose(measure.point(atFraction: 0.25), CGPoint(x: rect.midX, y: rect.maxY)))
    #expect(isClose(measure.point(atFraction: 0.5), CGPoint(x: rect.minX, y: rect.midY)))
    #expect(isClose(measure.point(atFraction: 0.75), CGPoint(x: rect.midX, y: rect.minY)))
  }

  @Test func pointAtEighthOfCircleIsAtFortyFiveDegrees() {
    let measure = PathMeasure(circle(center: .zero, radius: 100))
    let p = measure.point(atFraction: 0.125)
    #expect(isClose(p, CGPoint(x: 100 / 2.0.squareRoot(), y: 100 / 2.0.squareRoot()), within: 0.03))
    #expect(isClose(hypot(p.x, p.y), 100, within: 0.03))
  }

  @Test func tangentOfCircleAtStartPointsDown() {
    let measure = PathMeasure(circle(center: CGPoint(x: 10, y: 10), radius: 5))
    let tangent = measure.tangent(atFraction: 0)
    #expect(isClose(tangent.dx, 0, within: 1e-12))
    #expect(isClose(tangent.dy, 1, within: 1e-12))
    #expect(isClose(measure.angle(atFraction: 0), .pi / 2, within: 1e-12))
    // Half way round, at 9 o'clock, travel is upwards.
    #expect(isClose(measure.tangent(atFraction: 0.5).dy, -1, within: 1e-9))
  }

  @Test func tangentAtCornerIsOutgoingAndUnitLength() {
    let measure = PathMeasure(Path(rect: CGRect(x: 0, y: 0, width: 10, height: 10)))
    #expect(measure.tangent(atFraction: 0.25) == PathMeasure.Tangent(dx: 0, dy: 1))
    #expect(measure.tangent(atFraction: 1) == PathMeasure.Tangent(dx: 0, dy: -1))
    #expect(isClose(measure.angle(atFraction: 0.6), .pi, within: 1e-12))
  }

  @Test func fractionsAreClamped() {
    let measure = PathMeasure(Path(rect: CGRect(x: 0, y: 0, width: 10, height: 10)))
    #expect(measure.point(atFraction: -0.5) == CGPoint(x: 0, y: 0))
    #expect(measure.point(atFraction: 1.5) == CGPoint(x: 0, y: 0))
    #expect(measure.point(atFraction: 1.5) == measure.point(atFraction: 1))
  }

  @Test func lengthSpansSubpaths() {
    var path = Path()
    path.move(to: .zero)
    path.addLine(to: CGPoint(x: 10, y: 0))
    path.move(to: CGPoint(x: 0, y: 100))
    path.addLine(to: CGPoint(x: 0, y: 130))
    let measure = PathMeasure(path)
    #expect(measure.length == 40)
    #expect(measure.point(atFraction: 0.5) == CGPoint(x: 0, y: 110))
  }

  @Test func pathWithoutLengthGivesItsStart() {
    var path = Path()
    path.move(to: CGPoint(x: 3, y: 4))
    let measure = PathMeasure(path)
    #expect(measure.length == 0)
    #expect(measure.point(atFraction: 0.5) == CGPoint(x: 3, y: 4))
    #expect(path.bounds == CGRect(x: 3, y: 4, width: 0, height: 0))
  }
}

// MARK: - Trimming

@Suite struct PathTrimmingTests {
  private func line(from a: CGPoint, to b: CGPoint) -> Path {
    var path = Path()
    path.move(to: a)
    path.addLine(to: b)
    return path
  }

  @Test func lineTrimmedToMiddleHalf() {
    let trimmed = line(from: .zero, to: CGPoint(x: 100, y: 40)).trimmed(from: 0.25, to: 0.75)
    #expect(trimmed.elements == [.move(CGPoint(x: 25, y: 10)), .line(CGPoint(x: 75, y: 30))])
  }

  @Test func circleTrimmedToFirstHalfEndsAtNineOClock() {
    let radius = 30.0
    let trimmed = circle(center: CGPoint(x: 50, y: 50), radius: radius).trimmed(from: 0, to: 0.5)
    #expect(abs(trimmed.length - .pi * radius) / (.pi * radius) < 1.5e-4)
    #expect(isClose(trimmed.elements.first!.endPoint!, CGPoint(x: 80, y: 50)))
    #expect(isClose(trimmed.currentPoint!, CGPoint(x: 20, y: 50), within: 1e-6))
    // Still curves, and open.
    #expect(
      trimmed.elements.dropFirst().allSatisfy {
        if case .curve = $0 { true } else { false }
      })
  }

  @Test func trimmedCurvesAreSplitAtArcLengthNotPolylines() {
    let radius = 100.0
    let trimmed = circle(center: .zero, radius: radius).trimmed(from: 0.1, to: 0.2)
    #expect(trimmed.elements.count == 2)  // one move, one curve inside the first quadrant
    #expect(isClose(trimmed.length, 0.1 * 2 * .pi * radius, within: 0.1))
    let start = trimmed.elements[0].endPoint!
    let end = trimmed.currentPoint!
    #expect(isClose(atan2(start.y, start.x), 0.2 * .pi, within: 2e-3))
    #expect(isClose(atan2(end.y, end.x), 0.4 * .pi, within: 2e-3))
  }

  @Test func trimmingAcrossTwoSubpaths() {
    var path = line(from: .zero, to: CGPoint(x: 100, y: 0))
    path.move(to: CGPoint(x: 0, y: 50))
    path.addLine(to: CGPoint(x: 100, y: 50))
    let trimmed = path.trimmed(from: 0.25, to: 0.75)
    #expect(
      trimmed.elements == [
        .move(CGPoint(x: 50, y: 0)), .line(CGPoint(x: 100, y: 0)),
        .move(CGPoint(x: 0, y: 50)), .line(CGPoint(x: 50, y: 50)),
      ])
  }

  @Test func partiallyTrimmedClosedSubpathBecomesOpen() {
    let rect = Path(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
    let trimmed = rect.trimmed(from: 0.5, to: 1)
    #expect(
      trimmed.elements == [
        .move(CGPoint(x: 10, y: 10)), .line(CGPoint(x: 0, y: 10)), .line(CGPoint(x: 0, y: 0)),
      ])
  }

  @Test func fullyCoveredSubpathIsCopiedAndStaysClosed() {
    let rect = Path(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
    #expect(rect.trimmed(from: 0, to: 1) == rect)
    var two = rect
    two.addEllipse(in: CGRect(x: 20, y: 0, width: 10, height: 10))
    #expect(two.trimmed(from: 0, to: 1) == two)
  }

  @Test func startAtOrAfterEndGivesEmptyPath() {
    let path = line(from: .zero, to: CGPoint(x: 10, y: 0))
    #expect(path.trimmed(from: 0.5, to: 0.5).isEmpty)
    #expect(path.trimmed(from: 0.8, to: 0.2).isEmpty)
    #expect(path.trimmed(from: 1.5, to: 2).isEmpty)
  }

  @Test func trimFractionsAreClamped() {
    let path = line(from: .zero, to: CGPoint(x: 10, y: 0))
    #expect(path.trimmed(from: -0.5, to: 1.5) == path)
    #expect(
      path.trimmed(from: -0.5, to: 0.5).elements == [.move(.zero), .line(CGPoint(x: 5, y: 0))])
  }

  @Test func trimmedQuadStaysQuad() {
    var path = Path()
    path.move(to: .zero)
    path.addQuadCurve(to: CGPoint(x: 10, y: 0), control: CGPoint(x: 5, y: 10))
    let trimmed = path.trimmed(from: 0, to: 0.5)
    guard case .quadCurve(_, let end) = trimmed.elements.last else {
      Issue.record("expected a quadratic")
      return
    }
    // The curve is symmetric, so half its length ends at its apex.
    #expect(isClose(end, CGPoint(x: 5, y: 5), within: 1e-9))
  }
}

// MARK: - SVG

@Suite struct PathSVGTests {
  @Test func parsesEveryAbsoluteCommand() throws {
    let path = try Path(svg: "M 10 20 L 30 40 H 50 V 60 Q 70 80 90 100 C 1 2 3 4 5 6 Z")
    #expect(
      path.elements == [
        .move(CGPoint(x: 10, y: 20)), .line(CGPoint(x: 30, y: 40)), .line(CGPoint(x: 50, y: 40)),
        .line(CGPoint(x: 50, y: 60)),
        .quadCurve(control: CGPoint(x: 70, y: 80), to: CGPoint(x: 90, y: 100)),
        .curve(
          control1: CGPoint(x: 1, y: 2), control2: CGPoint(x: 3, y: 4), to: CGPoint(x: 5, y: 6)),
        .close,
      ])
  }

  @Test func parsesRelativeCommands() throws {
    let path = try Path(svg: "m10,20 l5,5 h10 v-10 q1,1 2,2 c1,0 2,0 3,0 z l1,1")
    #expect(
      path.elements == [
        .move(CGPoint(x: 10, y: 20)), .line(CGPoint(x: 15, y: 25)), .line(CGPoint(x: 25, y: 25)),
        .line(CGPoint(x: 25, y: 15)),
        .quadCurve(control: CGPoint(x: 26, y: 16), to: CGPoint(x: 27, y: 17)),
        .curve(
          control1: CGPoint(x: 28, y: 17), control2: CGPoint(x: 29, y: 17),
          to: CGPoint(x: 30, y: 17)),
        .close,
        // After z, relative commands start from the subpath's start.
        .move(CGPoint(x: 10, y: 20)), .line(CGPoint(x: 11, y: 21)),
      ])
  }

  @Test func implicitRepeatsAndCompactNumbers() throws {
    let path = try Path(svg: "M0 0 10 0 10 10 m5 5 1 1 L-.5.5 1e1-2E-1 h1 2")
    #expect(
      path.elements == [
        .move(.zero), .line(CGPoint(x: 10, y: 0)), .line(CGPoint(x: 10, y: 10)),
        .move(CGPoint(x: 15, y: 15)), .line(CGPoint(x: 16, y: 16)),
        .line(CGPoint(x: -0.5, y: 0.5)), .line(CGPoint(x: 10, y: -0.2)),
        .line(CGPoint(x: 11, y: -0.2)), .line(CGPoint(x: 13, y: -0.2)),
      ])
  }

  @Test func parsesArcAsCubicsOnTheEllipse() throws {
    // Half a circle of radius 10 from (0,0) to (20,0). Sweep 1 turns clockwise on a y-down
    // screen, so from 9 o'clock it passes 12 o'clock (y = −10); sweep 0 passes 6 o'clock.
    let path = try Path(svg: "M0 0 A10 10 0 0 0 20 0")
    #expect(path.elements.count == 3)
    #expect(path.currentPoint == CGPoint(x: 20, y: 0))
    #expect(isClose(path.bounds, CGRect(x: 0, y: 0, width: 20, height: 10), within: 1e-9))
    let swept = try Path(svg: "M0 0 a10 10 0 0 1 20 0")
    #expect(isClose(swept.bounds, CGRect(x: 0, y: -10, width: 20, height: 10), within: 1e-9))
    #expect(isClose(swept.length, 10 * .pi * (1 + bezierCircleExcess), within: 1e-5))
  }

  @Test func arcFlagsNeedNoSeparatorsAndRadiiScaleUp() throws {
    // Radius 1 cannot reach 20 away: scaled up to 10. Large arc with sweep 1 from the top.
    let path = try Path(svg: "M0 0a1 1 0 1120 0")
    #expect(path.currentPoint == CGPoint(x: 20, y: 0))
    #expect(isClose(path.length, 10 * .pi * (1 + bezierCircleExcess), within: 1e-5))
    // A zero radius is a straight line.
    #expect(
      try Path(svg: "M0 0 A0 5 0 0 1 7 0").elements == [.move(.zero), .line(CGPoint(x: 7, y: 0))])
  }

  @Test func rotatedEllipticalArcEndsExactly() throws {
    let path = try Path(svg: "M 10 0 A 20 10 30 1 0 -5 12")
    #expect(path.currentPoint == CGPoint(x: -5, y: 12))
    #expect(path.elements.count >= 3)
  }

  @Test func arcRotationTurnsTheEllipse() throws {
    // Rotated 90°, the 20-unit radius lies along y: half the ellipse from (0,0) to (0,40)
    // centred at (0,20), swept clockwise on screen, so it bulges to x = +10.
    let path = try Path(svg: "M 0 0 A 20 10 90 0 1 0 40")
    #expect(isClose(path.bounds, CGRect(x: 0, y: 0, width: 10, height: 40), within: 1e-9))
  }

  @Test func emptyAndWhitespaceStringsGiveEmptyPaths() throws {
    #expect(try Path(svg: "").isEmpty)
    #expect(try Path(svg: "  \n ").isEmpty)
  }

  @Test(arguments: [
    ("M 10 L 5 5", PathParseError.expectedNumber(offset: 5)),
    ("M 10 20 L 30 x", .expectedNumber(offset: 13)),
    ("M 10 20 L 30", .expectedNumber(offset: 12)),
    ("L 10 20", .expectedMoveTo(offset: 0)),
    ("  10 20", .expectedMoveTo(offset: 2)),
    ("M0 0 A 1 1 0 2 0 5 5", .expectedFlag(offset: 13)),
    ("M0 0 Z 5", .expectedCommand(offset: 7)),
    ("M0 0 S 1 1 2 2", .unexpectedCharacter("S", offset: 5)),
    ("M1 2e", .unexpectedCharacter("e", offset: 4)),
    ("M1 2 # 3", .unexpectedCharacter("#", offset: 5)),
    // 1e309 reads as infinity: refused where it stands, not drawn as a shape that silently vanishes.
    ("M 0 0 L 1e309 5", .numberOutOfRange("1e309", offset: 8)),
    ("M 0 0 L 5 -2e9", .numberOutOfRange("-2e9", offset: 10)),
  ])
  func parseErrorsSayWhatAndWhere(input: String, error: PathParseError) {
    #expect(throws: error) { try Path(svg: input) }
  }

  @Test func parseErrorDescriptionNamesOffset() {
    #expect(PathParseError.expectedNumber(offset: 7).description == "expected a number at offset 7")
    #expect(PathParseError.expectedNumber(offset: 7).offset == 7)
  }

  @Test func svgStringUsesAbsoluteCommandsAndCompactNumbers() throws {
    var path = Path()
    path.move(to: CGPoint(x: 10, y: -0.0))
    path.addLine(to: CGPoint(x: 2.5, y: 1e-7))
    path.addQuadCurve(to: CGPoint(x: 3, y: 4), control: CGPoint(x: 1, y: 2))
    path.addCurve(
      to: CGPoint(x: 5, y: 6), control1: CGPoint(x: 1, y: 2), control2: CGPoint(x: 3, y: 4))
    path.closeSubpath()
    #expect(path.svgString == "M 10 0 L 2.5 1e-07 Q 1 2 3 4 C 1 2 3 4 5 6 Z")
    #expect(try Path(svg: path.svgString) == path)
  }

  @Test func svgStringRoundTripsCurvedPaths() throws {
    var path = Path(roundedRect: CGRect(x: 0.1, y: 0.2, width: 33.3, height: 20), cornerRadius: 4)
    path.addEllipse(in: CGRect(x: 1, y: 1, width: 1.0 / 3, height: 2.0 / 7))
    path.addArc(center: .zero, radius: 7, startAngle: 0.3, endAngle: 2, clockwise: false)
    // The largest coordinate path data may hold, and a tiny one.
    path.addLine(to: CGPoint(x: 1e9, y: -1e-20))
    #expect(try Path(svg: path.svgString) == path)
    let parsed = try Path(svg: "M0 0 a5 3 20 1 1 7 2 z q1 1 2 0")
    #expect(try Path(svg: parsed.svgString) == parsed)
  }
}

@Suite struct PathSubpathDistanceTests {
  @Test func distanceIntoSubpathRestartsAtEachSubpath() {
    var path = Path()
    path.move(to: .zero)
    path.addLine(to: CGPoint(x: 10, y: 0))
    path.move(to: CGPoint(x: 0, y: 5))
    path.addLine(to: CGPoint(x: 30, y: 5))
    let measure = PathMeasure(path)
    #expect(measure.length == 40)
    #expect(abs(measure.distanceIntoSubpath(atFraction: 0.2) - 8) < 1e-9)
    #expect(abs(measure.distanceIntoSubpath(atFraction: 0.5) - 10) < 1e-9)
    #expect(abs(measure.distanceIntoSubpath(atFraction: 0.75) - 20) < 1e-9)
  }
}
