import Foundation
import Testing

@testable import FlipbookGraphics

/// An opaque image filled with one grey level.
private func solid(width: Int, height: Int, grey: UInt8) throws -> Image {
  var bytes = [UInt8](repeating: grey, count: width * height * 4)
  for index in stride(from: 3, to: bytes.count, by: 4) { bytes[index] = 255 }
  return try Image(width: width, height: height, rgba: bytes)
}

/// `image` with the pixel at (x, y) set to opaque `grey`.
private func setting(_ image: Image, x: Int, y: Int, grey: UInt8) -> Image {
  var copy = image
  let g = UInt32(grey)
  copy.pixels[y * image.width + x] = 0xFF00_0000 | g << 16 | g << 8 | g
  return copy
}

/// A black anti-aliased circle and diagonal stroke on white, everything offset by `dx` pixels.
private func shapes(offsetBy dx: Double) throws -> Image {
  try Image.drawing(pixelWidth: 60, pixelHeight: 40, scale: 1) { canvas in
    canvas.fillAll(.white)
    canvas.fill(Path(ellipseIn: CGRect(x: 6 + dx, y: 6, width: 26, height: 26)), color: .black)
    var line = Path()
    line.move(to: CGPoint(x: 38 + dx, y: 4))
    line.addLine(to: CGPoint(x: 56 + dx, y: 36))
    canvas.stroke(line, color: .black, style: StrokeStyle(lineWidth: 3))
  }
}

/// The YIQ difference a uniform change of `step` in all three channels makes, on the threshold's scale:
/// only luma changes (I and Q weights sum to zero), so it is `step × √(0.5053 / 35215)`.
private func uniformChange(_ step: Double) -> Double { step * (0.5053 / 35215).squareRoot() }

@Suite("Comparing images as pixelmatch does")
struct ImageComparisonTests {
  @Test("Identical images pass strictly, with nothing counted")
  func identical() throws {
    let a = try shapes(offsetBy: 0)
    let b = try shapes(offsetBy: 0)
    let result = ImageComparison.compare(a, b, tolerance: .strict)
    #expect(result.passes)
    #expect(result.sizeMatches)
    #expect(result.differingPixels == 0 && result.changedPixels == 0 && result.antialiasedPixels == 0)
    #expect(result.totalPixels == 60 * 40)
    #expect(result.firstDifference == nil)
    #expect(result.summary == "images are identical (2400 pixels)")
  }

  @Test("One changed pixel fails strictly, is located, and passes when one pixel is allowed")
  func onePixel() throws {
    let expected = try solid(width: 40, height: 30, grey: 255)
    let actual = setting(expected, x: 7, y: 5, grey: 0)
    let strict = ImageComparison.compare(expected, actual, tolerance: .strict)
    #expect(!strict.passes)
    #expect(strict.differingPixels == 1)
    #expect(strict.firstDifference?.x == 7 && strict.firstDifference?.y == 5)
    // Black against white changes only luma, by 255: √(0.5053 × 255² / 35215) ≈ 0.966.
    #expect(abs(strict.maxDelta - uniformChange(255)) < 1e-6)
    #expect(strict.summary == "1 pixel differs (0.1 % of 1200; largest colour change 0.97)")

    var oneAllowed = ImageTolerance.strict
    oneAllowed.maxDifferingPixels = 1
    let allowed = ImageComparison.compare(expected, actual, tolerance: oneAllowed)
    #expect(allowed.passes)
    #expect(allowed.differingPixels == 1)
    #expect(allowed.summary.hasSuffix("within the 1 allowed"))
  }

  @Test("A colour change below the perceptual threshold passes, one above it fails")
  func perceptualThreshold() throws {
    // At threshold 0.1 a uniform grey step passes up to 0.1 / √(0.5053 / 35215) ≈ 26.4 levels.
    let limit = 0.1 / (0.5053 / 35215).squareRoot()
    #expect(limit > 20 && limit < 40)
    let expected = try solid(width: 20, height: 10, grey: 128)
    let slight = try solid(width: 20, height: 10, grey: 148)
    let clear = try solid(width: 20, height: 10, grey: 168)

    let below = ImageComparison.compare(expected, slight, tolerance: .perceptual(threshold: 0.1))
    #expect(below.passes)
    #expect(below.differingPixels == 0 && below.changedPixels == 200)
    #expect(abs(below.maxDelta - uniformChange(20)) < 1e-6)
    #expect(below.summary.hasPrefix("no pixel differs beyond the tolerance"))

    let above = ImageComparison.compare(expected, clear, tolerance: .perceptual(threshold: 0.1))
    #expect(!above.passes)
    #expect(above.differingPixels == 200, "flat areas are never excused as anti-aliasing")
    #expect(above.antialiasedPixels == 0)
    #expect(abs(above.maxDelta - uniformChange(40)) < 1e-6)
    #expect(above.firstDifference?.x == 0 && above.firstDifference?.y == 0)
    #expect(!ImageComparison.compare(expected, slight, tolerance: .strict).passes)
  }

