import FlipbookGraphics
import FlipbookJSON
import FlipbookLayers
import FlipbookTiming
import Foundation
import Testing

@testable import FlipbookLottie

@Suite("Lottie keyframes: decoding and Core Animation")
struct KeyframeTests {
  /// A 10 fps composition of frames 0…10, paused, and a layer animated through `property` shown at `frame`.
  func opacity(at frame: Double, property: String) throws -> Double {
    let keyframes = try LottieKeyframes<Double>(decoding: try json(property))
    let timeline = LottieTimeline(startFrame: 0, endFrame: 10, framerate: 10)
    let context = LottieBuildContext(timeline: timeline)
    let root = Layer()
    let layer = Layer()
    root.addSublayer(layer)
    context.addAnimation(to: layer, .opacity, keyframes: keyframes, property: "Opacity") { $0 / 100 }
    root.speed = 0
    root.timeOffset = timeline.compositionTime(forFrame: frame)
    return root.presentation(at: 0).sublayers[0].opacity
  }

  @Test("An eased keyframe at its midpoint matches an independent Bézier solve")
  func easedMidpoint() throws {
    let property = """
      {"a": 1, "k": [
        {"t": 0, "s": [0], "o": {"x": [0.7], "y": [0.1]}, "i": {"x": [0.2], "y": [0.9]}},
        {"t": 10, "s": [100]}]}
      """
    let expected = bezierEase(0.5, (0.7, 0.1), (0.2, 0.9))
    #expect(abs(try opacity(at: 5, property: property) - expected) < 1e-6)
    #expect(abs(expected - 0.5) > 0.05, "the curve is asymmetric, so linear would fail")
    #expect(try opacity(at: 0, property: property) == 0)
    // One run keeps lottie-ios's Float key times: at frame 10 the key time lies 3e-8 past, so the value is 1 − ε.
    #expect(abs(try opacity(at: 10, property: property) - 1) < 1e-6)
  }

  @Test("Keyframes sharing a time read as the last of them at that time, as lottie-ios's interpolator walks past them")
  func sharedTimes() {
    // In points as lottie-ios samples them under time remapping: [hidden@0, shown@0, hidden@10] reads shown at 0.
    let keyframes = [
      LottieKeyframe(value: 1.0, frame: 0, isHold: true), LottieKeyframe(value: 2.0, frame: 0, isHold: true),
      LottieKeyframe(value: 3.0, frame: 10, isHold: true),
    ]
    #expect(keyframes.lottieValue(atFrame: 0) == 2.0)
    #expect(keyframes.lottieValue(atFrame: -1) == 1.0, "before the first time, the first value")
    #expect(keyframes.lottieValue(atFrame: 9.99) == 2.0)
    #expect(keyframes.lottieValue(atFrame: 10) == 3.0)
  }

  @Test("Tangent coordinates may be plain numbers")
  func numericTangents() throws {
    let property = """
      {"a": 1, "k": [{"t": 0, "s": 0, "o": {"x": 0.7, "y": 0.1}, "i": {"x": 0.2, "y": 0.9}}, {"t": 10, "s": 100}]}
      """
    let expected = bezierEase(0.25, (0.7, 0.1), (0.2, 0.9))
    #expect(abs(try opacity(at: 2.5, property: property) - expected) < 1e-6)
  }

  @Test("A hold keyframe keeps its value until the next keyframe, then the next run eases linearly")
  func hold() throws {
    // Two hold keyframes make a discrete run of two values (a run of one is not shown on iOS: EngineTests).
    let property = """
      {"a": 1, "k": [{"t": 0, "s": [20], "h": 1}, {"t": 2, "s": [40], "h": 1}, {"t": 4, "s": [60]}, {"t": 8, "s": [100]}]}
      """
    #expect(abs(try opacity(at: 1.9, property: property) - 0.2) < 1e-9)
    #expect(abs(try opacity(at: 3.9, property: property) - 0.4) < 1e-9)
    #expect(abs(try opacity(at: 4, property: property) - 0.6) < 1e-9)
    #expect(abs(try opacity(at: 6, property: property) - 0.8) < 1e-9)
    #expect(abs(try opacity(at: 9, property: property) - 1.0) < 1e-9, "the last value holds after its keyframe")
  }

