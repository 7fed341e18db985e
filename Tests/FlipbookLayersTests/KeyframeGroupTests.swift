import FlipbookGraphics
import FlipbookTiming
import Foundation
import Testing

@testable import FlipbookLayers

@Suite("Keyframe animations and groups")
struct KeyframeGroupTests {
  /// The airplane view's oval: radius 44 centred at (44, 44), starting at 3 o'clock and running
  /// clockwise on screen (Apple's `UIBezierPath(ovalIn:)` page).
  let oval = Path(ellipseIn: CGRect(x: 0, y: 0, width: 88, height: 88))

  @Test("Paced along the oval: equal arc length in equal time, at the expected angles")
  func pacedOval() throws {
    let (_, root, shape) = animatedTree()
    var flight = KeyframeAnimation<CGPoint>(keyPath: .position, duration: 1.5)
    flight.path = oval
    flight.calculationMode = .paced
    try shape.add(flight, forKey: "flight")
    let measure = PathMeasure(oval)
    var previous = shown(.position, of: root, "shape", at: 0)
    var steps: [Double] = []
    for i in 1...12 {
      let p = shown(.position, of: root, "shape", at: 1.5 * Double(i) / 12)
      steps.append(hypot(p.x - previous.x, p.y - previous.y))
      previous = p
    }
    #expect(steps.max()! - steps.min()! < 0.05, "equal chords: \(steps)")
    // A quarter of the time is a quarter of the way: 6 o'clock at (44, 88).
    let quarter = shown(.position, of: root, "shape", at: 0.375)
    #expect(abs(quarter.x - 44) < 0.05 && abs(quarter.y - 88) < 0.05)
    #expect(measure.length > 276 && measure.length < 277)
  }

  @Test("rotationMode auto turns the layer to the tangent; autoReverse adds a half turn")
  func rotationMode() throws {
    let (_, root, shape) = animatedTree()
    var flight = KeyframeAnimation<CGPoint>(keyPath: .position, duration: 1)
    flight.path = oval
    flight.calculationMode = .paced
    flight.rotationMode = .auto
    try shape.add(flight, forKey: "flight")
    // At 6 o'clock the path heads left: angle π.
    let angle = shown(.rotationZ, of: root, "shape", at: 0.25)
    #expect(abs(abs(angle) - .pi) < 1e-3)
    // At the start (3 o'clock) it heads down the screen: +π/2.
    #expect(abs(shown(.rotationZ, of: root, "shape", at: 0) - .pi / 2) < 1e-3)
  }

  @Test("Values with keyTimes and per-segment timing functions; discrete holds each value")
  func valuesAndKeyTimes() throws {
    let (_, root, shape) = animatedTree()
    var a = KeyframeAnimation(keyPath: .strokeEnd, values: [0, 0.5, 1], duration: 1)
    a.keyTimes = [0, 0.25, 1]
    try shape.add(a, forKey: "a")
    #expect(abs(shown(.strokeEnd, of: root, "shape", at: 0.125) - 0.25) < 1e-9)
    #expect(abs(shown(.strokeEnd, of: root, "shape", at: 0.625) - 0.75) < 1e-9)
    var steps = KeyframeAnimation(keyPath: .lineWidth, values: [1, 2, 3], duration: 1)
    steps.calculationMode = .discrete
    try shape.add(steps, forKey: "steps")
    #expect(shown(.lineWidth, of: root, "shape", at: 0.2) == 1)
    #expect(shown(.lineWidth, of: root, "shape", at: 0.5) == 2)
    #expect(shown(.lineWidth, of: root, "shape", at: 0.9) == 3)
  }

  @Test("keyTimes of the wrong length or decreasing are refused")
  func badKeyTimes() {
    let (_, root, shape) = animatedTree()
    defer { withExtendedLifetime(root) {} }
    var a = KeyframeAnimation(keyPath: .strokeEnd, values: [0, 1], duration: 1)
    a.keyTimes = [0, 0.5, 1]
    #expect(throws: AnimationError.self) { try shape.add(a, forKey: "a") }
    a.keyTimes = [0.5, 0.2]
    #expect(throws: AnimationError.self) { try shape.add(a, forKey: "a") }
  }

