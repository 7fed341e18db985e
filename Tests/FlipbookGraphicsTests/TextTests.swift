import Foundation
import Testing

@testable import FlipbookGraphics

/// Renders one line of text in black on white at `scale` and returns the image.
func renderText(
  _ text: String, family: String = FontLibrary.latinFamily, size: Double = 20, width: Double = 200,
  alignment: TextAlignment = .left, truncation: TextTruncation = .none, scale: Double = 1
) throws -> Image {
  let canvas = try Canvas(size: CGSize(width: width, height: size * 2), scale: scale)
  canvas.fillAll(.white)
  let style = TextStyle(family: family, size: size, alignment: alignment, truncation: truncation)
  try TextLayout(text, style: style, width: width).draw(in: canvas, at: .zero)
  return canvas.makeImage()
}

/// The bounding box of non-white pixels, in pixels.
func inkBounds(_ image: Image) -> CGRect {
  var (x0, y0, x1, y1) = (Int.max, Int.max, -1, -1)
  for y in 0..<image.height {
    for x in 0..<image.width where image.pixel(x: x, y: y).r < 200 {
      x0 = min(x0, x)
      y0 = min(y0, y)
      x1 = max(x1, x)
      y1 = max(y1, y)
    }
  }
  return x1 < 0 ? .null : CGRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
}

@Suite("Text through Pango with the project's fonts")
struct TextTests {
  @Test("CJK characters asked of Inter fall back to Noto Sans CJK, glyph for glyph")
  func cjkFallback() throws {
    let viaFallback = try renderText("載入中", family: FontLibrary.latinFamily)
    let direct = try renderText("載入中", family: FontLibrary.cjkFamily)
    #expect(!inkBounds(viaFallback).isNull)
    #expect(viaFallback == direct)
  }

  @Test("Latin text is drawn with Inter, not with the CJK font")
  func latinUsesInter() throws {
    let inter = try renderText("Release to refresh...", family: FontLibrary.latinFamily)
    let cjk = try renderText("Release to refresh...", family: FontLibrary.cjkFamily)
    #expect(inter != cjk)
  }

  @Test("Mixed Latin and CJK in one line lays out both scripts")
  func mixed() throws {
    let mixed = try TextLayout("最後更新: 12/1/26, 1:03 AM", style: TextStyle(size: 12), width: nil)
    let latin = try TextLayout(": 12/1/26, 1:03 AM", style: TextStyle(size: 12), width: nil)
    let cjk = try TextLayout("最後更新", style: TextStyle(size: 12), width: nil)
    #expect(abs(mixed.size.width - latin.size.width - cjk.size.width) < 0.5)
    #expect(cjk.size.width > 40 && cjk.size.width < 56, "four 12-pt ideographs are about 48 pt wide")
  }

  @Test("Layout does not depend on the drawing scale: the ink scales with it", arguments: [2.0, 3.0])
  func scaleIndependent(scale: Double) throws {
    let one = inkBounds(try renderText("Pull down to refresh...", scale: 1))
    let many = inkBounds(try renderText("Pull down to refresh...", scale: scale))
    #expect(abs(many.width / scale - one.width) <= 1.5)
    #expect(abs(many.minX / scale - one.minX) <= 1)
  }

  @Test("Centred text has equal margins; right-aligned text ends at the right edge")
  func alignment() throws {
    let centred = inkBounds(try renderText("Loading...", alignment: .center))
    #expect(abs(centred.minX - (200 - centred.maxX)) <= 2)
    let right = inkBounds(try renderText("Loading...", alignment: .right))
    #expect(right.maxX > 196 && right.maxX <= 200)
  }

  @Test("Truncation keeps text inside its width with an ellipsis")
  func truncation() throws {
    let long = "Last Updated: Tuesday, December 1, 2026 at 1:03:00 AM Coordinated Universal Time"
    let clipped = try TextLayout(long, style: TextStyle(size: 12, truncation: .end), width: 120)
    let free = try TextLayout(long, style: TextStyle(size: 12), width: nil)
    #expect(clipped.size.width <= 120)
    #expect(free.size.width > 300)
  }

  @Test("A font file that does not exist is an error naming it, and leaves the fonts in place")
  func missingFont() throws {
    try FontLibrary.ensureConfigured()
    #expect(throws: GraphicsError.self) { try FontLibrary.configure(files: ["/nonexistent/font.otf"]) }
    do {
      try FontLibrary.configure(files: ["/nonexistent/font.otf"])
    } catch {
      #expect(error.description.contains("/nonexistent/font.otf"))
    }
    #expect(try TextLayout("still works", style: TextStyle(), width: nil).size.width > 0)
  }
}

@Suite("The font's own kerning, on and off")
struct KerningTests {
  /// "AVAV" in Inter Regular at 20 points: 50.114 points wide with the font's kerning, 54.091 without, as HarfBuzz
  /// shapes it independently (uharfbuzz 0.57 on Debian's fonts-inter 4.0~beta7: advances summed with and without
  /// the `kern` feature).
  @Test("Kerning off is the advances without the font's kerning pairs, as Core Text draws a string with `.kern` set")
  func kerning() throws {
    var style = TextStyle(size: 20)
    let kerned = try TextLayout("AVAV", style: style).size.width
    style.kerning = false
    let plain = try TextLayout("AVAV", style: style).size.width
    #expect(abs(kerned - 50.114) < 0.01, "\(kerned)")
    #expect(abs(plain - 54.091) < 0.01, "\(plain)")
  }
}
