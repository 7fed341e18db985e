import FlipbookGraphics
import FlipbookLayers
import FlipbookTiming
import Foundation
import Testing

@testable import FlipbookScrolling

/// A delegate that sets the top inset as the finger lifts, in willEndDragging (the airplane) or in
/// didEndDragging (EGO, APL), inside a 0.2 s view animation block as the components do.
final class ReleaseInsetDelegate: ScrollViewDelegate {
  enum Moment { case willEndDragging, didEndDragging }
  let moment: Moment
  let top: Double
  weak var context: AnimationContext?
  init(_ moment: Moment, top: Double, context: AnimationContext) {
    self.moment = moment
    self.top = top
    self.context = context
  }
  func scrollViewWillEndDragging(_ s: ScrollView, velocity: CGPoint, targetContentOffset: inout CGPoint) {
    if moment == .willEndDragging { setInset(s) }
  }
  func scrollViewDidEndDragging(_ s: ScrollView, willDecelerate: Bool) {
    if moment == .didEndDragging { setInset(s) }
  }
  private func setInset(_ s: ScrollView) {
    context?.animate(withDuration: 0.2, animations: { s.contentInset.top = top })
  }
}

@Suite("Scroll view insets")
struct InsetAdjustmentTests {
  @Test(
    "A top inset for bars puts content at rest at −inset, tall (2000 pt) or short (100 pt)", arguments: [2000.0, 100])
  func barInsetAtRest(contentHeight: Double) {
    let rig = scrollRig()
    rig.scroll.contentSize.height = contentHeight
    rig.scroll.contentInset.top = 64
    #expect(rig.scroll.contentOffset.y == -64)
    #expect(rig.scroll.presentationContentOffset.y == -64, "at once, not animated")
  }

  @Test("Content scrolled away from its top keeps its offset when the top inset grows")
  func scrolledContentStays() {
    let rig = scrollRig()
    rig.scroll.contentOffset = CGPoint(x: 0, y: 300)
    rig.scroll.contentInset.top = 64
    #expect(rig.scroll.contentOffset.y == 300)
  }

  /// Releases the rig's content 100 pt above its top at 0.5 s, flung at `fling` pt/s down the screen, with
  /// a delegate that sets the top inset to 60 at `moment`; returns what the screen shows at the 12 ticks
  /// (0.2 s) after release and what the closed form gives there.
  func release(fling: Double, moment: ReleaseInsetDelegate.Moment) -> (shown: [Double], closed: [Double]) {
    let rig = scrollRig()
    let delegate = ReleaseInsetDelegate(moment, top: 60, context: rig.context)
    rig.scroll.delegate = delegate
    run(rig, from: 0, to: 0.5)
    rig.scroll.beginDragging(at: 0.5)
    rig.scroll.drag(translation: RubberBand.distance(offset: 100, dimension: 480), at: 0.5)
    let y = rig.scroll.contentOffset.y
    rig.scroll.endDragging(velocity: fling, at: 0.5)
    let closed = ScrollMotion(
      bouncingFrom: y, velocity: -fling, to: -60, limits: -60...(2000 - 480), threshold: 0.5 / rig.scroll.screenScale)
    var shown: [Double] = []
    var expected: [Double] = []
    for k in 1...12 {
      let t = 0.5 + Double(k) / 60
      rig.context.advance(to: t)
      rig.scroll.step(to: t)
      shown.append(rig.scroll.presentationContentOffset.y)
      expected.append(closed.position(at: Double(k) / 60))
    }
    return (shown, expected)
  }

  @Test(
    "An inset set as the finger lifts aims the bounce at −60 from the first tick: the closed-form spring",
    arguments: [ReleaseInsetDelegate.Moment.willEndDragging, .didEndDragging], [0.0, 400])
  func bounceFollowsReleaseInset(moment: ReleaseInsetDelegate.Moment, fling: Double) {
    let (shown, closed) = release(fling: fling, moment: moment)
    for (s, c) in zip(shown, closed) { #expect(abs(s - c) < 1e-9, "shown \(s), closed form \(c)") }
  }
}
