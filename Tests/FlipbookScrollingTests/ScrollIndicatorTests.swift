import FlipbookGraphics
import FlipbookLayers
import FlipbookTiming
import Foundation
import Testing

@testable import FlipbookScrolling

/// The vertical scroll indicator of the 320 × 480 rig over 2000 pt of content: where it is, how long,
/// when it shows and when it has faded.
@Suite("Scroll indicator")
struct ScrollIndicatorTests {
  /// The track of the rig: 480 pt less 3 pt at each end.
  static let track = 480.0 - 2 * 3
  /// 480 of 2000 pt visible: the bar is 24 % of the track, 113.76 pt.
  static let length = track * 480 / 2000

  /// The opacity on screen at `time`.
  func alpha(_ indicator: ScrollIndicator, at time: Double) -> Double {
    indicator.layer.presentation(at: time).opacity
  }

  /// The rig dragged 200 pt up by 0.2 s and let go without speed at `release`, stepped to `release`.
  func releasedStill(at release: Double) -> (
    context: AnimationContext, root: Layer, scroll: ScrollView, trace: CallbackTrace
  ) {
    let rig = scrollRig()
    rig.scroll.beginDragging(at: 0)
    rig.scroll.drag(translation: -200, at: 0.2)
    rig.scroll.endDragging(velocity: 0, at: release)
    run(rig, from: release, to: release)
    return rig
  }

  @Test("At rest before any motion there is no indicator; setting the offset in code shows none")
  func invisibleAtRest() {
    let rig = scrollRig()
    run(rig, from: 0, to: 0.5)
    #expect(rig.scroll.verticalScrollIndicator == nil)
    rig.scroll.contentOffset = CGPoint(x: 0, y: 300)
    run(rig, from: 0.5, to: 1)
    #expect(rig.scroll.verticalScrollIndicator == nil)
  }

  @Test("Dragging shows it at once: 2.5 pt wide, 3 pt from the right, as long as the visible fraction")
  func whileDragging() throws {
    let rig = scrollRig()
    rig.scroll.beginDragging(at: 0)
    rig.scroll.drag(translation: -380, at: 0.2)
    let indicator = try #require(rig.scroll.verticalScrollIndicator)
    #expect(alpha(indicator, at: 0.2) == 1)
    let frame = indicator.frame
    #expect(frame.minX == 320 - 3 - 2.5 && frame.maxX == 320 - 3)
    #expect(abs(frame.height - Self.length) < 1e-9)
    // 380 of the 1520 pt range scrolled: a quarter of the way down the free part of the track.
    #expect(abs(frame.minY - (380 + 3 + 0.25 * (Self.track - Self.length))) < 1e-9)
    #expect(indicator.layer.cornerRadius == 1.25, "round ends")
    #expect(indicator.backgroundColor == Color(white: 0, alpha: 89 / 255.0))
  }

  @Test("At the end of the content the bar touches the bottom of the track")
  func atBottom() throws {
    let rig = scrollRig()
    rig.scroll.beginDragging(at: 0)
    rig.scroll.drag(translation: -1520, at: 0.2)
    let frame = try #require(rig.scroll.verticalScrollIndicator).frame
    #expect(abs(frame.maxY - (1520 + 480 - 3)) < 1e-9)
  }

  @Test("Pulled past the top it stays at the top and is shorter by the overshoot, down to 8 pt")
  func squeezedPastTop() throws {
    let rig = scrollRig()
    rig.scroll.beginDragging(at: 0)
    rig.scroll.drag(translation: 100, at: 0.2)
    let overshoot = -rig.scroll.contentOffset.y
    #expect(abs(overshoot - RubberBand.offset(distance: 100, dimension: 480)) < 1e-9)
    var frame = try #require(rig.scroll.verticalScrollIndicator).frame
    #expect(abs(frame.height - (Self.length - overshoot)) < 1e-9)
    #expect(frame.minY == -overshoot + 3, "the bar's top at the top of the visible track")
    rig.scroll.drag(translation: 400, at: 0.4)
    frame = try #require(rig.scroll.verticalScrollIndicator).frame
    #expect(-rig.scroll.contentOffset.y > Self.length)
    #expect(frame.height == 8)
  }

