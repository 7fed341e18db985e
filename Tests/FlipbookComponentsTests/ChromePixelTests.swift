import FlipbookGraphics
import FlipbookLayers
import FlipbookScene
import FlipbookScrolling
import Foundation
import Testing

/// The status bar and the navigation bar where UIKit puts them, probed in the pixels at 1x, 2x and 3x:
/// the status bar in rows 0–20 pt, the navigation bar in 20–64 pt, their text centred, the content
/// starting below them.
@Suite("Bars in pixels")
struct ChromePixelTests {
  /// A 320x480 table of 30 plain rows (no section headers) under `bars`, rendered at 0 s at `scale`.
  func render(_ bars: String, scale: Double) throws -> (ScriptScene, Image) {
    let text =
      ##"{"viewport": {"width": 320, "height": 480}, "content": {"rows": 30}, "##
      + bars + "}"
    let scene = try GestureScript.decode(Data(text.utf8), scale: scale)
    scene.advance(to: 0)
    return (scene, try LayerRenderer(scale: scale, background: scene.background).render(scene.root, at: 0))
  }

  /// The pixel at (x, y) in points.
  func pixel(_ image: Image, _ x: Double, _ y: Double, scale: Double) -> RGBA8 {
    image.pixel(x: Int(x * scale), y: Int(y * scale))
  }

  func hex(_ p: RGBA8) -> String { String(format: "#%02X%02X%02X", p.r, p.g, p.b) }

  /// The bounding box, in points, of the pixels in rows `rows` and columns `columns` (points) that `matches`.
  func box(
    _ image: Image, rows: Range<Double>, columns: Range<Double> = 0..<320, scale: Double,
    where matches: (RGBA8) -> Bool
  ) -> CGRect? {
    var found: CGRect?
    for y in Int(rows.lowerBound * scale)..<Int(rows.upperBound * scale) {
      for x in Int(columns.lowerBound * scale)..<Int(columns.upperBound * scale)
      where matches(image.pixel(x: x, y: y)) {
        let pixel = CGRect(x: Double(x) / scale, y: Double(y) / scale, width: 1 / scale, height: 1 / scale)
        found = found.map { $0.union(pixel) } ?? pixel
      }
    }
    return found
  }

  static let dark: @Sendable (RGBA8) -> Bool = { $0.r < 100 && $0.g < 100 && $0.b < 100 }
  static let white: @Sendable (RGBA8) -> Bool = { $0.r > 235 && $0.g > 235 && $0.b > 235 }

