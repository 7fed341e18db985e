import FlipbookGraphics
import Foundation
import Testing

@testable import FlipbookComponents

/// The airplane view's sky (`Assets/Sources/refreshBackground.json`) shaded as the original
/// `refresh-view-bg@2x.png`: each cloud whiter at the top and fading downward, with a light rim along its
/// top edge and a bright band at its foot. Measured in the original, in luminance above the sky (0-255):
/// the big cloud's rim 36, body 29 under the rim fading to 11 above the band, band 34; the small cloud's
/// rim 46, body 35 fading to 11.
@Suite("The sky's clouds")
struct SkyArtworkTests {
  /// Rec. 709 luminance of the pixel under a point (in points) of the artwork at `scale`.
  func luminance(_ image: Image, scale: Double, _ x: Double, _ y: Double) -> Double {
    let p = image.pixel(x: Int(x * scale), y: Int(y * scale))
    return 0.2126 * Double(p.r) + 0.7152 * Double(p.g) + 0.0722 * Double(p.b)
  }

  @Test(
    "Each cloud fades from its rim through its top and middle to its bottom, which is still lighter than the sky",
    arguments: [1.0, 2.0, 3.0])
  func shading(scale: Double) throws {
    let (sky, _) = try BundledArtwork.image(named: "refreshBackground", scale: scale, for: "the test")
    // (x, the rim's row, the body's top, middle and bottom), in points: through the big cloud's tallest
    // bump (centre 85, 48, radius 17) and the small cloud's dome (centre 274, 30, radii 20 x 14).
    for (x, rim, top, middle, bottom) in [(85.0, 32.5, 36.5, 54.5, 72.5), (274.0, 17.5, 21.0, 32.0, 43.0)] {
      let clear = luminance(sky, scale: scale, 200, bottom)
      let (r, t, m, b) = (
        luminance(sky, scale: scale, x, rim), luminance(sky, scale: scale, x, top),
        luminance(sky, scale: scale, x, middle), luminance(sky, scale: scale, x, bottom)
      )
      #expect(r - t >= 5, "rim \(r) over top \(t) at x = \(x)")
      #expect(t - m >= 4 && m - b >= 4, "top \(t), middle \(m), bottom \(b) at x = \(x): a gradient, not a step")
      #expect(b - clear >= 6 && b - clear <= 16, "bottom \(b) over the sky \(clear) at x = \(x)")
    }
  }
}
