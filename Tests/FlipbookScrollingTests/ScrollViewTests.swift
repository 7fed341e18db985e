import FlipbookGraphics
import FlipbookLayers
import FlipbookTiming
import Foundation
import Testing

@testable import FlipbookScrolling

/// Records delegate callbacks as lines: the order is the verdict.
final class CallbackTrace: ScrollViewDelegate {
  var lines: [String] = []
  var retarget: Double?
  func scrollViewWillBeginDragging(_ s: ScrollView) { lines.append("willBeginDragging") }
  func scrollViewDidScroll(_ s: ScrollView) {
    if lines.last != "didScroll" { lines.append("didScroll") }
  }
  func scrollViewWillEndDragging(_ s: ScrollView, velocity: CGPoint, targetContentOffset: inout CGPoint) {
    lines.append(String(format: "willEndDragging v=%.3f target=%.1f", velocity.y, targetContentOffset.y))
    if let retarget { targetContentOffset.y = retarget }
  }
  func scrollViewDidEndDragging(_ s: ScrollView, willDecelerate: Bool) {
    lines.append("didEndDragging \(willDecelerate)")
  }
  func scrollViewWillBeginDecelerating(_ s: ScrollView) { lines.append("willBeginDecelerating") }
  func scrollViewDidEndDecelerating(_ s: ScrollView) { lines.append("didEndDecelerating") }
}

/// A 320x480 scroll view over 2000 pt of content, in a tree with a clock.
func scrollRig() -> (context: AnimationContext, root: Layer, scroll: ScrollView, trace: CallbackTrace) {
  let context = AnimationContext()
  let root = Layer()
  root.bounds = CGRect(x: 0, y: 0, width: 320, height: 480)
  root.animationContext = context
  let scroll = ScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
  scroll.contentSize = CGSize(width: 320, height: 2000)
  root.addSublayer(scroll.layer)
  let trace = CallbackTrace()
  scroll.delegate = trace
  return (context, root, scroll, trace)
}

/// Steps the rig at 60 Hz from `from` to `to`.
func run(
  _ rig: (context: AnimationContext, root: Layer, scroll: ScrollView, trace: CallbackTrace), from: Double, to: Double
) {
  var k = Int((from * 60).rounded(.up))
  while Double(k) / 60 <= to {
    let t = Double(k) / 60
    rig.context.advance(to: t)
    rig.scroll.step(to: t)
    k += 1
  }
}

@Suite("Scroll view")
struct ScrollViewTests {
  @Test("Pulling 136.7 pt past the top of a 480 pt view shows 65 pt (the rubber band)")
  func rubberBand() {
    let rig = scrollRig()
    rig.scroll.beginDragging(at: 0)
    rig.scroll.drag(translation: 136.7, at: 0.5)
    #expect(abs(rig.scroll.contentOffset.y + 65) < 0.05)
    rig.scroll.drag(translation: 50, at: 0.6)
    // Inside the edge the content follows the finger one to one... until the edge: 50 pt is beyond too.
    #expect(abs(rig.scroll.contentOffset.y + RubberBand.offset(distance: 50, dimension: 480)) < 1e-9)
  }

  @Test("Dragging inside the content follows the finger exactly")
  func followsFinger() {
    let rig = scrollRig()
    rig.scroll.contentOffset = CGPoint(x: 0, y: 300)
    rig.scroll.beginDragging(at: 0)
    rig.scroll.drag(translation: 120, at: 0.2)
    #expect(rig.scroll.contentOffset.y == 180)
  }

  @Test("Released beyond the top it bounces back; the callbacks come in UIKit's order")
  func releaseBeyondEdge() {
    let rig = scrollRig()
    rig.scroll.beginDragging(at: 0)
    rig.scroll.drag(translation: 136.7, at: 0.5)
    rig.scroll.endDragging(velocity: 0, at: 0.5)
    #expect(!rig.scroll.isDragging && rig.scroll.isDecelerating)
    run(rig, from: 0.5, to: 2)
    #expect(rig.scroll.contentOffset.y == 0 && !rig.scroll.isDecelerating)
    #expect(
      rig.trace.lines == [
        "willBeginDragging", "didScroll", "willEndDragging v=0.000 target=0.0", "didEndDragging true",
        "willBeginDecelerating", "didScroll", "didEndDecelerating",
      ])
  }

  @Test("Released inside the content without speed, it stays: no deceleration")
  func releaseStill() {
    let rig = scrollRig()
    rig.scroll.contentOffset = CGPoint(x: 0, y: 300)
    rig.trace.lines.removeAll()
    rig.scroll.beginDragging(at: 0)
    rig.scroll.drag(translation: 40, at: 0.2)
    rig.scroll.endDragging(velocity: 0, at: 0.3)
    #expect(
      rig.trace.lines == [
        "willBeginDragging", "didScroll", "willEndDragging v=0.000 target=260.0", "didEndDragging false",
      ])
    #expect(!rig.scroll.isDecelerating)
  }

  @Test("A fling decelerates by x0 − v0/k: 1000 pt/s up the screen travels 499.5 pt")
  func deceleration() {
    let rig = scrollRig()
    rig.scroll.contentOffset = CGPoint(x: 0, y: 300)
    rig.scroll.beginDragging(at: 0)
    rig.scroll.drag(translation: -10, at: 0.1)
    // The finger moves up at 1000 pt/s: the content offset grows.
    rig.scroll.endDragging(velocity: -1000, at: 0.1)
    run(rig, from: 0.1, to: 5)
    #expect(abs(rig.scroll.contentOffset.y - (310 + 499.5)) < 0.3)
    #expect(rig.trace.lines.last == "didEndDecelerating")
  }

  @Test("The delegate can move the target in willEndDragging")
  func retarget() {
    let rig = scrollRig()
    rig.trace.retarget = 400
    rig.scroll.contentOffset = CGPoint(x: 0, y: 300)
    rig.scroll.beginDragging(at: 0)
    rig.scroll.endDragging(velocity: -1000, at: 0)
    run(rig, from: 0, to: 5)
    #expect(abs(rig.scroll.contentOffset.y - 400) < 0.3)
  }

  @Test("Animating the inset during the bounce moves where the content comes to rest (EGO's loading)")
  func insetDuringBounce() {
    let rig = scrollRig()
    rig.scroll.beginDragging(at: 0)
    rig.scroll.drag(translation: 150, at: 0.5)
    rig.scroll.endDragging(velocity: 0, at: 0.5)
    // EGO: on release at ≤ −65, animate the top inset to 60 over 0.2 s.
    rig.context.advance(to: 0.5)
    rig.context.beginAnimations()
    rig.context.setViewAnimationDuration(0.2)
    rig.scroll.contentInset.top = 60
    rig.context.commitAnimations()
    run(rig, from: 0.5, to: 3)
    #expect(abs(rig.scroll.contentOffset.y + 60) < 0.3)
    // Finishing: the inset animates back to 0 over 0.3 s and the content follows it up.
    rig.context.animate(withDuration: 0.3, animations: { rig.scroll.contentInset = .zero })
    run(rig, from: 3, to: 3.15)
    let midway = rig.scroll.presentationContentOffset.y
    #expect(midway > -60 && midway < 0)
    run(rig, from: 3.15, to: 4)
    #expect(rig.scroll.contentOffset.y == 0)
  }

  @Test("The inset does not animate outside a view animation block")
  func insetNoImplicitAnimation() {
    let rig = scrollRig()
    rig.scroll.contentInset.top = 60
    #expect(rig.scroll.layer.animationKeys.isEmpty)
    #expect(rig.scroll.presentationInset.top == 60)
  }
}
