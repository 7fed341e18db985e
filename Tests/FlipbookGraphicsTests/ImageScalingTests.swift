import FlipbookGraphicsTestSupport
import Foundation
import Testing

@testable import FlipbookGraphics

// MARK: - Helpers

/// The reason of the `scale` error `body` throws (any other error's whole description), or nil.
private func scaleRefusal(_ body: () throws -> Image) -> String? {
  reason(of: thrownGraphicsError { _ = try body() }, after: "cannot scale image: ")
}

// MARK: - Filter

@Suite struct ImageScalingFilterTests {
  @Test func halvingACheckerboardGivesUniformMidGrey() throws {
    let board = try testImage(width: 64, height: 48) { x, y in
      (x + y) % 2 == 0 ? [0, 0, 0, 255] : [255, 255, 255, 255]
    }
    let half = try board.scaled(toWidth: 32)
    #expect(half.width == 32 && half.height == 24)
    // Each new pixel averages two black and two white pixels: 127.5, rounded to 128.
    for y in 0..<half.height {
      for x in 0..<half.width {
        let p = half.pixel(x: x, y: y)
        #expect(p.a == 255 && abs(Int(p.r) - 128) <= 1 && p.r == p.g && p.g == p.b, "(\(x), \(y)): \(p)")
      }
    }
  }

  @Test func aOnePixelLineKeepsItsCoverage() throws {
    // A white vertical line 1 px wide on transparent, shrunk by 0.4: it straddles two output columns.
    let line = try testImage(width: 100, height: 100) { x, _ in x == 37 ? [255, 255, 255, 255] : [0, 0, 0, 0] }
    let small = try line.scaled(toWidth: 40)
    #expect(small.width == 40 && small.height == 40)
    let alphas = small.pixels.map { Int($0 >> 24) }
    let area = 2.5 * 2.5  // source pixels per output pixel
    let touched = alphas.filter { $0 > 0 }.count
    let coverage = Double(alphas.reduce(0, +)) * area
    // The input's coverage is 100 px x 255; each touched output pixel may round by half a level.
    #expect(abs(coverage - 100 * 255) <= Double(touched) * 0.5 * area, "coverage \(coverage), \(touched) touched")
    // A box filter stays local: column 14 covers source [35, 37.5), column 15 [37.5, 40), half the line
    // each, 255 x 0.5 / 2.5 = 51.
    let columns = Set((0..<alphas.count).filter { alphas[$0] > 0 }.map { $0 % 40 })
    #expect(columns == [14, 15])
    #expect(Set(alphas.filter { $0 > 0 }) == [51])
  }

  @Test(arguments: 37...40)
  func aSlightReductionKeepsALinesCoverageWhereverItFalls(position: Int) throws {
    // 100 -> 80 px: Cairo's GOOD filter samples bilinearly at reductions this small, and there the same
    // line comes out with 93 % to 109 % of its coverage depending on its position. Here each output pixel
    // takes 1.25 source pixels, and the line's shares are whole levels (51, 102, 153, 204), so the sum is
    // exact.
    let line = try testImage(width: 100, height: 100) { x, _ in x == position ? [255, 255, 255, 255] : [0, 0, 0, 0] }
    let small = try line.scaled(toWidth: 80)
    let coverage = Double(small.pixels.map { Int($0 >> 24) }.reduce(0, +)) * 1.25 * 1.25
    #expect(coverage == 100 * 255)
  }

  @Test func transparentNeighboursDoNotDarkenEdges() throws {
    // A red disc on transparent: averaging straight colours would mix in the black of alpha-0 pixels.
    let disc = try testImage(width: 90, height: 90) { x, y in
      let dx = Double(x) - 44.5
      let dy = Double(y) - 44.5
      return dx * dx + dy * dy < 30 * 30 ? [255, 0, 0, 255] : [0, 0, 0, 0]
    }
    let small = try disc.scaled(by: 1.0 / 7)
    #expect(small.width == 13 && small.height == 13)
    var partial = 0
    for y in 0..<small.height {
      for x in 0..<small.width {
        let p = small.pixel(x: x, y: y)
        if p.a == 0 { continue }
        if p.a < 255 { partial += 1 }
        #expect(p.r == 255 && p.g == 0 && p.b == 0, "(\(x), \(y)): \(p)")
      }
    }
    #expect(partial > 8)  // the edge really was soft
  }

