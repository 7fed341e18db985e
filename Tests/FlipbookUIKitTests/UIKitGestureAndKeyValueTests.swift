import FlipbookGraphics
import FlipbookLayers
import FlipbookScene
import Foundation
import Testing

@testable import FlipbookUIKit

/// The pan recognizer's place and `isEnabled`, `bounces`, layers' key-value coding and typed presentation, tint
/// changes and haptics.
@Suite("UIKit gestures and key-value coding")
struct UIKitGestureAndKeyValueTests {
  static let script = Data(
    ##"""
    {"viewport": {"width": 320, "height": 480, "scale": 1}, "fps": 30, "duration": 2, "content": {"rows": 20},
     "touches": [{"down": 0.1, "up": 1.0, "track": [{"at": 0.1, "y": 0}, {"at": 0.5, "y": 100}, {"at": 1.0, "y": 100}]}]}
    """##.utf8)

  static func hosted(_ install: @escaping (UIScrollView) -> Void) throws -> ScriptScene {
    try GestureScript.decode(script) { _ in UIKitRefreshHost(install: install) }
  }

  @Test("location(in:) is the scroll view's centre moved by the finger's travel, in any view's coordinates")
  func location() throws {
    var scroll: UIScrollView?
    let scene = try Self.hosted { scroll = $0 }
    let scrollView = try #require(scroll)
    #expect(scrollView.panGestureRecognizer.location(in: nil) == CGPoint(x: 160, y: 240))
    scene.advance(to: 0.3)
    let offset = scrollView.contentOffset.y
    // In the window the finger is 50 pt below where it landed; in the scroll view, whose bounds moved by the
    // offset, it is there plus the offset.
    #expect(scrollView.panGestureRecognizer.location(in: nil) == CGPoint(x: 160, y: 290))
    #expect(scrollView.panGestureRecognizer.location(in: scrollView) == CGPoint(x: 160, y: 290 + offset))
  }

  @Test("Disabling the pan under the finger cancels it: the content settles and the rest of the touch moves nothing")
  func cancel() throws {
    var scroll: UIScrollView?
    let scene = try Self.hosted { scroll = $0 }
    let scrollView = try #require(scroll)
    scene.advance(to: 0.3)
    #expect(scrollView.isDragging)
    scrollView.panGestureRecognizer.isEnabled = false
    scrollView.panGestureRecognizer.isEnabled = true
    #expect(!scrollView.isDragging && scrollView.panGestureRecognizer.state == .cancelled)
    scene.advance(to: 0.45)
    #expect(!scrollView.isDragging && scrollView.isDecelerating)
    scene.advance(to: 2)
    #expect(scrollView.contentOffset.y == 0 && scrollView.panGestureRecognizer.state == .cancelled)
  }

  /// An observer that is no view, as refresh controllers made of `NSObject` are.
  final class StateLog: KeyValueObserver {
    var log: [String] = []
    override func observeValue(
      forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
      context: UnsafeMutableRawPointer?
    ) {
      log.append("\(keyPath ?? "") \(change?[.newKey] as? Int ?? -1)")
    }
  }

  @Test("An NSObject observer hears panGestureRecognizer.state as UIKit's raw values, from the initial one on")
  func panStateObservation() throws {
    let log = StateLog()
    var scroll: UIScrollView?
    let scene = try Self.hosted { scrollView in
      scrollView.addObserver(log, forKeyPath: "panGestureRecognizer.state", options: [.initial, .new], context: nil)
      scroll = scrollView
    }
    scene.advance(to: 2)
    #expect(
      log.log == [
        "panGestureRecognizer.state 0", "panGestureRecognizer.state 1", "panGestureRecognizer.state 2",
        "panGestureRecognizer.state 3",
      ])
    try #require(scroll).removeObserver(log, forKeyPath: "panGestureRecognizer.state", context: nil)
    #expect(log.isEqual(log) && !log.isEqual(StateLog()))
  }

  @Test("With bounces off, the pull stops at the top edge")
  func bounces() throws {
    var scroll: UIScrollView?
    let scene = try Self.hosted { scrollView in
      scrollView.bounces = false
      scroll = scrollView
    }
    scene.advance(to: 0.5)
    #expect(try #require(scroll).contentOffset.y == 0 && scene.scrollView.isDragging)
  }

  @Test(
    "value(forKeyPath:) reads animatable properties as Core Animation gives them; setValue(_:forKeyPath:) sets them")
  func keyValue() throws {
    let layer = CAShapeLayer()
    layer.transform = CATransform3DMakeRotation(0.5, 0, 0, 1)
    let angle = try #require(layer.value(forKeyPath: "transform.rotation.z") as? CGFloat)
    #expect(abs(angle - 0.5) < 1e-12)
    #expect(layer.value(forKeyPath: "strokeEnd") as? NSNumber == NSNumber(value: 1.0))
    layer.setValue(CGFloat(0.25), forKeyPath: "strokeEnd")
    layer.setValue(CGPoint(x: 3, y: 4), forKeyPath: "position")
    #expect(layer.strokeEnd == 0.25 && layer.position == CGPoint(x: 3, y: 4))
    layer.setValue(Float(1.25), forKeyPath: "transform.rotation.z")
    let t = layer.transform
    #expect(abs(atan2(t.m12, t.m11) - 1.25) < 1e-6)
  }

  @Test("presentation() of a shape layer is a shape layer showing the animated value now")
  func typedPresentation() throws {
    let (context, root) = hostedRoot()
    let shape = CAShapeLayer()
    root.layer.addSublayer(shape)
    let animation = CABasicAnimation(keyPath: "strokeEnd")
    animation.fromValue = 0
    animation.toValue = 1
    animation.duration = 1
    shape.add(animation, forKey: "draw")
    context.advance(to: 0.25)
    let now: CAShapeLayer? = shape.presentation()
    #expect(abs((now?.strokeEnd ?? 0) - 0.25) < 1e-9)
  }

  final class TintWatcher: UIView {
    var heard = 0
    override func tintColorDidChange() { heard += 1 }
  }

  @Test("tintColorDidChange runs on the view and on subviews inheriting its tint, and when moving under a new tint")
  func tint() {
    let parent = UIView(frame: .zero)
    let inheriting = TintWatcher(frame: .zero)
    let own = TintWatcher(frame: .zero)
    own.tintColor = .red
    parent.addSubview(inheriting)
    parent.addSubview(own)
    parent.tintColor = .green
    #expect(inheriting.heard == 1 && own.heard == 1 && inheriting.tintColor == .green && own.tintColor == .red)
    let other = UIView(frame: .zero)
    other.tintColor = .blue
    other.addSubview(inheriting)
    #expect(inheriting.heard == 2 && inheriting.tintColor == .blue)
  }

  @Test("An impact generator counts its taps and changes no frame")
  func haptics() {
    let generator = UIImpactFeedbackGenerator(style: .light)
    generator.prepare()
    generator.impactOccurred()
    generator.impactOccurred(intensity: 0.5)
    #expect(generator.impactsOccurred == 2 && generator.style == .light)
  }
}

/// Hears when animations start and stop.
final class AnimationLog: CAAnimationDelegate {
  var log: [String] = []
  let context: AnimationContext
  init(context: AnimationContext) { self.context = context }
  func animationDidStart(_ animation: CAAnimation) { log.append("start \(context.currentTime)") }
  func animationDidStop(_ animation: CAAnimation, finished flag: Bool) { log.append("stop \(context.currentTime)") }
}

@Suite("CAAnimationDelegate")
struct AnimationDelegateTests {
  @Test("animationDidStart comes at the first refresh at or after the begin time; animationDidStop at the end")
  func startAndStop() {
    let (context, root) = hostedRoot()
    let log = AnimationLog(context: context)
    let fade = CABasicAnimation(keyPath: "opacity")
    fade.fromValue = 0
    fade.toValue = 1
    fade.duration = 0.5
    fade.beginTime = 0.25
    fade.delegate = log
    root.layer.add(fade, forKey: "fade")
    context.advance(to: 0.2)
    #expect(log.log.isEmpty)
    context.advance(to: 1)
    #expect(log.log == ["start 0.25", "stop 0.75"])
  }
}

@Suite("UIKit pan location from the script's x")
struct UIKitPanXTests {
  @Test("location(in:) takes the touch's x: a finger at x = 80")
  func fingerAt80() throws {
    let script = Data(
      ##"""
      {"viewport": {"width": 320, "height": 480, "scale": 1}, "fps": 30, "duration": 2, "content": {"rows": 20},
       "touches": [{"down": 0.1, "up": 1.0, "track": [{"at": 0.1, "y": 0, "x": 80}, {"at": 0.5, "y": 100}]}]}
      """##.utf8)
    var scroll: UIScrollView?
    let scene = try GestureScript.decode(script) { _ in UIKitRefreshHost(install: { scroll = $0 }) }
    scene.advance(to: 0.3)
    #expect(try #require(scroll).panGestureRecognizer.location(in: nil) == CGPoint(x: 80, y: 290))
  }
}
