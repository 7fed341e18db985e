import FlipbookGraphics
import FlipbookJSON
import FlipbookLayers
import Foundation
import Testing

@testable import FlipbookLottie

/// Masks as lottie-ios's MaskCompositionLayer composes them, probed in pixels: a red layer 100×100 masked, the
/// expected coverage worked out by hand from the mask rectangles.
@Suite struct MaskBuilderTests {
  let a = CGRect(x: 20, y: 20, width: 40, height: 40)
  let b = CGRect(x: 40, y: 40, width: 40, height: 40)

  func masks(_ entries: [(mode: String, rect: CGRect, inverted: Bool)]) throws -> [LottieMask] {
    let items = entries.map {
      #"{"mode": "\#($0.mode)", "inv": \#($0.inverted), "pt": {"a": 0, "k": \#(LottieProbe.rectangleShape($0.rect))}, "o": {"a": 0, "k": 100}}"#
    }
    return try LottieMask.decodeList(LottieProbe.cursor("[" + items.joined(separator: ",") + "]"))
  }

  func render(_ masks: [LottieMask], context: LottieBuildContext = LottieProbe.context()) throws -> Image {
    let content = LottieProbe.filled(.red)
    content.mask = makeMaskLayer(for: masks, context: context)
    return try LottieProbe.render([content])
  }

  @Test func addShowsOnlyInside() throws {
    let image = try render(try masks([("a", a, false)]))
    #expect(image.pixel(x: 40, y: 40).isRed)
    #expect(image.pixel(x: 10, y: 10).isClear)
    #expect(image.pixel(x: 70, y: 70).isClear)
  }

  @Test func subtractShowsOnlyOutside() throws {
    let image = try render(try masks([("s", a, false)]))
    #expect(image.pixel(x: 40, y: 40).isClear)
    #expect(image.pixel(x: 10, y: 10).isRed)
    #expect(image.pixel(x: 90, y: 90).isRed)
  }

  @Test func addThenSubtractCutsTheOverlap() throws {
    let image = try render(try masks([("a", a, false), ("s", b, false)]))
    #expect(image.pixel(x: 30, y: 30).isRed)  // in a only
    #expect(image.pixel(x: 50, y: 50).isClear)  // in a and b
    #expect(image.pixel(x: 70, y: 70).isClear)  // in b only
  }

  @Test func addThenIntersectKeepsTheOverlap() throws {
    let image = try render(try masks([("a", a, false), ("i", b, false)]))
    #expect(image.pixel(x: 30, y: 30).isClear)
    #expect(image.pixel(x: 50, y: 50).isRed)
    #expect(image.pixel(x: 70, y: 70).isClear)
  }

  @Test func twoAddsUnite() throws {
    let image = try render(try masks([("a", a, false), ("a", b, false)]))
    #expect(image.pixel(x: 30, y: 30).isRed)
    #expect(image.pixel(x: 70, y: 70).isRed)
    #expect(image.pixel(x: 30, y: 70).isClear)
  }

  @Test func invertedAddShowsOutside() throws {
    let image = try render(try masks([("a", a, true)]))
    #expect(image.pixel(x: 40, y: 40).isClear)
    #expect(image.pixel(x: 90, y: 10).isRed)
  }

  @Test func invertedIntersectIsDrawnAsPlainIntersectAsIOSDoes() throws {
    // lottie-ios inverts only add and subtract masks (MaskCompositionLayer.MaskLayer.setupAnimations).
    let image = try render(try masks([("a", a, false), ("i", b, true)]))
    #expect(image.pixel(x: 50, y: 50).isRed)
    #expect(image.pixel(x: 30, y: 30).isClear)
  }

  @Test func noneMasksDrawNoMaskAndDifferenceIsNamed() throws {
    #expect(makeMaskLayer(for: try masks([("n", a, false)]), context: LottieProbe.context()) == nil)
    let context = LottieProbe.context(keypath: ["Layer"])
    let image = try render(try masks([("a", a, false), ("f", b, false)]), context: context)
    #expect(image.pixel(x: 50, y: 50).isRed)  // difference drawn as intersect
    #expect(image.pixel(x: 30, y: 30).isClear)
    #expect(
      context.issues.issues.map(\.description) == ["mask mode difference, which iOS draws as intersect at Layer"])
    #expect(!context.issues.hasUnsupportedFeatures)
  }

  @Test func maskPathFollowsItsKeyframes() throws {
    // The mask holds a (frames 0 and 20) and moves to b (frame 30, one second): at 1 s the probe inside b only is
    // red. Two hold keyframes: a run of one hold keyframe is not shown on iOS (EngineTests.singleHoldRun).
    let json =
      #"[{"mode": "a", "pt": {"a": 1, "k": [{"t": 0, "s": [\#(LottieProbe.rectangleShape(a))], "h": 1}, {"t": 20, "s": [\#(LottieProbe.rectangleShape(a))], "h": 1}, {"t": 30, "s": [\#(LottieProbe.rectangleShape(b))]}]}}]"#
    let masks = try LottieMask.decodeList(LottieProbe.cursor(json))
    let content = LottieProbe.filled(.red)
    content.mask = makeMaskLayer(for: masks, context: LottieProbe.context())
    let root = Layer()
    root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
    root.anchorPoint = .zero
    root.addSublayer(content)
    let start = try LayerRenderer(scale: 1).render(root, at: 0.5)
    #expect(start.pixel(x: 30, y: 30).isRed)
    #expect(start.pixel(x: 70, y: 70).isClear)
    let end = try LayerRenderer(scale: 1).render(root, at: 1.5)
    #expect(end.pixel(x: 30, y: 30).isClear)
    #expect(end.pixel(x: 70, y: 70).isRed)
  }

  @Test func missingPathIsAnErrorWithItsPath() throws {
    #expect(throws: DocumentError(location: "$[0]", message: "missing required key \"pt\"")) {
      try LottieMask.decodeList(LottieProbe.cursor(#"[{"mode": "a"}]"#))
    }
  }
}