  @Test("Edges moved by 0.3 px fail strictly but pass with anti-aliasing excused")
  func antialiasingShift() throws {
    let expected = try shapes(offsetBy: 0)
    let actual = try shapes(offsetBy: 0.3)
    let strict = ImageComparison.compare(expected, actual, tolerance: .strict)
    #expect(!strict.passes)
    #expect(strict.differingPixels > 20, "both edges of the circle and the stroke change")

    let lenient = ImageComparison.compare(expected, actual, tolerance: .perceptual(threshold: 0.1))
    #expect(lenient.passes, "\(lenient.summary)")
    #expect(lenient.antialiasedPixels > 0)
    #expect(lenient.differingPixels == 0)

    // Without the excuse the same threshold fails: the edges themselves changed by more than 0.1.
    var noExcuse = ImageTolerance.perceptual(threshold: 0.1)
    noExcuse.excusesAntialiasing = false
    #expect(!ImageComparison.compare(expected, actual, tolerance: noExcuse).passes)
  }

  @Test("A new shape is not excused as anti-aliasing")
  func newShapeIsNotAntialiasing() throws {
    let expected = try solid(width: 30, height: 30, grey: 255)
    let actual = try Image.drawing(pixelWidth: 30, pixelHeight: 30, scale: 1) { canvas in
      canvas.fillAll(.white)
      canvas.fill(Path(ellipseIn: CGRect(x: 5.5, y: 5.5, width: 18, height: 18)), color: .black)
    }
    let result = ImageComparison.compare(expected, actual, tolerance: .perceptual(threshold: 0.1))
    #expect(!result.passes)
    // The solid interior counts; its soft rim has no flat neighbour shared by both images.
    #expect(result.differingPixels > 200)
  }

  @Test("Images of different sizes fail with a message naming both sizes")
  func sizeMismatch() throws {
    let expected = try solid(width: 40, height: 30, grey: 255)
    let actual = try solid(width: 41, height: 30, grey: 255)
    let lax = ImageTolerance(colorThreshold: 1, maxDifferingPixels: 1_000_000, maxDifferingRatio: 1)
    let result = ImageComparison.compare(expected, actual, tolerance: lax)
    #expect(!result.sizeMatches)
    #expect(!result.passes)
    #expect(result.summary == "sizes differ: expected 40x30, actual 41x30")
  }

  @Test("The ratio allowance and the pixel allowance: the larger one applies")
  func ratioAllowance() throws {
    let expected = try solid(width: 100, height: 10, grey: 255)
    var actual = expected
    for x in [3, 20, 41, 62, 90] { actual = setting(actual, x: x, y: 4, grey: 0) }
    func passes(pixels: Int, ratio: Double) -> Bool {
      let tolerance = ImageTolerance(
        colorThreshold: 0, maxDifferingPixels: pixels, maxDifferingRatio: ratio, excusesAntialiasing: false)
      return ImageComparison.compare(expected, actual, tolerance: tolerance).passes
    }
    let result = ImageComparison.compare(expected, actual, tolerance: .strict)
    #expect(result.differingPixels == 5)
    #expect(abs(result.differingRatio - 5.0 / 1000) < 1e-12)
    #expect(passes(pixels: 0, ratio: 0.005))
    #expect(!passes(pixels: 0, ratio: 0.004))
    #expect(passes(pixels: 5, ratio: 0.001))
    #expect(passes(pixels: 1, ratio: 0.01))
    #expect(!passes(pixels: 4, ratio: 0.001))
  }

