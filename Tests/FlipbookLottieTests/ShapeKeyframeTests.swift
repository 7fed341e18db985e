import FlipbookGraphics
import FlipbookJSON
import Foundation
import Testing

@testable import FlipbookLottie

/// Linear keyframes `(frame, value)`.
private func linear(_ points: [(Double, Double)]) -> LottieKeyframes<Double> {
  LottieKeyframes(keyframes: points.map { LottieKeyframe(value: $0.1, frame: $0.0) })
}

private func trim(start: LottieKeyframes<Double>, end: LottieKeyframes<Double>, offset: Double) -> ShapeTrim {
  var t = try! ShapeTrim(
    info: ShapeItemInfo(name: "Trim", hidden: false),
    JSONCursor(try! JSONParser.parse(#"{"s": {"k": 0}, "e": {"k": 100}, "o": {"k": 0}}"#)))
  t.start = start
  t.end = end
  t.offset = LottieKeyframes(offset)
  return t
}

@Suite("Combining keyframes and converting trims, as lottie-ios does")
struct ShapeKeyframeTests {
  @Test("Properties with the same keyframe times combine keyframe by keyframe; constants repeat")
  func sharedTiming() throws {
    let a = try #require(CombinableKeyframes(linear([(0, 1), (10, 2)]), interpolate: ShapeInterpolation.number))
    let b = try #require(CombinableKeyframes(linear([(0, 10), (10, 20)]), interpolate: ShapeInterpolation.number))
    let c = try #require(CombinableKeyframes(LottieKeyframes(100.0), interpolate: ShapeInterpolation.number))
    let combined = ShapeKeyframes.combined([a, b, c]) { ($0[0] as! Double) + ($0[1] as! Double) + ($0[2] as! Double) }
    #expect(combined.keyframes.map(\.value) == [111, 122])
    #expect(combined.keyframes.map(\.frame) == [0, 10])
    #expect(!combined.keyframes[0].isHold)
  }

  @Test("Different keyframe times are sampled every 0.1 frame as holds, from the first time to before the last")
  func sampled() throws {
    let a = try #require(CombinableKeyframes(linear([(0, 0), (10, 10)]), interpolate: ShapeInterpolation.number))
    let b = try #require(CombinableKeyframes(linear([(0, 0), (5, 50)]), interpolate: ShapeInterpolation.number))
    let combined = ShapeKeyframes.combined([a, b]) { ($0[0] as! Double) + ($0[1] as! Double) }
    #expect(combined.keyframes.count == 100)
    #expect(combined.keyframes.allSatisfy { $0.isHold })
    // Frame 2.5: a = 2.5, b = 25.
    let sample = try #require(combined.keyframes.first { abs($0.frame - 2.5) < 1e-9 })
    #expect(abs(sample.value - 27.5) < 1e-9)
  }

  @Test("A value at a frame follows the easing curve: ease (0.42, 0)→(0.58, 1) is 0.5 halfway, symmetric")
  func easedValue() {
    var k = linear([(0, 0), (10, 100)])
    k.keyframes[0].outTangent = CGPoint(x: 0.42, y: 0)
    k.keyframes[1].inTangent = CGPoint(x: 0.58, y: 1)
    let middle = k.value(atFrame: 5, interpolate: ShapeInterpolation.number)!
    #expect(abs(middle - 50) < 1e-6)
    let quarter = k.value(atFrame: 2.5, interpolate: ShapeInterpolation.number)!
    #expect(quarter < 25, "an ease-in starts slower than linear")
    #expect(k.value(atFrame: -5, interpolate: ShapeInterpolation.number) == 0)
    #expect(k.value(atFrame: 50, interpolate: ShapeInterpolation.number) == 100)
  }

  @Test("Trim 0…50 % with no offset is strokeStart 0, strokeEnd 0.5 on the path as it is")
  func plainTrim() {
    let t = trim(start: LottieKeyframes(0), end: LottieKeyframes(50), offset: 0).strokeKeyframes
    #expect(t.multiplier == 1)
    #expect(t.start.keyframes.map(\.value) == [0])
    #expect(t.end.keyframes.map(\.value) == [0.5])
  }

  @Test("Offset 270° takes 0…50 % to 75…125 %: the path is doubled and the stroke is 0.375…0.625 of it")
  func wrappingTrim() {
    let t = trim(start: LottieKeyframes(0), end: LottieKeyframes(50), offset: 270).strokeKeyframes
    #expect(t.multiplier == 2)
    #expect(t.start.keyframes.map(\.value) == [0.375])
    #expect(t.end.keyframes.map(\.value) == [0.625])
  }

  @Test("Offset −90° takes 0…50 % to −25…25 %: shifted up one length on a doubled path")
  func negativeOffset() {
    let t = trim(start: LottieKeyframes(0), end: LottieKeyframes(50), offset: -90).strokeKeyframes
    #expect(t.multiplier == 2)
    #expect(t.start.keyframes.map(\.value) == [0.375])
    #expect(t.end.keyframes.map(\.value) == [0.625])
  }

  @Test("Start and end that cross are ordered sample by sample when their timings differ")
  func crossingTrim() {
    let t = trim(start: linear([(0, 0), (10, 100)]), end: linear([(0, 100), (20, 0)]), offset: 0).strokeKeyframes
    let atTwo = t.start.keyframes.first { abs($0.frame - 2) < 1e-9 }!
    #expect(abs(atTwo.value - 0.2) < 1e-9)
    let atEight = t.start.keyframes.first { abs($0.frame - 8) < 1e-9 }!
    #expect(abs(atEight.value - 0.6) < 1e-9, "past the crossing (start 80, end 60) the end's value is the start")
  }

  @Test("With shared timing lottie-ios orders only the keyframes themselves")
  func crossingSharedTiming() {
    let t = trim(start: linear([(0, 0), (10, 100)]), end: linear([(0, 100), (10, 0)]), offset: 0).strokeKeyframes
    #expect(t.start.keyframes.map(\.value) == [0, 0])
    #expect(t.end.keyframes.map(\.value) == [1, 1])
  }
}
