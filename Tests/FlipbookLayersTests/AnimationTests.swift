import FlipbookGraphics
import FlipbookTiming
import Foundation
import Testing

@testable import FlipbookLayers

/// A root with a context and one shape sublayer, the usual test rig.
func animatedTree() -> (context: AnimationContext, root: Layer, shape: ShapeLayer) {
  let context = AnimationContext()
  let root = Layer()
  root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
  root.animationContext = context
  let shape = ShapeLayer()
  shape.name = "shape"
  shape.frame = CGRect(x: 0, y: 0, width: 88, height: 88)
  context.transaction(disableActions: true) { root.addSublayer(shape) }
  return (context, root, shape)
}

/// The presentation value of a property of the named layer at `time`.
func shown<Value: Animatable>(_ keyPath: AnimationKeyPath<Value>, of root: Layer, _ name: String, at time: Double)
  -> Value
{
  keyPath.value(of: root.presentation(at: time).layer(named: name)!)
}

@Suite("Basic animations")
struct BasicAnimationTests {
  @Test("from/to interpolate linearly by default; the model is untouched")
  func fromTo() throws {
    let (_, root, shape) = animatedTree()
    var a = BasicAnimation(keyPath: .strokeEnd, from: 0, to: 1, duration: 2)
    a.timing.beginTime = 1
    try shape.add(a, forKey: "draw")
    #expect(shown(.strokeEnd, of: root, "shape", at: 0.5) == 1, "before: model value (fill removed)")
    #expect(abs(shown(.strokeEnd, of: root, "shape", at: 1.5) - 0.25) < 1e-12)
    #expect(abs(shown(.strokeEnd, of: root, "shape", at: 2.0) - 0.5) < 1e-12)
    #expect(shown(.strokeEnd, of: root, "shape", at: 3.5) == 1, "after: removed, model shows")
    #expect(shape.strokeEnd == 1)
  }

  @Test(
    "from, to and by combine as in Core Animation",
    arguments: [
      (0.2, nil, 0.4, 0.4),  // from + by: 0.2 → 0.6, halfway 0.4
      (nil, 0.8, 0.4, 0.6),  // by + to: 0.4 → 0.8
      (nil, 0.6, nil, 0.5),  // to alone: from the screen (0.4) → 0.6
      (nil, nil, 0.2, 0.5),  // by alone: 0.4 → 0.6
      (0.0, nil, nil, 0.2),  // from alone: 0 → the model (0.4)
    ] as [(Double?, Double?, Double?, Double)])
  func combinations(from: Double?, to: Double?, by: Double?, halfway: Double) throws {
    let (context, root, shape) = animatedTree()
    context.transaction(disableActions: true) { shape.strokeEnd = 0.4 }
    try shape.add(BasicAnimation(keyPath: .strokeEnd, from: from, to: to, by: by, duration: 1), forKey: "a")
    #expect(abs(shown(.strokeEnd, of: root, "shape", at: 0.5) - halfway) < 1e-12)
  }

  @Test("Additive animations add to the model; cumulative ones add the end value per repeat")
  func additiveCumulative() throws {
    let (_, root, shape) = animatedTree()
    shape.position = CGPoint(x: 50, y: 50)
    var wiggle = BasicAnimation(keyPath: .positionX, from: 0, to: 10, duration: 1)
    wiggle.isAdditive = true
    try shape.add(wiggle, forKey: "wiggle")
    #expect(abs(shown(.positionX, of: root, "shape", at: 0.5) - 55) < 1e-12)

    var spin = BasicAnimation(keyPath: .lineWidth, from: 0, to: 1, duration: 1)
    spin.isCumulative = true
    spin.timing.repeatCount = 3
    try shape.add(spin, forKey: "spin")
    #expect(abs(shown(.lineWidth, of: root, "shape", at: 1.5) - 1.5) < 1e-12)
    #expect(abs(shown(.lineWidth, of: root, "shape", at: 2.25) - 2.25) < 1e-12)
  }

  @Test(
    "Fill modes before and after the active interval (model 0.5, animation 0 → 1 from t = 1 to 2)",
    arguments: [
      (FillMode.removed, 0.5, 0.5), (.forwards, 0.5, 1.0), (.backwards, 0.0, 0.5), (.both, 0.0, 1.0),
    ])
  func fillModes(fill: FillMode, before: Double, after: Double) throws {
    let (context, root, shape) = animatedTree()
    context.transaction(disableActions: true) { shape.opacity = 0.5 }
    var a = BasicAnimation(keyPath: .opacity, from: 0, to: 1, duration: 1)
    a.timing.beginTime = 1
    a.timing.fillMode = fill
    a.isRemovedOnCompletion = false
    try shape.add(a, forKey: "fade")
    #expect(shown(.opacity, of: root, "shape", at: 0.5) == before)
    #expect(shown(.opacity, of: root, "shape", at: 3) == after)
  }

