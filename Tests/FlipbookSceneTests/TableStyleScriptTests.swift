import FlipbookGraphics
import FlipbookJSON
import FlipbookLayers
import FlipbookScrolling
import Foundation
import Testing

@testable import FlipbookScene

/// `"tableStyle"`: iOS 6's plain table (EGO's era) or iOS 7's, probed in pixels.
@Suite("Table styles in scripts")
struct TableStyleScriptTests {
  func scene(_ style: String?, extra: String = "") throws -> ScriptScene {
    let key = style.map { ##""tableStyle": "\##($0)", "## } ?? ""
    let text =
      ##"{"viewport": {"width": 320, "height": 200, "scale": 1}, \##(key)"content": {"sections": [{"title": "Section 1", "rows": 4}]}\##(extra)}"##
    let scene = try GestureScript.decode(Data(text.utf8))
    scene.advance(to: 0)
    return scene
  }

  func pixel(_ scene: ScriptScene, x: Double, y: Double) throws -> RGBA8 {
    let image = try LayerRenderer(scale: scene.scale, background: scene.background).render(scene.root, at: 0)
    return image.pixel(x: Int(x), y: Int(y))
  }

  @Test("No tableStyle is iOS 7's; \"ios7\" says so explicitly")
  func defaultIsIOS7() throws {
    #expect(try scene(nil).table.style == .ios7)
    #expect(try scene("ios7").table.style == .ios7)
    #expect(try scene("ios6").table.style == .ios6)
  }

  @Test("iOS 6: full-width 1 pt #E0E0E0 separators; iOS 7: a hairline inset 15 pt")
  func separators() throws {
    // Header 0…22, row 0 22…66: its separator is the last point (iOS 6) or half point (iOS 7).
    let ios6 = try scene("ios6")
    #expect(try pixel(ios6, x: 2, y: 65) == RGBA8(0xE0, 0xE0, 0xE0), "from the left edge")
    #expect(try pixel(ios6, x: 318, y: 65) == RGBA8(0xE0, 0xE0, 0xE0), "to the right edge")
    #expect(try pixel(ios6, x: 2, y: 64) == RGBA8(255, 255, 255), "1 pt tall")
    let ios7 = try scene("ios7")
    #expect(try pixel(ios7, x: 2, y: 65) == RGBA8(255, 255, 255), "inset: white under the first 15 pt")
    let hairline = try pixel(ios7, x: 100, y: 65)
    #expect(hairline != RGBA8(255, 255, 255) && hairline != RGBA8(0xC8, 0xC7, 0xCC), "half a pixel at 1x: a blend")
  }

  @Test("iOS 6 headers: a gradient lighter at the top, white bold titles; rows: bold titles inset 10 pt")
  func headersAndTitles() throws {
    let scene = try scene("ios6")
    let top = try pixel(scene, x: 300, y: 1)
    let bottom = try pixel(scene, x: 300, y: 20)
    #expect(Int(top.r) + Int(top.g) + Int(top.b) > Int(bottom.r) + Int(bottom.g) + Int(bottom.b) + 30)
    let style = scene.table.style
    let headerTitle = try #require(scene.table.layer.layer(named: "header 0")?.sublayers.first as? Label)
    #expect(headerTitle.foregroundColor == .white && headerTitle.fontWeight == 700 && headerTitle.fontSize == 17)
    let row = try #require(scene.table.layer.layer(named: "row 0.0")?.sublayers.first as? Label)
    #expect(row.fontWeight == 700 && row.frame.minX == 10 && style.titleInset == 10)
    #expect(row.frame.height == 43, "the content view above a 1 pt separator")
    // The title's ink starts 10 pt in ("R" of "Row 1"), not 15.
    let image = try LayerRenderer(scale: 1).render(scene.root, at: 0)
    let inked = (0..<40).filter { x in (22..<66).contains { image.pixel(x: x, y: $0).r < 128 } }
    #expect(inked.first.map { (10...12).contains($0) } == true, "first inked column \(String(describing: inked.first))")
  }

  @Test("Content colours still override the style's")
  func overrides() throws {
    let scene = try scene("ios6").table.style
    #expect(scene.separatorColor == Color(hex: "#E0E0E0"))
    let custom = try self.scene(nil, extra: "").table.style
    #expect(custom.separatorColor == Color(hex: "#C8C7CC"))
    let text =
      ##"{"viewport": {"width": 320, "height": 200}, "tableStyle": "ios6", "content": {"rows": 2, "colors": {"separator": "#FF0000"}}}"##
    let overridden = try GestureScript.decode(Data(text.utf8)).table.style
    #expect(overridden.separatorColor == Color(hex: "#FF0000") && overridden.separatorHeight == 1)
  }

  @Test("A style that does not exist is one error naming the key, with the choices")
  func badStyle() throws {
    let error = try #require(throws: DocumentError.self) { try scene("iOS6") }
    #expect(error.description == ##"$.tableStyle: "iOS6" is not one of "ios7", "ios6" (did you mean "ios6"?)"##)
  }
}
