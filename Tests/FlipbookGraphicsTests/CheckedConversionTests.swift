import Foundation
import Testing

@testable import FlipbookGraphics

/// Doubles from geometry or settable properties become `Int`s without trapping: clamped so that the
/// size checks refuse them in words.
@Suite("Checked conversions to Int")
struct CheckedConversionTests {
  @Test(
    "Pixel sides: NaN and negatives are 0, huge and infinite ones one past the longest side",
    arguments: [
      (Double.nan, 0), (-5, 0), (0.2, 1), (16_384, 16_384), (1e300, 16_385), (Double.infinity, 16_385),
    ])
  func pixelSides(value: Double, expected: Int) {
    #expect(PixelCount.roundingUp(value) == expected)
  }

  @Test("A canvas from a huge size is refused in words")
  func hugeCanvas() {
    #expect(throws: GraphicsError.sizeTooLarge(width: 16_385, height: 1, reason: "more than 16384 pixels a side")) {
      try Canvas(size: CGSize(width: 1e300, height: 1), scale: 1)
    }
  }

  @Test("A NaN or out-of-range ratio set on a tolerance allows no pixels or all of them, never traps")
  func toleranceRatio() {
    var tolerance = ImageTolerance.strict
    tolerance.maxDifferingRatio = .nan
    #expect(tolerance.allowedDifferingPixels(of: 100) == 0)
    tolerance.maxDifferingRatio = 1e300
    #expect(tolerance.allowedDifferingPixels(of: 100) == 100)
  }

  @Test("An arc of an absurd sweep is a thousand turns at most; a NaN sweep draws nothing")
  func arcSweep() {
    var path = Path()
    path.move(to: CGPoint(x: 1, y: 0))
    path.appendArcCurves(center: .zero, radiusX: 1, radiusY: 1, rotation: 0, startAngle: 0, sweep: 1e300)
    #expect(path.elements.count == 1 + Int(Path.maxArcQuarterTurns))
    var empty = Path()
    empty.move(to: CGPoint(x: 1, y: 0))
    empty.appendArcCurves(center: .zero, radiusX: 1, radiusY: 1, rotation: 0, startAngle: 0, sweep: .nan)
    #expect(empty.elements.count == 1)
  }
}
