import FlipbookGraphics
import FlipbookJSON
import FlipbookLayers
import Foundation
import Testing

@testable import FlipbookLottie

/// Parses JSON text written in a test.
func json(_ text: String) throws -> JSONCursor {
  JSONCursor(try JSONParser.parse(text))
}

/// An independent cubic Bézier timing solve: bisection on x(s) to 1e-12, then y(s). Written apart from
/// `TimingFunction` so that the tests check Flipbook's solver rather than repeat it.
func bezierEase(_ x: Double, _ c1: (Double, Double), _ c2: (Double, Double)) -> Double {
  func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
    let u = 1 - s
    return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
  }
  var lo = 0.0
  var hi = 1.0
  while hi - lo > 1e-12 {
    let mid = (lo + hi) / 2
    if coordinate(mid, c1.0, c2.0) < x { lo = mid } else { hi = mid }
  }
  return coordinate((lo + hi) / 2, c1.1, c2.1)
}
