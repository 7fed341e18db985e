import FlipbookGraphics
import FlipbookTiming
import Foundation
import Testing

@testable import FlipbookLayers

/// The Fidelity article's rule, "at exactly the end the end value shows; the frame after, the model value", checked
/// where it can break: after the clock has been advanced to that instant, as every frame source does.
@Suite("The end of an active duration")
struct EndOfActiveDurationTests {
  /// Frame `index` of a 60 fps clock, as `FrameClock` computes it: an exact fraction turned into seconds.
  func frame(_ index: Int) -> Double { (Rational(Int64(index), 60)?.seconds)! }

  /// The opacity on screen of the layer named "shape" at `time`.
  func opacity(_ root: Layer, _ time: Double) -> Double { shown(.opacity, of: root, "shape", at: time) }

  /// A fade from 1 to 0.2 over 0.2 s, added at 0.1 s (so it ends at 0.1 + 0.2 = 0.30000000000000004, an ulp
  /// past frame 18's 0.3), over a model opacity of 1.
  func fadingTree() throws -> (context: AnimationContext, root: Layer, shape: ShapeLayer, stops: () -> [Double]) {
    let (context, root, shape) = animatedTree()
    context.advance(to: frame(6))
    var times: [Double] = []
    var fade = BasicAnimation(keyPath: .opacity, from: 1, to: 0.2, duration: 0.2)
    fade.completion = { [unowned context] finished in if finished { times.append(context.currentTime) } }
    try shape.add(fade, forKey: "fade")
    return (context, root, shape, { times })
  }

  @Test("The frame at the end instant shows the end value, though the clock was advanced to it")
  func endFrameShowsEndValue() throws {
    let (context, root, shape, stops) = try fadingTree()
    context.advance(to: frame(17))
    let before: Double = 1 - 0.8 * (17.0 / 60 - 0.1) / 0.2
    #expect(abs(opacity(root, frame(17)) - before) < 1e-9)
    context.advance(to: frame(18))
    #expect(abs(opacity(root, frame(18)) - 0.2) < 1e-12, "the end value")
    #expect(shape.animationKeys == ["fade"], "kept, stopped, for this instant")
    #expect(stops().count == 1, "its completion ran at the end, once")
    context.advance(to: frame(18))
    #expect(stops().count == 1, "advancing to the same instant reports nothing again")
    context.advance(to: frame(19))
    #expect(opacity(root, frame(19)) == 1, "the next frame: the model value")
    #expect(shape.animationKeys.isEmpty)
    #expect(stops().count == 1)
  }

  @Test("An animation that ended between frames is gone by the next frame, its completion at its end")
  func endBetweenFrames() throws {
    let (context, root, shape) = animatedTree()
    var times: [Double] = []
    var fade = BasicAnimation(keyPath: .opacity, from: 1, to: 0, duration: 0.25)
    fade.completion = { [unowned context] _ in times.append(context.currentTime) }
    try shape.add(fade, forKey: "fade")
    context.advance(to: frame(16))  // 0.2666…, past 0.25
    #expect(opacity(root, frame(16)) == 1)
    #expect(shape.animationKeys.isEmpty)
    #expect(times == [0.25])
  }

  @Test("A completion at the end instant can replace the animation under its key, told nothing twice")
  func replacedAtTheEnd() throws {
    let (context, root, shape) = animatedTree()
    var stops: [String] = []
    var first = BasicAnimation(keyPath: .opacity, from: 1, to: 0.5, duration: 0.5)
    first.completion = { finished in
      stops.append("first \(finished)")
      var second = BasicAnimation(keyPath: .opacity, from: 0.5, to: 0, duration: 0.5)
      second.completion = { stops.append("second \($0)") }
      try? shape.add(second, forKey: "fade")
    }
    try shape.add(first, forKey: "fade")
    context.advance(to: frame(30))
    #expect(stops == ["first true"])
    #expect(abs(opacity(root, frame(30)) - 0.5) < 1e-12)
    context.advance(to: frame(45))
    #expect(abs(opacity(root, frame(45)) - 0.25) < 1e-12)
    context.advance(to: frame(60))
    #expect(stops == ["first true", "second true"])
    #expect(opacity(root, frame(60)) == 0, "the second's end value at its end")
    context.advance(to: frame(61))
    #expect(opacity(root, frame(61)) == 1)
  }

  @Test("One kept on completion with fill forwards holds its end value at and after the end")
  func keptOnCompletion() throws {
    let (context, root, shape) = animatedTree()
    var fade = BasicAnimation(keyPath: .opacity, from: 1, to: 0, duration: 0.5)
    fade.isRemovedOnCompletion = false
    fade.timing.fillMode = .forwards
    try shape.add(fade, forKey: "fade")
    context.advance(to: frame(30))
    #expect(opacity(root, frame(30)) == 0)
    context.advance(to: frame(90))
    #expect(opacity(root, frame(90)) == 0)
    #expect(shape.animationKeys == ["fade"])
  }
}
