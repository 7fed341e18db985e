import FlipbookGraphics
import FlipbookLayers
import FlipbookScrolling
import FlipbookTiming
import Foundation
import Testing

@testable import FlipbookUIKit

/// Code written as for iOS — `CALayer`, `CABasicAnimation(keyPath:)`, `CATransaction`, `UIView.animate` — run on
/// the engine's virtual clock, with known values.
@Suite("UIKit spellings")
struct UIKitSpellingTests {
  @Test("A property whose action is NSNull jumps where an implicit one animates")
  func actions() throws {
    let (context, root) = hostedRoot()
    let dot = CAShapeLayer()
    dot.actions = ["position": NSNull()]
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    root.layer.addSublayer(dot)
    dot.strokeEnd = 1
    CATransaction.commit()
    context.advance(to: 1)
    dot.position = CGPoint(x: 100, y: 40)
    dot.strokeEnd = 0
    context.advance(to: 1.1)
    let shown = try #require(dot.presentation())
    #expect(shown.position == CGPoint(x: 100, y: 40))
    let stroke = try #require(dot.engineLayer.presentationOfSelf(at: 1.1) as? ShapeLayer).strokeEnd
    #expect(stroke > 0 && stroke < 1, "the implicit strokeEnd animation is 0.1 s into its 0.25 s")
  }

  @Test("CABasicAnimation(keyPath: \"transform.rotation.z\") turns a quarter turn half way through a half turn")
  func stringKeyPath() throws {
    let (context, root) = hostedRoot()
    let arrow = CALayer()
    root.layer.addSublayer(arrow)
    let spin = CABasicAnimation(keyPath: "transform.rotation.z")
    spin.fromValue = 0
    spin.toValue = CGFloat.pi
    spin.duration = 1
    arrow.add(spin, forKey: "spin")
    context.advance(to: 0.5)
    let t = try #require(arrow.presentation()).transform
    #expect(abs(atan2(t.m12, t.m11) - .pi / 2) < 1e-12)
    #expect(arrow.animationKeys() == ["spin"] && arrow.animation(forKey: "spin") is CABasicAnimation)
  }

  @Test("CATransaction's duration and disableActions reach the implicit animations of the changes inside it")
  func transaction() throws {
    let (context, root) = hostedRoot()
    let layer = CALayer()
    root.layer.addSublayer(layer)
    context.advance(to: 1)
    CATransaction.begin()
    CATransaction.setAnimationDuration(2)
    layer.opacity = 0
    CATransaction.commit()
    #expect(layer.engineLayer.animation(forKey: "opacity")?.timing.duration == 2)
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    layer.cornerRadius = 8
    CATransaction.commit()
    #expect(layer.engineLayer.animation(forKey: "cornerRadius") == nil)
    var completed = false
    CATransaction.begin()
    CATransaction.setCompletionBlock { completed = true }
    CATransaction.commit()
    #expect(completed, "a transaction that animated nothing completes at once")
  }

  @Test("UIView.animate's spring puts the view where the damped spring's closed form says")
  func spring() throws {
    let (context, root) = hostedRoot()
    let card = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
    root.addSubview(card)
    context.advance(to: 1)
    var finished: Bool?
    UIView.animate(
      withDuration: 1, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0, options: [],
      animations: { card.center = CGPoint(x: 120, y: 20) }, completion: { finished = $0 })
    #expect(card.center == CGPoint(x: 120, y: 20) && finished == nil)
    // The spring UIKit's (duration, damping ratio) make, and its underdamped closed form at 0.3 s.
    let spring = Spring.uiView(dampingRatio: 0.5, initialVelocity: 0, duration: 1)
    let zeta: Double = spring.dampingRatio
    let omega: Double = spring.naturalFrequency
    let omegaD: Double = omega * (1 - zeta * zeta).squareRoot()
    let t = 0.3
    let decay: Double = exp(-zeta * omega * t)
    let wave: Double = cos(omegaD * t) + zeta * omega / omegaD * sin(omegaD * t)
    let fraction = 1 - decay * wave
    context.advance(to: 1.3)
    let x = try #require(card.layer.presentation()).position.x
    #expect(abs(Double(x) - (20 + 100 * fraction)) < 1e-6)
    context.advance(to: 2.1)
    #expect(finished == true)
  }

  @Test("A view's layer animates only inside a block; a block that reaches no tree completes at once")
  func viewLayer() {
    let (context, root) = hostedRoot()
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    root.addSubview(view)
    context.advance(to: 1)
    view.alpha = 0.5
    #expect(view.layer.engineLayer.animationKeys.isEmpty)
    UIView.animate(withDuration: 0.3) { view.alpha = 0 }
    #expect(view.layer.engineLayer.animationKeys == ["opacity"])
    var done = false
    let loose = UIView(frame: .zero)
    UIView.animate(withDuration: 0.3, animations: { loose.alpha = 0 }, completion: { done = $0 })
    #expect(done)
  }
}
