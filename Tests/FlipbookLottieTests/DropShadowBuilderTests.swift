import FlipbookGraphics
import FlipbookJSON
import FlipbookLayers
import Foundation
import Testing

@testable import FlipbookLottie

/// Drop shadow effects mapped onto the layer shadow with lottie-ios's conversions (DropShadowAnimation.swift).
@Suite struct DropShadowBuilderTests {
  /// An After Effects drop shadow: black, opacity 255 of 255, direction 180° (straight down), distance 10,
  /// softness 0 — plus a blur that iOS ignores.
  let effects = """
    [{"ty": 25, "nm": "Drop Shadow", "ef": [
      {"ty": 2, "nm": "Shadow Color", "v": {"a": 0, "k": [0, 0, 0, 1]}},
      {"ty": 0, "nm": "Opacity", "v": {"a": 0, "k": 255}},
      {"ty": 0, "nm": "Direction", "v": {"a": 0, "k": 180}},
      {"ty": 0, "nm": "Distance", "v": {"a": 0, "k": 10}},
      {"ty": 0, "nm": "Softness", "v": {"a": 0, "k": 0}}]},
     {"ty": 29, "nm": "Gaussian Blur", "ef": []}]
    """

  @Test func effectBecomesTheLayerShadow() throws {
    let context = LottieProbe.context(keypath: ["Box"])
    let layer = Layer()
    applyEffects(try LottieEffect.decodeList(LottieProbe.cursor(effects)), to: layer, context: context)
    // Direction 180 → angle 90° → offset (10·cos 90°, 10·sin 90°) = (0, 10): straight down.
    #expect(abs(layer.shadowOffset.width) < 1e-9)
    #expect(abs(layer.shadowOffset.height - 10) < 1e-9)
    #expect(layer.shadowOpacity == 1)
    #expect(layer.shadowRadius == 0)
    #expect(layer.shadowColor == .black)
    #expect(
      context.issues.issues.map(\.description) == [
        "effect \"Gaussian Blur\" (type 29), which iOS does not draw at Box"
      ])
    #expect(!context.issues.hasUnsupportedFeatures)
  }

  @Test func shadowFallsTenPointsBelowTheLayer() throws {
    let content = Layer()
    content.anchorPoint = .zero
    content.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
    content.addSublayer(LottieProbe.square(CGRect(x: 30, y: 30, width: 20, height: 20), .white))
    applyEffects(try LottieEffect.decodeList(LottieProbe.cursor(effects)), to: content, context: LottieProbe.context())
    let image = try LottieProbe.render([content])
    #expect(image.pixel(x: 40, y: 40) == RGBA8(255, 255, 255, 255))  // the square
    #expect(image.pixel(x: 40, y: 55) == RGBA8(0, 0, 0, 255))  // its shadow, 10 pt lower (rows 40…59)
    #expect(image.pixel(x: 40, y: 61).isClear)  // below the shadow
    #expect(image.pixel(x: 40, y: 25).isClear)  // nothing above the square
  }

  @Test func softnessAndOpacityScaleAsLottieIOS() throws {
    let json = """
      [{"ty": 25, "ef": [
        {"ty": 0, "nm": "Opacity", "v": {"a": 0, "k": 51}},
        {"ty": 1, "nm": "Direction", "v": {"a": 0, "k": 90}},
        {"ty": 0, "nm": "Distance", "v": {"a": 0, "k": 4}},
        {"ty": 0, "nm": "Softness", "v": {"a": 0, "k": 25}}]}]
      """
    let layer = Layer()
    applyEffects(try LottieEffect.decodeList(LottieProbe.cursor(json)), to: layer, context: LottieProbe.context())
    #expect(abs(layer.shadowOpacity - 0.2) < 1e-12)  // 51 / 255
    #expect(layer.shadowRadius == 5)  // 25 / 5
    #expect(abs(layer.shadowOffset.width - 4) < 1e-9)  // direction 90 (right) → angle 0
    #expect(abs(layer.shadowOffset.height) < 1e-9)
  }
}
