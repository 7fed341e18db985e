import FlipbookGraphics
import FlipbookImageFormats
import FlipbookLayers
import Foundation
import Testing

@testable import FlipbookLottie

/// Image layers as lottie-ios's ImageLayer draws them: the image stretched over the asset's w×h.
@Suite struct ImageLayerBuilderTests {
  /// A 2×2-pixel image: red, green / blue, white.
  func checker() throws -> Image {
    try Image(width: 2, height: 2, rgba: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255])
  }

  func asset(embedding data: Data?) -> LottieImageAsset {
    LottieImageAsset(id: "image_0", name: "img_0.png", directory: "images/", width: 40, height: 20, embeddedData: data)
  }

  @Test func embeddedPNGIsStretchedOverTheAssetSize() throws {
    let png = try checker().pngData()
    let assets = ["image_0": asset(embedding: png)]
    let context = LottieProbe.context()
    let content = try #require(makeImageContent(refId: "image_0", assets: assets, context: context))
    let image = try LottieProbe.render([content])
    // Each source pixel covers 20×10 points: the quadrants' centres show its colour (within 20 levels: the image
    // is magnified with Core Animation's default linear filter, which blends towards the neighbours).
    func near(_ pixel: RGBA8, _ expected: RGBA8) -> Bool { pixel.distance(to: expected) <= 20 && pixel.a == 255 }
    #expect(near(image.pixel(x: 10, y: 5), RGBA8(255, 0, 0, 255)))
    #expect(near(image.pixel(x: 30, y: 5), RGBA8(0, 255, 0, 255)))
    #expect(near(image.pixel(x: 10, y: 15), RGBA8(0, 0, 255, 255)))
    #expect(near(image.pixel(x: 30, y: 15), RGBA8(255, 255, 255, 255)))
    #expect(image.pixel(x: 50, y: 5).isClear)
    #expect(image.pixel(x: 10, y: 25).isClear)
    #expect(context.issues.issues.isEmpty)
  }

  @Test func embeddedWebPIsDecoded() throws {
    // A 2×1 lossless WebP made for this test (Pillow, lossless=True): opaque red, then blue at alpha 128.
    let webP = Data([
      0x52, 0x49, 0x46, 0x46, 0x20, 0x00, 0x00, 0x00, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x4C, 0x13, 0x00,
      0x00, 0x00, 0x2F, 0x01, 0x00, 0x00, 0x10, 0x0F, 0x10, 0xFB, 0x3F, 0xFF, 0x0F, 0xFC, 0x8F, 0x0A, 0x15, 0x88,
      0xE8, 0x7F, 0x00, 0x00,
    ])
    #expect(EncodedImageFormat(signatureOf: [UInt8](webP)) == .webP)
    let decoded = try Image(webPData: [UInt8](webP))
    #expect(decoded.width == 2 && decoded.height == 1)
    #expect(decoded.pixel(x: 0, y: 0) == RGBA8(255, 0, 0, 255))
    // Stored premultiplied, read back straight: 255 · 128 / 255 rounds back to 255.
    #expect(decoded.pixel(x: 1, y: 0) == RGBA8(0, 0, 255, 128))
    let context = LottieProbe.context()
    #expect(makeImageContent(refId: "image_0", assets: ["image_0": asset(embedding: webP)], context: context) != nil)
    #expect(context.issues.issues.isEmpty)
    // A RIFF header alone is named, not drawn.
    let broken = Data(webP.prefix(16))
    #expect(makeImageContent(refId: "image_0", assets: ["image_0": asset(embedding: broken)], context: context) == nil)
    #expect(context.issues.issues.count == 1)
  }

  @Test func anImageOverrideReplacesEveryAsset() throws {
    var overrides = LottieOverrides()
    overrides.setImage(LottieImageOverride(source: .file("dog.png")))
    #expect(overrides.imageFiles == ["dog.png"])
    let red = try Image(width: 1, height: 1, rgba: [255, 0, 0, 255])
    let resolved = overrides.resolvingImages { _ in red }
    var context = LottieProbe.context(overrides: resolved)
    context.imageProvider = resolved.imageProvider(fallback: nil)
    let content = try #require(
      makeImageContent(refId: "image_0", assets: ["image_0": asset(embedding: nil)], context: context))
    let image = try LottieProbe.render([content])
    #expect(image.pixel(x: 30, y: 15).isRed)
  }

  @Test func anAssetTheFileDoesNotHoldIsNamedButDoesNotRefuseTheFile() throws {
    let context = LottieProbe.context(keypath: ["Photo"])
    #expect(makeImageContent(refId: "missing", assets: ["image_0": asset(embedding: nil)], context: context) == nil)
    #expect(
      context.issues.issues.map(\.description) == ["image asset \"missing\", which the file does not hold at Photo"])
    #expect(context.issues.issues.map(\.kind) == [.ignored], "lottie-ios draws such a file")
  }

  @Test func missingImagesAndUndecodableFormatsAreNamed() throws {
    let context = LottieProbe.context(keypath: ["Photo"])
    #expect(makeImageContent(refId: "image_0", assets: ["image_0": asset(embedding: nil)], context: context) == nil)
    let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10])
    #expect(makeImageContent(refId: "image_0", assets: ["image_0": asset(embedding: jpeg)], context: context) == nil)
    let svg = Data("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8)
    #expect(makeImageContent(refId: "image_0", assets: ["image_0": asset(embedding: svg)], context: context) == nil)
    #expect(
      context.issues.issues.map(\.description) == [
        "image \"images/img_0.png\" (asset image_0), which no image provider gave at Photo",
        "embedded JPEG image (asset image_0) that does not decode: image asset image_0: is not a JPEG image "
          + "libjpeg-turbo can read at Photo",
        "embedded image (asset image_0) that is not a PNG, JPEG or WebP, which Flipbook cannot decode at Photo",
      ])
  }
}
