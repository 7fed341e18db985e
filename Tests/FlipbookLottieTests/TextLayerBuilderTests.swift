import FlipbookGraphics
import FlipbookJSON
import FlipbookLayers
import Foundation
import Testing

@testable import FlipbookLottie

/// Static text placed as lottie-ios's CoreTextRenderLayer places it, and text overrides.
@Suite struct TextLayerBuilderTests {
  func document(_ text: String, justification: Int = 0, extra: String = "") throws -> LottieTextDocument {
    try LottieTextDocument.decode(
      LottieProbe.cursor(
        #"{"d": {"k": [{"t": 0, "s": {"t": "\#(text)", "f": "Inter", "s": 20, "j": \#(justification), "fc": [0, 0, 0], "lh": 30\#(extra)}}]}, "a": []}"#
      ))
  }

  /// The box of the pixels darker than mid-grey.
  func inkBox(_ image: Image) -> (minX: Int, maxX: Int, minY: Int, maxY: Int)? {
    var box: (minX: Int, maxX: Int, minY: Int, maxY: Int)?
    for y in 0..<image.height {
      for x in 0..<image.width where image.pixel(x: x, y: y).a > 128 {
        box = (min(box?.minX ?? x, x), max(box?.maxX ?? x, x), min(box?.minY ?? y, y), max(box?.maxY ?? y, y))
      }
    }
    return box
  }

  func placed(_ content: Layer, at point: CGPoint) -> Layer {
    content.position = point
    return content
  }

  @Test func firstBaselineSitsAtTheOriginAndLinesAreLineHeightApart() throws {
    let content = makeTextContent(try document("HH\\rHH"), context: LottieProbe.context())
    let image = try LottieProbe.render([placed(content, at: CGPoint(x: 10, y: 40))])
    let box = try #require(inkBox(image))
    // "H" has no descender: its ink ends on the baseline — the first line's at y = 40, the second's at 40 + lh = 70.
    #expect((69...70).contains(box.maxY))
    // Inter's cap height is 0.727 em (1490/2048): 14.5 pt above the first baseline at 20 pt.
    #expect((24...26).contains(box.minY))
    // Left-aligned: the ink starts at the origin plus the H's left side bearing (under 2 pt at 20 pt).
    #expect((10...12).contains(box.minX))
  }

  @Test func centredTextIsCentredOnTheOrigin() throws {
    let content = makeTextContent(try document("HHHH", justification: 2), context: LottieProbe.context())
    let image = try LottieProbe.render([placed(content, at: CGPoint(x: 50, y: 40))])
    let box = try #require(inkBox(image))
    #expect(abs(Double(box.minX + box.maxX + 1) / 2 - 50) <= 1)
  }

  @Test func textAndColorOverridesByKeypath() throws {
    var overrides = LottieOverrides()
    overrides.setValueProvider(.color(.constant(.red)), keypath: "**.TEXT.Color")
    overrides.setText(LottieTextOverride(keypath: "TEXT", text: "HHHHHH"))
    let context = LottieProbe.context(overrides: overrides, keypath: ["Comp", "TEXT"])
    let content = makeTextContent(try document("H"), context: context)
    let image = try LottieProbe.render([placed(content, at: CGPoint(x: 5, y: 40))])
    let box = try #require(inkBox(image))
    #expect(box.maxX - box.minX > 60)  // six H's, not one
    // The fully covered pixels of the H's stems are red.
    let solid = (box.minX...box.maxX).map { image.pixel(x: $0, y: 35) }.filter { $0.a == 255 }
    #expect(!solid.isEmpty && solid.allSatisfy(\.isRed))
    #expect(context.keypaths.keypaths.contains(["Comp", "TEXT", "Color"]))
  }

  @Test func animatorsAndSeveralDocumentsAreReportedAsLottieIOSReportsThem() throws {
    let json = #"""
      {"d": {"k": [{"t": 0, "s": {"t": "A", "f": "Inter", "s": 20, "j": 0, "fc": [0, 0, 0]}},
                   {"t": 10, "s": {"t": "B", "f": "Inter", "s": 20, "j": 0, "fc": [0, 0, 0]}}]},
       "a": [{"s": {}, "a": {}}]}
      """#
    let context = LottieProbe.context(keypath: ["Title"])
    _ = makeTextContent(try LottieTextDocument.decode(LottieProbe.cursor(json)), context: context)
    #expect(context.issues.issues.map(\.feature) == ["several keyframes of text layer text", "text animators"])
    #expect(context.issues.hasUnsupportedFeatures)
  }

  @Test func missingFontNameIsAnErrorWithItsPath() throws {
    #expect(throws: DocumentError(location: "$.d.k[0].s", message: "missing required key \"f\"")) {
      try LottieTextDocument.decode(LottieProbe.cursor(#"{"d": {"k": [{"t": 0, "s": {"t": "A", "s": 20, "j": 0}}]}}"#))
    }
  }
}