  @Test("Group children run in the group's time and are clipped to its duration")
  func groups() throws {
    let (_, root, shape) = animatedTree()
    // A 4 s child in a 4 s group at t = 1 → 25 %; an 8 s child in a 2 s group at t = 1 → 12.5 %;
    // a 2 s child starting 1 s into the group at t = 2 → 50 % (the group tests of DTW-Thalion/libs-quartzcore,
    // https://github.com/DTW-Thalion/libs-quartzcore; Apple's `CAAnimationGroup` reference: children are clipped to
    // the group's duration).
    let full = BasicAnimation(keyPath: .strokeEnd, from: 0, to: 1, duration: 4)
    try shape.add(AnimationGroup([full], duration: 4), forKey: "g1")
    #expect(abs(shown(.strokeEnd, of: root, "shape", at: 1) - 0.25) < 1e-12)
    let long = BasicAnimation(keyPath: .lineWidth, from: 0, to: 8, duration: 8)
    try shape.add(AnimationGroup([long], duration: 2), forKey: "g2")
    #expect(abs(shown(.lineWidth, of: root, "shape", at: 1) - 1) < 1e-12)
    var late = BasicAnimation(keyPath: .opacity, from: 0, to: 1, duration: 2)
    late.timing.beginTime = 1
    try shape.add(AnimationGroup([late], duration: 4), forKey: "g3")
    #expect(abs(shown(.opacity, of: root, "shape", at: 2) - 0.5) < 1e-12)
    #expect(shown(.opacity, of: root, "shape", at: 0.5) == 1, "before the child starts: model value")
  }

  @Test("Nested groups compose their times; a child without a duration takes its group's")
  func nested() throws {
    let (_, root, shape) = animatedTree()
    let child = BasicAnimation(keyPath: .strokeEnd, from: 0, to: 1)
    var inner = AnimationGroup([child], duration: 2)
    inner.timing.beginTime = 1
    var outer = AnimationGroup([inner], duration: 4)
    outer.timing.speed = 2
    try shape.add(outer, forKey: "outer")
    // Outer time 2 × 0.75 = 1.5; inner time 0.5 of 2 → 25 %.
    #expect(abs(shown(.strokeEnd, of: root, "shape", at: 0.75) - 0.25) < 1e-12)
  }

  /// Seed 004's two groups (sources in `AirplaneMetrics`): duration 1.5, repeating for 6.0 s. The stroke group runs
  /// strokeStart −0.5 → 1 and strokeEnd 0 → 1, so the visible arc is [0, f] for f < 1/3, then
  /// [1.5f − 0.5, f]; the flight group moves the plane paced around the oval with rotation 0 → 2π, which
  /// puts it at the stroke's head, tangent to the oval.
  @Test("The airplane view's stroke and flight groups", arguments: [0.1, 0.25, 1.0 / 3, 0.5, 0.8, 0.95])
  func seedGroups(f: Double) throws {
    let (_, root, oval) = animatedTree()
    oval.path = self.oval
    let plane = Layer()
    plane.name = "plane"
    plane.bounds = CGRect(x: 0, y: 0, width: 35, height: 35)
    oval.addSublayer(plane)

    var stroke = AnimationGroup(
      [
        BasicAnimation(keyPath: .strokeStart, from: -0.5, to: 1),
        BasicAnimation(keyPath: .strokeEnd, from: 0, to: 1),
      ], duration: 1.5)
    stroke.timing.repeatDuration = 6
    try oval.add(stroke, forKey: "stroke")
    var move = KeyframeAnimation<CGPoint>(keyPath: .position)
    move.path = self.oval
    move.calculationMode = .paced
    var flight = AnimationGroup([move, BasicAnimation(keyPath: .rotationZ, from: 0, to: 2 * .pi)], duration: 1.5)
    flight.timing.repeatDuration = 6
    try plane.add(flight, forKey: "flight")

    for cycle in 0..<4 {
      let t = (Double(cycle) + f) * 1.5
      let shape = root.presentation(at: t).layer(named: "shape") as! ShapeLayer
      let visibleStart = max(0, shape.strokeStart)
      #expect(abs(shape.strokeEnd - f) < 1e-9)
      #expect(abs(visibleStart - (f < 1.0 / 3 ? 0 : 1.5 * f - 0.5)) < 1e-9)
      let planeNow = shape.sublayers[0]
      let head = PathMeasure(self.oval).point(atFraction: f)
      #expect(abs(planeNow.position.x - head.x) < 1e-6 && abs(planeNow.position.y - head.y) < 1e-6)
      let rotation = AnimationKeyPath<Double>.rotationZ.value(of: planeNow)
      let expected = atan2(sin(2 * .pi * f), cos(2 * .pi * f))
      #expect(abs(rotation - expected) < 1e-6)
    }
    // After 6 s both groups are gone: model strokeStart/strokeEnd and the plane's model position.
    let after = root.presentation(at: 6.01).layer(named: "shape") as! ShapeLayer
    #expect(after.strokeStart == 0 && after.strokeEnd == 1 && after.sublayers[0].position == .zero)
  }
}
