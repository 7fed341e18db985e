import FlipbookGraphics
import FlipbookTiming
import Foundation
import Testing

@testable import FlipbookLayers

/// `actions` and the action delegate: what a property change does on a standalone layer, looked up as Core
/// Animation's `action(forKey:)` does (the delegate, then `actions`, then the default implicit animation).
@Suite("Layer actions")
struct LayerActionTests {
  /// Answers `.none` for opacity, nothing for anything else.
  final class StillOpacity: LayerActionDelegate {
    func action(for layer: Layer, forKey key: String) -> LayerAction? { key == "opacity" ? LayerAction.none : nil }
  }

  @Test("`.none` makes the property jump where the default action animates it")
  func none() throws {
    let (context, root, shape) = animatedTree()
    shape.actions = ["position": .none]
    context.advance(to: 1)
    shape.position = CGPoint(x: 100, y: 44)
    shape.strokeEnd = 0
    #expect(shape.animationKeys == ["strokeEnd"])
    #expect(shown(.position, of: root, "shape", at: 1.1) == CGPoint(x: 100, y: 44))
    // The implicit one is still on its way: 0.1 s into 0.25 s on the default curve.
    let strokeEnd = shown(.strokeEnd, of: root, "shape", at: 1.1)
    #expect(strokeEnd > 0 && strokeEnd < 1)
  }

  @Test("An action's animation runs from what is on screen to the new value, with its own duration and curve")
  func animation() throws {
    let (context, root, shape) = animatedTree()
    shape.actions = ["opacity": .animation(BasicAnimation<Double>(keyPath: .opacity, duration: 2))]
    context.advance(to: 1)
    shape.opacity = 0.2
    // Linear (no timing function) from 1 to 0.2 over 2 s: 0.6 half way.
    #expect(abs(shown(.opacity, of: root, "shape", at: 2) - 0.6) < 1e-12)
    #expect(
      abs(shown(.opacity, of: root, "shape", at: 3) - 0.2) < 1e-12 && shown(.opacity, of: root, "shape", at: 3.1) == 0.2
    )
  }

  @Test("The delegate answers first; a disabling transaction stops every action")
  func delegateAndTransaction() throws {
    let (context, root, shape) = animatedTree()
    let delegate = StillOpacity()
    shape.actionDelegate = delegate
    shape.actions = ["opacity": .animation(BasicAnimation<Double>(keyPath: .opacity, duration: 2))]
    context.advance(to: 1)
    shape.opacity = 0.2
    #expect(shape.animationKeys.isEmpty && shown(.opacity, of: root, "shape", at: 1.5) == 0.2)
    shape.actionDelegate = nil
    context.transaction(disableActions: true) { shape.opacity = 0.7 }
    #expect(shape.animationKeys.isEmpty)
    withExtendedLifetime(delegate) {}
  }
}

/// `DisplayLink`: a callback at every 1/60 s refresh of the virtual clock, whatever times the clock is advanced to.
@Suite("Display links")
struct DisplayLinkTests {
  @Test("It fires at every refresh k/60 the clock passes, the same whether advanced at 30 or 60 frames a second")
  func refreshes() {
    func stamps(stepping fps: Double) -> [Double] {
      let context = AnimationContext()
      var seen: [Double] = []
      let link = DisplayLink(context: context) { seen.append($0.timestamp) }
      var k = 1.0
      while k / fps <= 0.5 {
        context.advance(to: k / fps)
        k += 1
      }
      withExtendedLifetime(link) {}
      return seen
    }
    let expected = (1...30).map { Double($0) / 60 }
    #expect(stamps(stepping: 30) == expected && stamps(stepping: 60) == expected)
    #expect(stamps(stepping: 7) == expected.filter { $0 <= 3.0 / 7 + 1e-12 })
  }

  @Test("A lower preferred rate fires every other refresh; paused or invalidated, it does not run")
  func rateAndPause() {
    let context = AnimationContext()
    var seen: [Double] = []
    let link = DisplayLink(context: context) { seen.append($0.timestamp) }
    link.preferredFramesPerSecond = 30
    #expect(link.duration == 1.0 / 30)
    context.advance(to: 0.1)
    #expect(seen == [2, 4, 6].map { Double($0) / 60 })
    link.isPaused = true
    context.advance(to: 0.2)
    link.isPaused = false
    context.advance(to: 0.25)
    #expect(seen.count == 4 && seen.last == 14.0 / 60)
    link.invalidate()
    context.advance(to: 1)
    #expect(seen.count == 4 && !link.isValid)
  }

  @Test("A link's angle, drawn at a frame: the spinner a callback turns shows the refresh's angle")
  func drivesALayer() throws {
    let (context, root, shape) = animatedTree()
    let link = DisplayLink(context: context) { link in
      shape.withActionsDisabled { shape.transform = Transform3D(rotationAngle: link.timestamp * .pi, x: 0, y: 0, z: 1) }
    }
    context.advance(to: 0.5)
    let t = try #require(root.presentation(at: 0.5).layer(named: "shape")).transform
    #expect(abs(t.m11 - cos(0.5 * .pi)) < 1e-12 && abs(t.m12 - sin(0.5 * .pi)) < 1e-12)
    withExtendedLifetime(link) {}
  }

  @Test("An animation ending at a refresh is reported before the link fires there")
  func orderWithAnimations() throws {
    let (context, root, shape) = animatedTree()
    defer { withExtendedLifetime(root) {} }
    var log: [String] = []
    var a = BasicAnimation(keyPath: .strokeEnd, from: 0, to: 1, duration: 0.25)
    a.completion = { _ in log.append("end \(context.currentTime)") }
    try shape.add(a, forKey: "s")
    let link = DisplayLink(context: context) { link in
      if link.timestamp >= 0.2 && link.timestamp <= 0.27 { log.append("tick \(link.timestamp)") }
    }
    context.advance(to: 1)
    #expect(
      log == [
        "tick \(12.0 / 60)", "tick \(13.0 / 60)", "tick \(14.0 / 60)", "end 0.25", "tick \(15.0 / 60)",
        "tick \(16.0 / 60)",
      ])
    withExtendedLifetime(link) {}
  }
}
