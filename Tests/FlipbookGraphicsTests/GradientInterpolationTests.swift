import Foundation
import Testing

@testable import FlipbookGraphics

/// Gradients blended in Generic RGB, as iOS draws a CAGradientLayer, checked against colour-science 0.4.7 (PyPI),
/// which computes the same conversion independently: its "ITU-T H.273 - 22 Unspecified" colour space (the P22
/// primaries, D65) against its "sRGB", `matrix_RGB_to_RGB` without chromatic adaptation, the sRGB curve from
/// `cctf_decoding`/`cctf_encoding`, a 1.8 gamma.
@Suite("Gradients blended as iOS blends them")
struct GradientInterpolationTests {
  @Test("Linear sRGB to linear Generic RGB is colour-science's matrix")
  func matrix() {
    let expected: [[Double]] = [
      [0.97495, 0.027297, -0.00208], [-0.020089, 1.054255, -0.034215], [0.001667, 0.001564, 0.996711],
    ]
    for row in 0..<3 {
      for column in 0..<3 {
        #expect(abs(GenericRGB.fromLinearSRGB[row][column] - expected[row][column]) < 1e-5, "\(row), \(column)")
      }
    }
  }

  @Test("A stop outside Generic RGB's gamut comes back with its zero channel lifted; greys stay grey")
  func clipping() {
    func roundTrip(_ color: Color) -> [Double] {
      let back = GenericRGB.sRGBColor(GenericRGB.encoded(color), alpha: 1)
      return [back.red, back.green, back.blue].map { $0 * 255 }
    }
    // colour-science: (1, 0, 0) → (254.94, 37.62, 0); (0.5, 0.5, 0.5) → 127.5 each.
    for (value, expected) in zip(roundTrip(Color(red: 1, green: 0, blue: 0)), [254.94, 37.62, 0]) {
      #expect(abs(value - expected) < 0.05, "\(value)")
    }
    for value in roundTrip(Color(red: 0.5, green: 0.5, blue: 0.5)) { #expect(abs(value - 127.5) < 0.01) }
  }

  @Test("Half way between two stops is the Generic RGB blend, as iOS drew lottie-ios's gradient_pill")
  func drawnMidpoint() throws {
    let canvas = try Canvas(size: CGSize(width: 201, height: 1), scale: 1)
    let stops = [(0.0, Color(red: 1, green: 0.988, blue: 0)), (1.0, Color(red: 0.5, green: 0.994, blue: 0.024))]
    canvas.fillLinearGradient(
      in: CGRect(x: 0, y: 0, width: 201, height: 1), from: CGPoint(x: 0.5, y: 0), to: CGPoint(x: 200.5, y: 0),
      stops: stops, interpolation: .genericRGB)
    let middle = canvas.makeImage().pixel(x: 100, y: 0)
    // colour-science: (195.14, 250.35, 3.48); iOS drew (195, 251, 4) there (the pill's reference at progress 0).
    #expect(abs(Double(middle.r) - 195.14) <= 1 && abs(Double(middle.g) - 250.35) <= 1, "\(middle)")
    #expect(abs(Double(middle.b) - 3.48) <= 1, "\(middle)")
    let plain = try Canvas(size: CGSize(width: 201, height: 1), scale: 1)
    plain.fillLinearGradient(
      in: CGRect(x: 0, y: 0, width: 201, height: 1), from: CGPoint(x: 0.5, y: 0), to: CGPoint(x: 200.5, y: 0),
      stops: stops)
    #expect(abs(Int(plain.makeImage().pixel(x: 100, y: 0).r) - 191) <= 1, "sRGB blending: (255 + 127.5) / 2")
  }
}