  @Test("bodymovin 4: end values and a last keyframe with only a time")
  func bodymovin4() throws {
    let property = """
      {"a": 1, "k": [{"t": 0, "s": [0], "e": [50]}, {"t": 5, "s": [50], "e": [80]}, {"t": 10}]}
      """
    let keyframes = try LottieKeyframes<Double>(decoding: try json(property))
    #expect(keyframes.keyframes.map(\.value) == [0, 50, 80])
    // One run, Float key times (lottie-ios): within 1e-7 of the exact 0.65.
    #expect(abs(try opacity(at: 7.5, property: property) - 0.65) < 1e-6)
  }

  @Test("A static value sets the property without an animation")
  func staticValue() throws {
    let keyframes = try LottieKeyframes<Double>(decoding: try json(#"{"a": 0, "k": 40}"#))
    let layer = Layer()
    LottieBuildContext(timeline: LottieTimeline(startFrame: 0, endFrame: 10, framerate: 10))
      .addAnimation(to: layer, .opacity, keyframes: keyframes) { $0 / 100 }
    #expect(layer.opacity == 0.4)
    #expect(layer.animations.isEmpty)
  }

  @Test("A position follows the cubic its spatial tangents draw, by arc length")
  func spatialPath() throws {
    let property = """
      {"a": 1, "k": [{"t": 0, "s": [0, 0], "to": [50, 0], "ti": [0, -50]}, {"t": 10, "s": [100, 100]}]}
      """
    let keyframes = try LottieKeyframes<LottieVector>(decoding: try json(property))
    let timeline = LottieTimeline(startFrame: 0, endFrame: 10, framerate: 10)
    let root = Layer()
    let layer = Layer()
    root.addSublayer(layer)
    LottieBuildContext(timeline: timeline).addAnimation(to: layer, .position, keyframes: keyframes) { $0.point }
    root.speed = 0
    root.timeOffset = timeline.compositionTime(forFrame: 5)
    let shown = root.presentation(at: 0).sublayers[0].position
    // Independently: the cubic (0,0) (50,0) (100,50) (100,100) sampled finely, halfway along its length.
    func bezier(_ s: Double) -> CGPoint {
      let u = 1 - s
      let x = 3 * u * u * s * 50 + 3 * u * s * s * 100 + s * s * s * 100
      let y = 3 * u * s * s * 50 + s * s * s * 100
      return CGPoint(x: x, y: y)
    }
    var lengths = [0.0]
    let steps = 20000
    for i in 1...steps {
      let a = bezier(Double(i - 1) / Double(steps))
      let b = bezier(Double(i) / Double(steps))
      lengths.append(lengths[i - 1] + hypot(b.x - a.x, b.y - a.y))
    }
    let half = lengths[steps] / 2
    let index = lengths.firstIndex { $0 >= half } ?? steps
    let expected = bezier(Double(index) / Double(steps))
    #expect(abs(shown.x - expected.x) < 0.05 && abs(shown.y - expected.y) < 0.05, "\(shown) vs \(expected)")
    #expect(abs(shown.x - 50) > 1 || abs(shown.y - 50) > 1, "a straight line would pass (50, 50)")
  }

  @Test("Keyframes past the out point widen the span instead of breaking key times")
  func keyframesPastTheEnd() throws {
    let property = #"{"a": 1, "k": [{"t": -10, "s": [0]}, {"t": 30, "s": [100]}]}"#
    // Linear from frame −10 to 30: frame 10 is halfway.
    #expect(abs(try opacity(at: 10, property: property) - 0.5) < 1e-9)
    #expect(abs(try opacity(at: 0, property: property) - 0.25) < 1e-9)
  }

  @Test(
    "Bad keyframes are one error naming the JSON path",
    arguments: [
      (#"{"a": 1, "k": [{"t": 0}, {"t": 5, "s": [1]}]}"#, "$.k[0]"),
      (#"{"a": 1, "k": [{"t": 5, "s": [0]}, {"t": 2, "s": [1]}]}"#, "$.k[1].t"),
      (#"{"a": 1, "k": [{"t": 0, "s": ["x"]}, {"t": 2, "s": [1]}]}"#, "$.k[0].s[0]"),
      (#"{"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0.1]}}, {"t": 2, "s": [1]}]}"#, "$.k[0].o"),
      (#"{"a": 1, "k": [{"t": 0, "s": [1e300]}, {"t": 2, "s": [1]}]}"#, "$.k[0].s[0]"),
      (#"{"a": 1}"#, "$"),
    ])
  func errors(input: String, location: String) throws {
    #expect {
      _ = try LottieKeyframes<Double>(decoding: try json(input))
    } throws: { error in
      (error as? DocumentError)?.location == location
    }
  }
}
