import Foundation
import Testing

@testable import FlipbookGraphics

/// One CJK character at EGO's status-line size (13 pt) at 3x, black on white.
func renderCJK(_ text: String, weight: Int = 400, family: String = FontLibrary.latinFamily, language: String?) throws
  -> Image
{
  let canvas = try Canvas(size: CGSize(width: 20, height: 20), scale: 3)
  canvas.fillAll(.white)
  let style = TextStyle(family: family, weight: weight, size: 13, language: language)
  try TextLayout(text, style: style, width: 20).draw(in: canvas, at: .zero)
  return canvas.makeImage()
}

/// The width in pixels of the ink a row crosses, counting partly covered pixels by their coverage
/// (so it is not rounded to whole pixels): scanned at 92% of the way down the ink, where 中's one
/// vertical stem stands alone below its box.
func stemWidth(of image: Image) -> Double {
  let ink = inkBounds(image)
  let y = Int(ink.minY + 0.92 * (ink.height - 1))
  return (0..<image.width).reduce(0.0) { $0 + Double(255 - Int(image.pixel(x: $1, y: y).r)) / 255 }
}

@Suite("Chinese as an iPhone draws it: Noto Sans CJK with a bold and regional forms")
struct CJKTextTests {
  /// WenQuanYi Micro Hei, the face before, has one weight: its 中 measured 3.05 px in both.
  @Test("Bold 中 has a stem half as wide again as regular at 13 pt 3x: 5.0 px against 3.1")
  func boldStems() throws {
    let regular = stemWidth(of: try renderCJK("中", weight: 400, language: "zh-Hant"))
    let bold = stemWidth(of: try renderCJK("中", weight: 700, language: "zh-Hant"))
    #expect(abs(regular - 3.07) < 0.3, "regular stem \(regular) px")
    #expect(abs(bold - 4.95) < 0.3, "bold stem \(bold) px")
    #expect(bold - regular > 1.5)
  }

  @Test("Full-width ideographs advance one em in both weights: 載入中 at 13 pt is 39 pt wide")
  func advances() throws {
    for weight in [400, 700] {
      let line = try TextLayout("載入中", style: TextStyle(weight: weight, size: 13, language: "zh-Hant"))
      #expect(abs(line.size.width - 39) < 0.01)
    }
  }

  @Test("骨 takes Taiwan forms for zh-Hant and mainland forms for zh-Hans, as Noto Sans CJK TC and SC draw it")
  func regionalForms() throws {
    let traditional = try renderCJK("骨", weight: 700, language: "zh-Hant")
    let simplified = try renderCJK("骨", weight: 700, language: "zh-Hans")
    let differing = (0..<traditional.height).reduce(0) { count, y in
      count + (0..<traditional.width).filter { traditional.pixel(x: $0, y: y) != simplified.pixel(x: $0, y: y) }.count
    }
    #expect(differing > 100, "the inner stroke of 骨 turns the other way: \(differing) pixels differ")
    let tc = try renderCJK("骨", weight: 700, family: CJKFamily.traditionalChinese.rawValue, language: nil)
    let sc = try renderCJK("骨", weight: 700, family: CJKFamily.simplifiedChinese.rawValue, language: nil)
    #expect(traditional == tc)
    #expect(simplified == sc)
  }

  @Test("Text with no language gets the mainland forms")
  func noLanguage() throws {
    #expect(try renderCJK("骨", language: nil) == renderCJK("骨", language: "zh-Hans"))
  }

  @Test(
    "A language tag picks the family as iOS picks PingFang TC, SC or HK",
    arguments: [
      ("zh-Hant", CJKFamily.traditionalChinese), ("zh-Hant-TW", .traditionalChinese), ("zh_TW", .traditionalChinese),
      ("zh-Hans", .simplifiedChinese), ("zh-Hans-CN", .simplifiedChinese), ("zh", .simplifiedChinese),
      ("zh-HK", .hongKongChinese), ("zh-Hant-HK", .hongKongChinese), ("zh-Hans-HK", .simplifiedChinese),
      ("ja", .japanese), ("ko-KR", .korean), ("en-US", .simplifiedChinese), ("", .simplifiedChinese),
    ] as [(String, CJKFamily)])
  func familyForLanguage(tag: String, family: CJKFamily) {
    #expect(CJKFamily(language: tag) == family)
  }

  @Test("FLIPBOOK_FONT_DIR's folder must hold both Noto Sans CJK collections; a missing one names the package")
  func fontDirectory() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-fonts-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let link = { (name: String, from: String) in
      try FileManager.default.createSymbolicLink(
        atPath: folder.appendingPathComponent(name).path,
        withDestinationPath: (from as NSString).appendingPathComponent(name))
    }
    try link("Inter-Regular.otf", FontLibrary.interDirectory)
    try link("NotoSansCJK-Regular.ttc", FontLibrary.notoCJKDirectory)
    #expect {
      try FontLibrary.defaultFiles(override: folder.path)
    } throws: { error in
      let message = (error as? GraphicsError)?.description ?? ""
      return message.contains("NotoSansCJK-Bold.ttc") && message.contains("fonts-noto-cjk")
    }
    try link("NotoSansCJK-Bold.ttc", FontLibrary.notoCJKDirectory)
    let files = try FontLibrary.defaultFiles(override: folder.path)
    #expect(
      files
        == ["Inter-Regular.otf", "NotoSansCJK-Regular.ttc", "NotoSansCJK-Bold.ttc"].map {
          folder.appendingPathComponent($0).path
        })
  }
}
