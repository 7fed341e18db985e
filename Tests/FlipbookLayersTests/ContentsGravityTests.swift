import Foundation
import Testing

@testable import FlipbookLayers

@Suite("contentsGravity")
struct ContentsGravityTests {
  let bounds = CGRect(x: 0, y: 0, width: 80, height: 60)
  let image = CGSize(width: 20, height: 10)

  @Test(
    "Placements Apple's QuartzCore gives for bounds 80x60 and an image 20x10",
    arguments: [
      (ContentsGravity.resizeAspect, CGRect(x: 0, y: 10, width: 80, height: 40)),
      (.resizeAspectFill, CGRect(x: -20, y: 0, width: 120, height: 60)),
      (.center, CGRect(x: 30, y: 25, width: 20, height: 10)),
      (.resize, CGRect(x: 0, y: 0, width: 80, height: 60)),
    ])
  func oracle(gravity: ContentsGravity, expected: CGRect) {
    #expect(gravity.placement(of: image, in: bounds) == expected)
  }

  @Test(
    "Edge gravities place the image unscaled, with top and bottom flipped as on iOS",
    arguments: [
      (ContentsGravity.left, CGRect(x: 0, y: 25, width: 20, height: 10)),
      (.right, CGRect(x: 60, y: 25, width: 20, height: 10)),
      // iOS flips layer contents: "top" lands on the bottom edge of the y-down bounds, and vice versa.
      (.top, CGRect(x: 30, y: 50, width: 20, height: 10)),
      (.bottom, CGRect(x: 30, y: 0, width: 20, height: 10)),
      (.topLeft, CGRect(x: 0, y: 50, width: 20, height: 10)),
      (.topRight, CGRect(x: 60, y: 50, width: 20, height: 10)),
      (.bottomLeft, CGRect(x: 0, y: 0, width: 20, height: 10)),
      (.bottomRight, CGRect(x: 60, y: 0, width: 20, height: 10)),
    ])
  func edges(gravity: ContentsGravity, expected: CGRect) {
    #expect(gravity.placement(of: image, in: bounds) == expected)
  }

  @Test("EGO's arrow, 23x60 into 30x55 with resizeAspect, is drawn 21.08 pt wide at x 4.46")
  func egoArrow() {
    let r = ContentsGravity.resizeAspect.placement(
      of: CGSize(width: 23, height: 60), in: CGRect(x: 0, y: 0, width: 30, height: 55))
    #expect(abs(r.width - 21.083) < 1e-3 && abs(r.minX - 4.458) < 1e-3 && r.height == 55)
  }
}
