import FlipbookGraphics
import FlipbookJSON
import FlipbookLayers
import Foundation
import Testing

@testable import FlipbookScene

// Text layers' language and font families in scene documents.
extension SceneDocumentTests {
  /// A 20x20 scene at 3x with one 13 pt bold 骨 in a text layer carrying `members`.
  func boneText(_ members: String) -> String {
    ##"{"size": [20, 20], "scale": 3, "background": "#FFFFFF", "layers": [{"type": "text", "name": "t","##
      + ##" "frame": [0, 0, 20, 20], "string": "骨", "fontSize": 13, "fontWeight": 700,"##
      + ##" "foregroundColor": "#000000"\##(members)}]}"##
  }

  func boneScene(_ members: String) throws -> Scene { try decode(boneText(members)) }

  @Test("\"language\" gives a text layer its regional forms: zh-Hant draws 骨 as Noto Sans CJK TC does")
  func language() throws {
    let hant = try boneScene(##", "language": "zh-Hant""##)
    #expect((hant.root.layer(named: "t") as? TextLayer)?.language == "zh-Hant")
    let tc = try boneScene(##", "fontFamily": "Noto Sans CJK TC""##).render()
    let sc = try boneScene(##", "fontFamily": "Noto Sans CJK SC""##).render()
    #expect(tc != sc)
    #expect(try hant.render() == tc)
    #expect(try boneScene(##", "language": "zh-Hans""##).render() == sc)
    #expect(try boneScene(##", "language": null"##).render() == sc)
  }

  @Test(
    "A bad language or font family is one line naming its path",
    arguments: [
      (
        ##", "language": "zh_Hant""##,
        ##"$.layers[0].language: "zh_Hant" is not a BCP 47 language tag; write e.g. "zh-Hant", "zh-Hans" or "en""##
      ),
      (##", "language": "zh-""##, ##"$.layers[0].language: "zh-" is not a BCP 47 language tag"##),
      (##", "language": 7"##, "$.layers[0].language: expected a string, found a number"),
      (
        ##", "fontFamily": "Noto Sans CJK TW""##,
        ##"$.layers[0].fontFamily: "Noto Sans CJK TW" is not a bundled font; use one of "Inter", "##
          + ##""Noto Sans CJK SC", "Noto Sans CJK TC", "Noto Sans CJK HK", "Noto Sans CJK JP", "Noto Sans CJK KR""##
          + ##" (did you mean "Noto Sans CJK TC"?)"##
      ),
    ] as [(String, String)])
  func textErrors(members: String, expected: String) throws {
    let got = try #require(message(boneText(members)))
    #expect(got.hasPrefix(expected), "\(got)")
  }
}
