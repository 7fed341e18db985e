import FlipbookGraphics
import FlipbookJSON
import FlipbookLayers
import Foundation
import Testing

@testable import FlipbookLottie

/// Overrides changing what is drawn, through the build context exactly as the shape and transform builders use it.
@Suite struct OverrideRenderTests {
  /// The file's fill: constant blue.
  let fileColor = LottieKeyframes<Color>(Color(red: 0, green: 0, blue: 1))

  func filledLayer(_ context: LottieBuildContext) -> Layer {
    let layer = LottieProbe.filled(.clear)
    context.addAnimation(to: layer, .backgroundColor, keyframes: fileColor, property: "Color") { $0 }
    return layer
  }

  @Test func constantColourOverrideFromADocument() throws {
    let document = try LottieOverridesDocument.decode(
      LottieProbe.cursor(#"{"lottie": "a.json", "overrides": [{"keypath": "**.Fill 1.Color", "color": [1, 0, 0]}]}"#))
    let overridden = filledLayer(LottieProbe.context(overrides: document.overrides, keypath: ["Layer", "Fill 1"]))
    #expect(try LottieProbe.render([overridden]).pixel(x: 50, y: 50).isRed)
    // Another fill keeps the file's colour.
    let other = filledLayer(LottieProbe.context(overrides: document.overrides, keypath: ["Layer", "Fill 2"]))
    #expect(try LottieProbe.render([other]).pixel(x: 50, y: 50) == RGBA8(0, 0, 255, 255))
  }

  @Test func keyframedColourOverrideAsTheSwitchSample() throws {
    // lottie-ios's Switch sample: black at frame 0, RGB 0.76 at frame 75, black at 150 — linear between.
    let document = try LottieOverridesDocument.decode(
      LottieProbe.cursor(
        #"""
        {"lottie": "Switch.json", "overrides": [{"keypath": "Switch Outline Outlines.Fill 1.Color", "color": {"keyframes": [
          {"frame": 0, "value": [0, 0, 0]}, {"frame": 75, "value": [0.76, 0.76, 0.76]}, {"frame": 150, "value": [0, 0, 0]}]}}]}
        """#))
    var context = LottieBuildContext(
      timeline: LottieTimeline(startFrame: 0, endFrame: 150, framerate: 30), valueProviders: document.overrides)
    context = context.appending("Switch Outline Outlines").appending("Fill 1")
    let layer = filledLayer(context)
    let root = Layer()
    root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
    root.anchorPoint = .zero
    root.addSublayer(layer)
    let renderer = LayerRenderer(scale: 1)
    // Frame 75 (2.5 s): 0.76 × 255 = 193.8; frame 37.5 (1.25 s): 0.38 × 255 = 96.9; frame 150 (5 s): black.
    #expect(try renderer.render(root, at: 2.5).pixel(x: 50, y: 50).distance(to: RGBA8(194, 194, 194, 255)) <= 1)
    #expect(try renderer.render(root, at: 1.25).pixel(x: 50, y: 50).distance(to: RGBA8(97, 97, 97, 255)) <= 1)
    #expect(try renderer.render(root, at: 5).pixel(x: 50, y: 50) == RGBA8(0, 0, 0, 255))
  }

  @Test func numberOverrideReplacesAnOpacity() throws {
    var overrides = LottieOverrides()
    overrides.setValueProvider(.number(.constant(10)), keypath: "Dark Gray Solid 1.Transform.Opacity")
    let context = LottieProbe.context(overrides: overrides, keypath: ["Dark Gray Solid 1", "Transform"])
    let layer = LottieProbe.filled(.black)
    context.addAnimation(to: layer, .opacity, keyframes: LottieKeyframes<Double>(100), property: "Opacity") { $0 / 100 }
    #expect(abs(layer.opacity - 0.1) < 1e-12)
  }
}
