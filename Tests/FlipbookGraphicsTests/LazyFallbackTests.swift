import FlipbookImageFormats
import Foundation
import Testing

@testable import FlipbookGraphics

/// Noto Sans CJK is registered only when a text first has a character Inter lacks, and that changes no
/// other text: a layout is the same whether the CJK files were registered before it or not.
@Suite("CJK fonts load when first needed")
struct LazyFallbackTests {
  func pixels(_ text: String, weight: Int = 400, language: String? = nil) throws -> [UInt8] {
    let layout = try TextLayout(text, style: TextStyle(weight: weight, size: 13, language: language))
    let image = try Image.drawing(pixelWidth: 240, pixelHeight: 40, scale: 2) { canvas in
      layout.draw(in: canvas, at: CGPoint(x: 2, y: 2))
    }
    return [UInt8](try image.pngData())
  }

  @Test(
    "Latin text leaves the CJK files unregistered; the first Chinese character registers them; nothing else changes")
  func lazy() throws {
    let sets = try FontLibrary.defaultFileSets()
    try FontLibrary.configure(files: sets.latin, fallbackFiles: sets.cjk)
    let latin = try pixels("Pull down to refresh… 1:03\u{202F}AM")
    let bold = try pixels("Release to refresh", weight: 700, language: "zh-Hant")
    // (Whether the files are registered yet is not asked: tests in other suites lay out Chinese at the
    // same time. Whether a text would register them is.)
    #expect(
      try !TextLayout.needsFallbackFonts("Pull down to refresh… 1:03\u{202F}AM", style: TextStyle(size: 13)),
      "Latin text (with U+2026 and U+202F) needs no CJK font")
    #expect(try TextLayout.needsFallbackFonts("載入中", style: TextStyle(weight: 700, size: 13)))
    let chinese = try pixels("載入中", weight: 700, language: "zh-Hant")
    #expect(try pixels("Pull down to refresh… 1:03\u{202F}AM") == latin, "Latin text is the same after")
    #expect(try pixels("Release to refresh", weight: 700, language: "zh-Hant") == bold)
    // Chinese laid out first thing after a fresh configuration is the same as with the fonts already in.
    try FontLibrary.configure(files: sets.latin, fallbackFiles: sets.cjk)
    #expect(try pixels("載入中", weight: 700, language: "zh-Hant") == chinese)
    // And the same as when every file is registered up front.
    try FontLibrary.configure(files: sets.latin + sets.cjk)
    #expect(try pixels("載入中", weight: 700, language: "zh-Hant") == chinese)
    #expect(try pixels("Pull down to refresh… 1:03\u{202F}AM") == latin)
    try FontLibrary.configure(files: sets.latin, fallbackFiles: sets.cjk)
  }

  @Test("A CJK family asked for by name draws Latin text too, on a fresh configuration as after CJK text")
  func cjkFamilyByName() throws {
    let sets = try FontLibrary.defaultFileSets()
    func latinInNoto() throws -> [UInt8] {
      let style = TextStyle(family: FontLibrary.cjkFamily, size: 13)
      let layout = try TextLayout("Release to refresh", style: style)
      let image = try Image.drawing(pixelWidth: 240, pixelHeight: 40, scale: 2) { canvas in
        layout.draw(in: canvas, at: CGPoint(x: 2, y: 2))
      }
      return [UInt8](try image.pngData())
    }
    try FontLibrary.configure(files: sets.latin + sets.cjk)
    let registered = try latinInNoto()
    try FontLibrary.configure(files: sets.latin, fallbackFiles: sets.cjk)
    #expect(try latinInNoto() == registered, "not drawn with Inter because Noto was not registered yet")
    #expect(try TextLayout.needsFallbackFonts("Release", style: TextStyle(family: FontLibrary.cjkFamily)))
    #expect(try pixels("Release to refresh") != registered, "Inter's letters differ from Noto's")
    try FontLibrary.configure(files: sets.latin, fallbackFiles: sets.cjk)
  }

  @Test("A fallback file that is not there is an error at configuration, naming it")
  func missingFallback() throws {
    let sets = try FontLibrary.defaultFileSets()
    let error = try #require(throws: GraphicsError.self) {
      try FontLibrary.configure(files: sets.latin, fallbackFiles: ["/nonexistent/NotoSansCJK-Bold.ttc"])
    }
    #expect(error.description.contains("/nonexistent/NotoSansCJK-Bold.ttc: not a readable font file"))
  }
}