  @Test(
    "iOS 7: the bar's near-white from the top to 64 pt, the time centred in 0–20, the title in 20–64, the hairline at 64",
    arguments: [1.0, 2, 3])
  func ios7(scale: Double) throws {
    let (scene, image) = try render(
      ##""statusBar": {"style": "ios7"}, "navigationBar": {"title": "Inbox"}"##, scale: scale)
    #expect(scene.scrollView.frame.minY == 0 && scene.scrollView.contentOffset.y == -64)
    // White 0.97 at 0.9 opacity over the white table background: 0.97·0.9 + 0.1 = 0.973, 248 of 255.
    for y in [1.0, 10, 19.5, 21, 42, 63.5] {
      // x = 250: clear of the battery (288.5 ... 314) and the time.
      #expect(hex(pixel(image, 250, y, scale: scale)) == "#F8F8F8", "the bar's background at y = \(y)")
    }
    // The hairline: black at 0.3 over the first row's white, 0.7·255 = 178.5, one pixel at 64 pt.
    let hairline = pixel(image, 300, 64, scale: scale)
    #expect(abs(Int(hairline.r) - 178) <= 1 && hairline.r == hairline.g)
    #expect(hex(pixel(image, 300, 64 + 1.5 / scale, scale: scale)) == "#FFFFFF", "the first row just below")

    // The status bar's content: dark, from the signal at the left edge to the battery at the right, none of
    // it spilling into the navigation bar beside the title.
    let content = try #require(box(image, rows: 0..<20, scale: scale, where: Self.dark))
    #expect(content.minX < 10 && content.maxX > 310, "glyphs from edge to edge: \(content)")
    #expect(box(image, rows: 20..<64, columns: 0..<100, scale: scale, where: Self.dark) == nil)
    #expect(box(image, rows: 20..<64, columns: 220..<320, scale: scale, where: Self.dark) == nil)
    // The time in the middle columns, the title in the navigation bar: both centred.
    expectCentred(box(image, rows: 0..<20, columns: 130..<190, scale: scale, where: Self.dark), in: 0..<20)
    expectCentred(box(image, rows: 20..<64, scale: scale, where: Self.dark), in: 20..<64)
  }

  /// Text's bounding box lies in `band` (points) and is centred on the screen (within 1 pt) and on the
  /// band's middle (within 1.5 pt: a line's ink is not symmetric about its box).
  func expectCentred(_ box: CGRect?, in band: Range<Double>, sourceLocation: SourceLocation = #_sourceLocation) {
    guard let box else {
      Issue.record("no text in \(band)", sourceLocation: sourceLocation)
      return
    }
    let middle = (band.lowerBound + band.upperBound) / 2
    #expect(box.minY >= band.lowerBound && box.maxY <= band.upperBound, sourceLocation: sourceLocation)
    #expect(abs(box.midX - 160) <= 1, "centred across: \(box)", sourceLocation: sourceLocation)
    #expect(abs(box.midY - middle) <= 1.5, "on the bar's middle: \(box)", sourceLocation: sourceLocation)
  }

  @Test(
    "iOS 6: a status bar tinted with the bar's bottom row in 0–20, the gradient in 20–64, the content from 64",
    arguments: [1.0, 2, 3])
  func ios6(scale: Double) throws {
    let (scene, image) = try render(
      ##""statusBar": {"style": "ios6"}, "navigationBar": {"title": "Mail"}"##, scale: scale)
    #expect(scene.scrollView.frame == CGRect(x: 0, y: 64, width: 320, height: 416))
    #expect(scene.scrollView.contentOffset.y == 0, "no inset: the content starts below the bars")
    for y in [0.0, 10, 20 - 1 / scale] {
      #expect(hex(pixel(image, 210, y, scale: scale)) == NavigationBar.ios6BottomLine.hex, "status bar at \(y)")
    }
    let top = pixel(image, 300, 20, scale: scale)
    #expect(abs(Int(top.r) - 0xB0) <= 2 && abs(Int(top.g) - 0xBC) <= 2 && abs(Int(top.b) - 0xCD) <= 2)
    #expect(hex(pixel(image, 300, 64 - 1 / scale, scale: scale)) == NavigationBar.ios6BottomLine.hex)
    #expect(hex(pixel(image, 300, 64, scale: scale)) == "#FFFFFF", "the first row starts at 64")
    // The white title in the bar and the white time in the status bar, centred.
    expectCentred(box(image, rows: 20..<64, scale: scale, where: Self.white), in: 20..<64)
    expectCentred(box(image, rows: 0..<20, columns: 130..<190, scale: scale, where: Self.white), in: 0..<20)
  }

  @Test(
    "iOS 6 without a navigation bar: black in 0–20 with a white full battery, the table from 20",
    arguments: [1.0, 2, 3])
  func ios6Alone(scale: Double) throws {
    let (scene, image) = try render(##""statusBar": {"style": "ios6"}"##, scale: scale)
    #expect(scene.scrollView.frame.minY == 20)
    #expect(hex(pixel(image, 210, 0, scale: scale)) == "#000000")
    #expect(hex(pixel(image, 210, 20 - 1 / scale, scale: scale)) == "#000000")
    #expect(hex(pixel(image, 210, 20, scale: scale)) == "#FFFFFF", "the first row starts at 20")
    // The battery's charge: its body is 22 × 11 pt ending 8 pt from the right, centred on y = 10.
    #expect(hex(pixel(image, 320 - 8 - 11, 10, scale: scale)) == "#FFFFFF", "the battery is full")
    #expect(hex(pixel(image, 320 - 3, 10, scale: scale)) == "#000000", "right of the battery")
  }
}