  @Test("removedOnCompletion snaps back to the model even with fillMode forwards")
  func removedOnCompletion() throws {
    let (context, root, shape) = animatedTree()
    var a = BasicAnimation(keyPath: .opacity, from: 1, to: 0, duration: 1)
    a.timing.fillMode = .forwards
    try shape.add(a, forKey: "fade")
    #expect(shown(.opacity, of: root, "shape", at: 1) == 0, "at the end: the end value")
    #expect(shown(.opacity, of: root, "shape", at: 1.01) == 1)
    context.advance(to: 2)
    #expect(shape.animationKeys.isEmpty)
  }

  @Test("Repeats, fractional repeats and autoreverse")
  func repeats() throws {
    let (_, root, shape) = animatedTree()
    var a = BasicAnimation(keyPath: .strokeEnd, from: 0, to: 1, duration: 2)
    a.timing.repeatCount = 1.5
    a.timing.autoreverses = true
    a.isRemovedOnCompletion = false
    a.timing.fillMode = .forwards
    try shape.add(a, forKey: "pulse")
    #expect(abs(shown(.strokeEnd, of: root, "shape", at: 1) - 0.5) < 1e-12)
    #expect(abs(shown(.strokeEnd, of: root, "shape", at: 3) - 0.5) < 1e-12, "on the way back")
    #expect(abs(shown(.strokeEnd, of: root, "shape", at: 4.5) - 0.25) < 1e-12, "second cycle, forwards")
    // 1.5 cycles of 4 s = 6 s: the last half cycle ends at the far end.
    #expect(abs(shown(.strokeEnd, of: root, "shape", at: 6) - 1) < 1e-12)
    #expect(abs(shown(.strokeEnd, of: root, "shape", at: 10) - 1) < 1e-12)
  }

  @Test("A layer's speed and timeOffset apply to its animations and its sublayers'")
  func layerTime() throws {
    let (_, root, shape) = animatedTree()
    try shape.add(BasicAnimation(keyPath: .strokeEnd, from: 0, to: 1, duration: 4), forKey: "a")
    root.speed = 2
    #expect(abs(shown(.strokeEnd, of: root, "shape", at: 1) - 0.5) < 1e-12)
    root.speed = 0
    root.timeOffset = 3
    #expect(abs(shown(.strokeEnd, of: root, "shape", at: 100) - 0.75) < 1e-12, "paused at timeOffset")
  }

  @Test("Adding under a used key replaces the old animation and reports it unfinished")
  func replace() throws {
    let (_, root, shape) = animatedTree()
    defer { withExtendedLifetime(root) {} }
    var stops: [String] = []
    var first = BasicAnimation(keyPath: .opacity, from: 0, to: 1, duration: 1)
    first.completion = { stops.append("first \($0)") }
    try shape.add(first, forKey: "fade")
    try shape.add(BasicAnimation(keyPath: .opacity, from: 1, to: 0, duration: 1), forKey: "fade")
    #expect(stops == ["first false"])
    #expect(shape.animationKeys == ["fade"])
  }

  @Test("Animations that cannot apply are errors naming the animation")
  func invalid() {
    let plain = Layer()
    #expect(throws: AnimationError.self) {
      try plain.add(BasicAnimation(keyPath: .strokeEnd, to: 1, duration: 1), forKey: "draw")
    }
    do {
      try plain.add(BasicAnimation(keyPath: .strokeEnd, to: 1, duration: 1), forKey: "draw")
    } catch {
      #expect(error.description == #"animation "draw": a plain layer has no property "strokeEnd""#)
    }
  }
}

@Suite("Spring animations")
struct SpringAnimationTests {
  @Test("An under-damped spring overshoots its end value, then settles by its settling duration")
  func overshoot() throws {
    let (_, root, shape) = animatedTree()
    let spring = Spring(mass: 1, stiffness: 100, damping: 5, initialVelocity: 0)
    try shape.add(SpringAnimation(keyPath: .positionX, from: 0, to: 100, spring: spring), forKey: "bounce")
    let added = try #require(shape.animation(forKey: "bounce"))
    #expect(abs(added.timing.duration - spring.settlingDuration) < 1e-12, "the duration defaults to the settling time")
    let peak = stride(from: 0.0, through: 1, by: 0.01).map { shown(.positionX, of: root, "shape", at: $0) }.max()!
    #expect(peak > 100)
    #expect(abs(shown(.positionX, of: root, "shape", at: spring.settlingDuration) - 100) < 0.1)
  }

  @Test("A UIView spring block settles at the block's duration")
  func viewSpring() throws {
    let (context, root, shape) = animatedTree()
    shape.isViewLayer = true
    context.animate(
      withDuration: 0.5, usingSpringWithDamping: 0.6, initialSpringVelocity: 0, animations: { shape.position.x = 80 })
    #expect(shape.animation(forKey: "position") is SpringAnimation<CGPoint>)
    let late = shown(.positionX, of: root, "shape", at: 0.5)
    #expect(abs(late - 80) < 0.1)
    let early = shown(.positionX, of: root, "shape", at: 0.1)
    #expect(early > 44 && early < 80)
  }
}