  @Test("Pushed past the bottom it stays at the bottom and is shorter by the overshoot")
  func squeezedPastBottom() throws {
    let rig = scrollRig()
    rig.scroll.beginDragging(at: 0)
    rig.scroll.drag(translation: -1600, at: 0.2)
    let overshoot = rig.scroll.contentOffset.y - 1520
    #expect(overshoot > 0)
    let frame = try #require(rig.scroll.verticalScrollIndicator).frame
    #expect(abs(frame.height - (Self.length - overshoot)) < 1e-9)
    #expect(abs(frame.maxY - (rig.scroll.contentOffset.y + 480 - 3)) < 1e-9)
  }

  @Test("The track lies inside the content inset, as UIKit's indicator insets follow it")
  func insideInset() {
    let frame = ScrollIndicator.frame(
      viewport: CGSize(width: 320, height: 480), contentHeight: 2000, inset: EdgeInsets(top: 64, bottom: 16),
      offset: CGPoint(x: 0, y: -64))
    #expect(frame?.origin == CGPoint(x: 314.5, y: 3) && frame?.width == 2.5)
    #expect(abs((frame?.height ?? 0) - (400 - 6) * 400 / 2000) < 1e-9)
  }

  @Test("A short content gets the 36 pt minimum; content that fits gets no indicator")
  func minimumAndNone() {
    let viewport = CGSize(width: 320, height: 480)
    let long = ScrollIndicator.frame(viewport: viewport, contentHeight: 20_000, inset: .zero, offset: .zero)
    #expect(long?.height == 36)
    #expect(ScrollIndicator.frame(viewport: viewport, contentHeight: 480, inset: .zero, offset: .zero) == nil)
    let rig = scrollRig()
    rig.scroll.contentSize.height = 300
    rig.scroll.beginDragging(at: 0)
    rig.scroll.drag(translation: 80, at: 0.2)
    #expect(rig.scroll.verticalScrollIndicator?.isHidden == true)
  }

  @Test("Released still, it stays 0.05 s, then fades out over 0.25 s on the clock")
  func fadesAfterRelease() throws {
    let rig = releasedStill(at: 0.5)
    #expect(!rig.scroll.isDecelerating)
    let indicator = try #require(rig.scroll.verticalScrollIndicator)
    #expect(alpha(indicator, at: 0.5) == 1)
    #expect(alpha(indicator, at: 0.55) == 1, "the delay")
    // The default view curve, easeInEaseOut, is half way at half the duration.
    #expect(abs(alpha(indicator, at: 0.55 + 0.125) - 0.5) < 1e-6)
    #expect(alpha(indicator, at: 0.8) == 0)
    #expect(indicator.alpha == 0, "the model is faded out")
  }

  @Test("After a bounce it fades from the moment the bounce settles")
  func fadesAfterBounce() throws {
    let rig = scrollRig()
    rig.scroll.beginDragging(at: 0)
    rig.scroll.drag(translation: 136.7, at: 0.5)
    rig.scroll.endDragging(velocity: 0, at: 0.5)
    var settled: Double?
    var k = 30
    while settled == nil, k < 300 {
      let t = Double(k) / 60
      rig.context.advance(to: t)
      rig.scroll.step(to: t)
      if !rig.scroll.isDecelerating { settled = t }
      k += 1
    }
    let end = try #require(settled)
    let indicator = try #require(rig.scroll.verticalScrollIndicator)
    #expect(alpha(indicator, at: end - 1.0 / 60) == 1, "visible while bouncing")
    #expect(alpha(indicator, at: end + 0.05) == 1)
    #expect(alpha(indicator, at: end + 0.05 + 0.25) == 0)
    #expect(alpha(indicator, at: end + 0.05 + 0.1) < 1)
  }

