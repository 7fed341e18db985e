import FlipbookGraphics
import FlipbookTiming
import Foundation
import Testing

@testable import FlipbookLayers

@Suite("Transactions and implicit animations")
struct ImplicitAnimationTests {
  @Test("Changing a standalone layer's property animates from the old value over 0.25 s on the default curve")
  func implicit() throws {
    let (context, root, shape) = animatedTree()
    context.advance(to: 1)
    shape.opacity = 0
    let animation = try #require(shape.animation(forKey: "opacity") as? BasicAnimation<Double>)
    #expect(animation.timing.duration == 0.25 && animation.timing.beginTime == 1)
    #expect(animation.timingFunction == .default)
    // default curve at x = 0.5 is 0.802403 (computed with WebKit's UnitBezier method, see TimingFunctionTests):
    // opacity 1 − 0.802403.
    #expect(abs(shown(.opacity, of: root, "shape", at: 1.125) - (1 - 0.802403)) < 1e-5)
    #expect(shown(.opacity, of: root, "shape", at: 1.25) == 0)
  }

  @Test("No animation when actions are disabled, the value is unchanged, or the layer has no context")
  func noAnimation() throws {
    let (context, root, shape) = animatedTree()
    defer { withExtendedLifetime(root) {} }
    context.transaction(disableActions: true) { shape.opacity = 0.3 }
    #expect(shape.animationKeys.isEmpty)
    shape.opacity = 0.3
    #expect(shape.animationKeys.isEmpty)
    let loose = ShapeLayer()
    loose.strokeEnd = 0.2
    #expect(loose.animationKeys.isEmpty)
    // The next transaction animates again.
    shape.opacity = 0.6
    #expect(shape.animationKeys == ["opacity"])
  }

  @Test("Nested transactions inherit the outer settings and restore them on commit")
  func nesting() {
    let context = AnimationContext()
    #expect(context.animationDuration == 0.25)
    context.begin()
    context.setAnimationDuration(0.18)
    context.begin()
    #expect(context.animationDuration == 0.18)
    context.setAnimationDuration(1)
    context.setDisableActions(true)
    context.commit()
    #expect(context.animationDuration == 0.18 && !context.disableActions)
    context.commit()
    #expect(context.animationDuration == 0.25)
    context.commit()  // harmless without a begin
  }

  /// EGO's arrow flip (`EGORefreshTableHeaderView.m`, `FLIP_ANIMATION_DURATION`): a 0.18 s transaction sets
  /// transform to a half turn about z;
  /// back to identity the same way. Reversed mid-flight, the way back starts from the angle on screen.
  @Test("EGO's 0.18 s flip turns clockwise and, reversed mid-flight, returns from the on-screen angle")
  func egoFlip() throws {
    let (context, root, arrow) = animatedTree()
    arrow.name = "arrow"
    let halfTurn = Transform3D(rotationAngle: .pi, x: 0, y: 0, z: 1)
    context.transaction(duration: 0.18) { arrow.transform = halfTurn }
    // Interpolating the angle: halfway in time is the default curve's 0.802403 of π, turning clockwise.
    let mid = shown(.rotationZ, of: root, "arrow", at: 0.09)
    #expect(abs(mid - 0.802403 * .pi) < 1e-4)
    #expect(abs(shown(.rotationZ, of: root, "arrow", at: 0.18)) > 3.14)
    // Reverse at t = 0.05, from the angle then on screen.
    context.advance(to: 0.05)
    let onScreen = shown(.rotationZ, of: root, "arrow", at: 0.05)
    context.transaction(duration: 0.18) { arrow.transform = .identity }
    #expect(abs(shown(.rotationZ, of: root, "arrow", at: 0.05) - onScreen) < 1e-9)
    let later = shown(.rotationZ, of: root, "arrow", at: 0.10)
    #expect(later < onScreen && later > 0, "turning back counter-clockwise, not jumping")
    #expect(abs(shown(.rotationZ, of: root, "arrow", at: 0.23)) < 1e-9)
  }

  @Test("Completions run at the virtual time each animation ends, in order, before their transaction's")
  func completionOrder() throws {
    let (context, root, shape) = animatedTree()
    defer { withExtendedLifetime(root) {} }
    var log: [String] = []
    context.transaction(
      duration: 0.5,
      completion: { log.append("transaction at \(context.currentTime)") }
    ) {
      shape.opacity = 0
      shape.lineWidth = 4
    }
    var long = BasicAnimation(keyPath: .strokeEnd, from: 0, to: 1, duration: 0.3)
    long.completion = { log.append("strokeEnd \($0) at \(context.currentTime)") }
    try shape.add(long, forKey: "draw")
    var short = BasicAnimation(keyPath: .strokeStart, from: 0, to: 1, duration: 0.2)
    short.completion = { log.append("strokeStart \($0) at \(context.currentTime)") }
    try shape.add(short, forKey: "erase")
    context.advance(to: 1)
    #expect(
      log == ["strokeStart true at 0.2", "strokeEnd true at 0.3", "transaction at 0.5"])
  }

  @Test("A transaction with nothing to animate completes at commit")
  func emptyTransaction() {
    let context = AnimationContext()
    var done = false
    context.transaction(completion: { done = true }) {}
    #expect(done)
  }

  @Test("View layers animate only inside view animation blocks, with easeInEaseOut")
  func viewLayers() throws {
    let (context, root, shape) = animatedTree()
    shape.isViewLayer = true
    shape.opacity = 0.5
    #expect(shape.animationKeys.isEmpty)
    var finished: Bool?
    context.animate(withDuration: 0.3, animations: { shape.opacity = 1 }, completion: { finished = $0 })
    let animation = try #require(shape.animation(forKey: "opacity") as? BasicAnimation<Double>)
    #expect(animation.timingFunction == .easeInEaseOut && animation.timing.duration == 0.3)
    #expect(abs(shown(.opacity, of: root, "shape", at: 0.15) - 0.75) < 1e-9)
    context.advance(to: 0.3)
    #expect(finished == true)
  }

  @Test("begin/commit view animations default to 0.2 s; a delay holds the old value")
  func beginCommit() throws {
    let (context, root, shape) = animatedTree()
    shape.isViewLayer = true
    context.beginAnimations()
    context.setViewAnimationDelay(0.1)
    shape.lineWidth = 5
    context.commitAnimations()
    let animation = try #require(shape.animation(forKey: "lineWidth"))
    #expect(animation.timing.duration == 0.2 && animation.timing.beginTime == 0.1)
    #expect(shown(.lineWidth, of: root, "shape", at: 0.05) == 1)
    #expect(shown(.lineWidth, of: root, "shape", at: 0.3) == 5)
  }

  @Test("An interrupted view animation reports unfinished; the new one starts from the screen")
  func interrupt() throws {
    let (context, root, shape) = animatedTree()
    shape.isViewLayer = true
    var first: Bool?
    context.animate(
      withDuration: 1, options: .curveLinear, animations: { shape.opacity = 0 }, completion: { first = $0 })
    context.advance(to: 0.5)
    context.animate(withDuration: 1, options: .curveLinear, animations: { shape.opacity = 1 })
    #expect(first == false)
    #expect(abs(shown(.opacity, of: root, "shape", at: 0.5) - 0.5) < 1e-9)
    #expect(abs(shown(.opacity, of: root, "shape", at: 1.0) - 0.75) < 1e-9)
  }
}