  @Test("The diff image: red where counted, faded grey where unchanged, yellow where excused")
  func diffImageColours() throws {
    let expected = try solid(width: 20, height: 10, grey: 128)
    let actual = setting(expected, x: 4, y: 3, grey: 0)
    let diff = ImageComparison.diffImage(expected: expected, actual: actual, tolerance: .strict)
    #expect(diff.width == 20 && diff.height == 10)
    #expect(diff.pixel(x: 4, y: 3) == RGBA8(255, 0, 0))
    // Grey 128 has luma 128; faded towards white with opacity 0.1.
    let faded = UInt8((255 - 0.1 * (255 - 128)).rounded())
    #expect(diff.pixel(x: 0, y: 0) == RGBA8(faded, faded, faded))
    #expect(diff.pixel(x: 5, y: 3) == RGBA8(faded, faded, faded))

    let shifted = ImageComparison.diffImage(
      expected: try shapes(offsetBy: 0), actual: try shapes(offsetBy: 0.3), tolerance: .perceptual(threshold: 0.1))
    let comparison = ImageComparison.compare(
      try shapes(offsetBy: 0), try shapes(offsetBy: 0.3), tolerance: .perceptual(threshold: 0.1))
    var yellow = 0
    var red = 0
    for y in 0..<shifted.height {
      for x in 0..<shifted.width {
        let p = shifted.pixel(x: x, y: y)
        if p == RGBA8(255, 255, 0) { yellow += 1 }
        if p == RGBA8(255, 0, 0) { red += 1 }
      }
    }
    #expect(yellow == comparison.antialiasedPixels)
    #expect(red == comparison.differingPixels)
  }

  @Test("A diff of different sizes covers both, with the part outside the overlap red")
  func diffImageUnion() throws {
    let expected = try solid(width: 10, height: 6, grey: 255)
    let actual = try solid(width: 8, height: 9, grey: 255)
    let diff = ImageComparison.diffImage(expected: expected, actual: actual, tolerance: .strict)
    #expect(diff.width == 10 && diff.height == 9)
    #expect(diff.pixel(x: 2, y: 2) == RGBA8(255, 255, 255))
    #expect(diff.pixel(x: 9, y: 0) == RGBA8(255, 0, 0))
    #expect(diff.pixel(x: 0, y: 8) == RGBA8(255, 0, 0))
  }

  @Test("The strip puts Expected, Diff and Actual side by side under dark labels")
  func strip() throws {
    let expected = try solid(width: 120, height: 40, grey: 0)
    let actual = setting(expected, x: 10, y: 10, grey: 255)
    let diff = ImageComparison.diffImage(expected: expected, actual: actual, tolerance: .strict)
    let strip = try ImageComparison.strip(expected: expected, diff: diff, actual: actual)
    let gap = ImageComparison.stripGap
    #expect(strip.width == 3 * 120 + 4 * gap)
    let imageTop = strip.height - gap - 40
    #expect(imageTop > gap + 10, "a label band above the images")

    // Each panel's pixels are copied exactly, at its column.
    #expect(strip.pixel(x: gap, y: imageTop) == RGBA8(0, 0, 0))
    #expect(strip.pixel(x: gap + 120 + gap + 10, y: imageTop + 10) == RGBA8(255, 0, 0))
    #expect(strip.pixel(x: 3 * gap + 240 + 10, y: imageTop + 10) == RGBA8(255, 255, 255))
    // The background between panels is light grey.
    #expect(strip.pixel(x: gap + 120 + gap / 2, y: imageTop + 20).r > 200)

    // Each column's label band has dark ink.
    for column in 0..<3 {
      let left = gap + column * (120 + gap)
      var ink = 0
      for y in gap..<imageTop {
        for x in left..<(left + 120) where strip.pixel(x: x, y: y).r < 110 { ink += 1 }
      }
      #expect(ink > 10, "label \(column) has ink")
    }
  }

  @Test("Wide images are scaled down together to 800 px panels")
  func stripScalesDown() throws {
    let wide = try solid(width: 1600, height: 20, grey: 200)
    let narrow = try solid(width: 400, height: 20, grey: 200)
    let strip = try ImageComparison.strip(expected: wide, diff: narrow, actual: wide)
    let gap = ImageComparison.stripGap
    #expect(strip.width == 800 + 200 + 800 + 4 * gap)
    // Every panel is scaled by one half, so all are 10 px tall and end `gap` above the bottom.
    let imageTop = strip.height - gap - 10
    #expect(strip.pixel(x: gap + 400, y: imageTop).r == 200)
    #expect(strip.pixel(x: gap + 400, y: imageTop + 9).r == 200)
    #expect(strip.pixel(x: gap + 400, y: imageTop - 1).r != 200)
    #expect(strip.pixel(x: 2 * gap + 800 + 199, y: imageTop + 5).r == 200)
    #expect(strip.pixel(x: 2 * gap + 800 + 201, y: imageTop + 5).r != 200)
  }
}
