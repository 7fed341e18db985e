import FlipbookGraphics
import Foundation
import Testing

@testable import FlipbookLayers

@Suite("Converting between layers' time spaces")
struct TimeConversionTests {
  /// `CAMediaTiming.h` on `speed`: "if rate is 2, local time progresses twice as fast as parent time".
  @Test("A speed-2 layer's local time runs twice as fast as the root parent time")
  func speedTwo() {
    let root = Layer()
    let layer = Layer()
    root.addSublayer(layer)
    layer.speed = 2
    #expect(layer.convertTime(1, from: nil) == 2)
    #expect(layer.convertTime(2, to: nil) == 1)
    #expect(root.convertTime(1, from: nil) == 1)
  }

  /// A published log (the "Comprehend pause and resume animation on a layer" question on the Core Animation
  /// guide): `convertTime(CACurrentMediaTime(), from: nil)` read 7206.884498, and after `beginTime = 5.0`
  /// (the clock 0.00059 s later) read 7201.885088: the layer's time is 5 s less.
  @Test("Setting beginTime to 5 s puts the layer's time 5 s behind, as a logged device run shows")
  func beginTimeFive() {
    let root = Layer()
    let layer = Layer()
    root.addSublayer(layer)
    #expect(layer.convertTime(7206.884498, from: nil) == 7206.884498)
    layer.beginTime = 5
    #expect(abs(layer.convertTime(7206.885088, from: nil) - 7201.885088) < 1e-9)
  }

  @Test("beginTime, speed and timeOffset apply at each level, and conversions invert each other")
  func nested() {
    let root = Layer()
    let parent = Layer()
    let child = Layer()
    let sibling = Layer()
    root.addSublayer(parent)
    parent.addSublayer(child)
    root.addSublayer(sibling)
    parent.beginTime = 1
    parent.speed = 2
    child.speed = 0.5
    child.timeOffset = 0.5
    sibling.beginTime = 3
    // Root parent time 4: the parent reads (4 − 1) × 2 = 6, the child 6 × 0.5 + 0.5 = 3.5, the sibling 1.
    #expect(child.convertTime(4, from: nil) == 3.5)
    #expect(child.convertTime(3.5, to: nil) == 4)
    #expect(child.convertTime(6, from: parent) == 3.5)
    #expect(parent.convertTime(3.5, from: child) == 6)
    #expect(child.convertTime(1, from: sibling) == 3.5)
    #expect(sibling.convertTime(3.5, from: child) == 1)
    #expect(child.convertTime(3.5, to: sibling) == 1)
    #expect(child.convertTime(2, from: child) == 2)
    // The local time the clock gives agrees.
    let context = AnimationContext(time: 4)
    root.animationContext = context
    #expect(child.localTime == child.convertTime(context.currentTime, from: nil))
  }

  @Test("Apple's pause and resume (Technical Q&A QA1673) holds the local time still, then resumes it")
  func pauseAndResume() {
    let context = AnimationContext(time: 3)
    let root = Layer()
    root.animationContext = context
    let layer = Layer()
    root.addSublayer(layer)
    // Pause: timeOffset = convertTime(now, from: nil); speed = 0.
    let pausedTime = layer.convertTime(context.currentTime, from: nil)
    layer.speed = 0
    layer.timeOffset = pausedTime
    context.advance(to: 5)
    #expect(layer.localTime == 3, "paused")
    // Resume: speed 1, timeOffset 0, beginTime 0, then beginTime = convertTime(now, from: nil) − pausedTime.
    layer.speed = 1
    layer.timeOffset = 0
    layer.beginTime = 0
    layer.beginTime = layer.convertTime(context.currentTime, from: nil) - pausedTime
    #expect(layer.localTime == 3, "resumes where it paused")
    context.advance(to: 6)
    #expect(layer.localTime == 4)
  }
}