  @Test("Touching again while it fades shows it at full strength at once")
  func reshown() throws {
    let rig = releasedStill(at: 0.3)
    run(rig, from: 0.31, to: 0.5)
    let indicator = try #require(rig.scroll.verticalScrollIndicator)
    #expect(alpha(indicator, at: 0.5) < 1)
    rig.scroll.beginDragging(at: 0.5)
    rig.scroll.drag(translation: -10, at: 0.5)
    #expect(alpha(indicator, at: 0.5) == 1 && alpha(indicator, at: 1) == 1)
    #expect(indicator.layer.animations.isEmpty)
  }

  @Test("After an animated offset change it fades once the change has ended")
  func fadesAfterAnimatedScroll() throws {
    let rig = scrollRig()
    rig.scroll.beginDragging(at: 0)
    rig.scroll.drag(translation: -200, at: 0.2)
    rig.context.advance(to: 0.3)
    rig.scroll.endDragging(velocity: 0, at: 0.3)
    rig.context.animate(withDuration: 0.4) { rig.scroll.contentOffset = CGPoint(x: 0, y: 600) }
    run(rig, from: 0.3, to: 0.5)
    let indicator = try #require(rig.scroll.verticalScrollIndicator)
    // Half way through the scroll the bar is where the offset on screen puts it.
    let onScreen = rig.scroll.layer.presentation(at: 0.5).bounds.origin.y
    #expect(onScreen > 200 && onScreen < 600)
    let bar = indicator.layer.presentation(at: 0.5).frame.minY
    let expected = try #require(
      ScrollIndicator.frame(
        viewport: CGSize(width: 320, height: 480), contentHeight: 2000, inset: .zero, offset: CGPoint(x: 0, y: onScreen)
      ))
    #expect(abs(bar - expected.minY) < 1e-6)
    #expect(alpha(indicator, at: 0.7 + 0.05) == 1, "the scroll ends at 0.7 s; then the delay")
    #expect(abs(alpha(indicator, at: 0.75 + 0.125) - 0.5) < 1e-6)
    run(rig, from: 0.51, to: 1.0)
    #expect(alpha(indicator, at: 1.0) == 0)
  }

  @Test("An inset animated in a view block moves the bar at once, adding nothing for the block to wait on")
  func insetInBlock() throws {
    let rig = scrollRig()
    rig.scroll.beginDragging(at: 0)
    rig.scroll.drag(translation: 100, at: 0.2)
    var finished: Bool?
    rig.context.animate(withDuration: 4) {
      rig.scroll.contentInset.top = 110
    } completion: {
      finished = $0
    }
    let indicator = try #require(rig.scroll.verticalScrollIndicator)
    #expect(indicator.layer.animations.isEmpty)
    let expected = ScrollIndicator.frame(
      viewport: CGSize(width: 320, height: 480), contentHeight: 2000, inset: EdgeInsets(top: 110),
      offset: rig.scroll.contentOffset)
    #expect(indicator.frame == expected, "laid out for the new inset")
    rig.scroll.endDragging(velocity: 0, at: 0.2)
    run(rig, from: 0.2, to: 4.2)
    #expect(finished == true, "the block's own animation ran to its end")
  }

  @Test("Turned off, no indicator is made")
  func turnedOff() {
    let rig = scrollRig()
    rig.scroll.showsVerticalScrollIndicator = false
    rig.scroll.beginDragging(at: 0)
    rig.scroll.drag(translation: -200, at: 0.2)
    #expect(rig.scroll.verticalScrollIndicator == nil)
    #expect(rig.scroll.layer.sublayers.isEmpty)
  }

  @Test("It stays above subviews added after it")
  func onTop() throws {
    let rig = scrollRig()
    rig.scroll.addSubview(View(frame: CGRect(x: 0, y: 0, width: 320, height: 2000)))
    rig.scroll.beginDragging(at: 0)
    rig.scroll.drag(translation: -100, at: 0.1)
    rig.scroll.addSubview(View(frame: CGRect(x: 0, y: -60, width: 320, height: 60)))
    rig.scroll.drag(translation: -110, at: 0.2)
    let indicator = try #require(rig.scroll.verticalScrollIndicator)
    #expect(rig.scroll.subviews.last === indicator)
    #expect(rig.scroll.layer.sublayers.last === indicator.layer)
  }
}
