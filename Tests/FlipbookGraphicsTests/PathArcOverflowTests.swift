import Foundation
import Testing

@testable import FlipbookGraphics

/// An SVG arc whose radius is read as infinity has no finite centre:
/// libFuzzer's `FuzzPath` found that `M 20 10 A 1333e33333333333330 10 5 1 1 0 10` trapped converting
/// a NaN sweep to a segment count (Fuzz/regressions/FuzzPath/). Path data now refuses the radius (past
/// ±1e9), and an arc built in code with a non-finite sweep adds nothing.
struct PathArcOverflowTests {
  @Test func theFuzzersInputIsRefusedWithItsOffset() throws {
    #expect(throws: (any Error).self) { try Path(svg: "M 20 10 A 1333e33333333333330 10 5 1 1 0 10") }
    do {
      _ = try Path(svg: "M 20 10 A 1333e33333333333330 10 5 1 1 0 10")
    } catch {
      #expect("\(error)".contains("at offset 10 is beyond ±1e9"))
    }
  }

  @Test func aNonFiniteSweepAddsNothing() {
    var path = Path()
    path.move(to: CGPoint(x: 1, y: 1))
    path.appendArcCurves(center: .zero, radiusX: 1, radiusY: 1, rotation: 0, startAngle: 0, sweep: .nan)
    #expect(path.svgString == "M 1 1")
  }
}