  @Test func fractionalReductionMatchesTheAreaMeanComputedDirectly() throws {
    // High-contrast pseudo-random pixels: a wrong weight anywhere shows as a large error.
    var seed: UInt32 = 12345
    let noise = try testImage(width: 23, height: 17) { _, _ in
      seed = seed &* 1_103_515_245 &+ 12345
      let v = UInt8((seed >> 16) & 1) * 255
      return [v, 255 - v, v, 255]
    }
    let small = try noise.scaled(toWidth: 9, height: 7)
    let sx = 23.0 / 9
    let sy = 17.0 / 7
    var largest = 0.0
    for y in 0..<7 {
      for x in 0..<9 {
        // Integrate the source over the output pixel's rectangle, pixel by pixel.
        var sum = 0.0
        for j in 0..<17 {
          let h = max(0, min(Double(j + 1), Double(y + 1) * sy) - max(Double(j), Double(y) * sy))
          for i in 0..<23 where h > 0 {
            let w = max(0, min(Double(i + 1), Double(x + 1) * sx) - max(Double(i), Double(x) * sx))
            sum += w * h * Double(noise.pixel(x: i, y: j).r)
          }
        }
        largest = max(largest, abs(sum / (sx * sy) - Double(small.pixel(x: x, y: y).r)))
      }
    }
    #expect(largest <= 0.5 + 1e-9)
  }

  @Test func sameSizeIsTheImageItself() throws {
    let picture = try testImage(width: 5, height: 3) { x, y in [UInt8(x * 50), UInt8(y * 80), 7, UInt8(100 + x)] }
    #expect(try picture.scaled(by: 1) == picture)
    #expect(try picture.scaled(toWidth: 5) == picture)
  }
}

// MARK: - Sizes

@Suite struct ImageScalingSizeTests {
  @Test func heightFollowsTheAspectRatioRoundedAndAtLeastOnePixel() throws {
    let frame = try Image(width: 640, height: 960)
    #expect(try frame.scaled(toWidth: 320).height == 480)
    #expect(try frame.scaled(toWidth: 100).height == 150)
    #expect(try Image(width: 3, height: 2).scaled(toWidth: 2).height == 1)  // 1.33
    #expect(try Image(width: 4, height: 2).scaled(toWidth: 3).height == 2)  // 1.5 rounds up
    #expect(try Image(width: 100, height: 1).scaled(toWidth: 10).height == 1)  // 0.1, kept at 1
    let third = try frame.scaled(by: 1.0 / 3)
    #expect(third.width == 213 && third.height == 320)
  }

  @Test func outOfRangeSizesAreRefusedWithTheReason() throws {
    let frame = try Image(width: 640, height: 960)
    #expect(scaleRefusal { try frame.scaled(toWidth: 0) }?.contains("at least 1 pixel") == true)
    #expect(scaleRefusal { try frame.scaled(toWidth: -4) }?.contains("at least 1 pixel") == true)
    #expect(scaleRefusal { try frame.scaled(toWidth: 16_385) }?.contains("more than 16384 pixels") == true)
    #expect(scaleRefusal { try frame.scaled(toWidth: 640, height: 0) }?.contains("height 0") == true)
    for factor in [0, -0.5, .nan, .infinity] {
      #expect(scaleRefusal { try frame.scaled(by: factor) }?.contains("is not in (0, 1]") == true, "\(factor)")
    }
  }

  @Test func enlargingIsRefusedNamingTheSourceSize() throws {
    let frame = try Image(width: 640, height: 960)
    let reason = scaleRefusal { try frame.scaled(toWidth: 641) }
    #expect(
      reason == "width 641 is larger than the image's 640 (640x960); only shrinking is supported, "
        + "draw the image into a larger Canvas to enlarge it")
    #expect(scaleRefusal { try frame.scaled(toWidth: 10, height: 961) }?.contains("height 961 is larger") == true)
    #expect(scaleRefusal { try frame.scaled(by: 1.01) }?.contains("only shrinking") == true)
    #expect(GraphicsError.scale(reason: "x").description == "cannot scale image: x")
  }
}
