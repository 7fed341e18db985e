import FlipbookGraphics
import FlipbookImageFormats
import FlipbookLayers
import Foundation

// MARK: - Image layers

/// The content of an image layer (`ty: 2`) showing asset `refId`, to add to its contents layer, as lottie-ios's
/// Core Animation engine draws it (`ImageLayer`, Sources/Private/CoreAnimation/Layers/ImageLayer.swift, 4.6.1): the
/// image placed in the asset's own size `w`×`h` from the layer's origin by the provider's `contentsGravity`
/// (stretched, `.resize`, unless it says otherwise). nil — an empty layer — when there is no image, which is reported.
///
/// The image comes from the context's image provider (the caller's, with the overrides' images in front: see
/// `LottieOverrides.imageProvider(fallback:)`); failing that, an embedded data URL holding a PNG, a JPEG or a WebP is
/// decoded here. Other embedded formats (SVG) are left to the provider and reported when it gives nothing.
func makeImageContent(refId: String, assets: [String: LottieImageAsset], context: LottieBuildContext) -> Layer? {
  guard let asset = assets[refId] else {
    // lottie-ios draws nothing for it and still draws the file (its verdict on issue_1169_four_shadows, whose image
    // layers name assets the file lacks, is "Supports Core Animation engine"): named, but not a refusal.
    context.report("image asset \"\(refId)\", which the file does not hold", kind: .ignored)
    return nil
  }
  guard let image = image(for: asset, context: context) else { return nil }
  let content = Layer()
  content.name = "image \(asset.id)"
  content.anchorPoint = .zero
  content.bounds = CGRect(x: 0, y: 0, width: asset.width, height: asset.height)
  content.contents = image
  content.contentsGravity = context.imageContentsGravity(asset)
  return content
}

/// The image of `asset`: the provider's, else an embedded PNG, JPEG or WebP decoded; nil (reported) otherwise.
func image(for asset: LottieImageAsset, context: LottieBuildContext) -> Image? {
  if let provided = context.imageProvider?(asset) { return provided }
  guard let data = asset.embeddedData else {
    context.report(
      "image \"\(asset.directory + asset.name)\" (asset \(asset.id)), which no image provider gave", kind: .ignored)
    return nil
  }
  let bytes = [UInt8](data)
  guard let format = EncodedImageFormat(signatureOf: bytes) else {
    context.report(
      "embedded image (asset \(asset.id)) that is not a PNG, JPEG or WebP, which Flipbook cannot decode", kind: .ignored
    )
    return nil
  }
  do {
    return try Image(imageData: bytes, source: "image asset \(asset.id)")
  } catch {
    context.report(
      "embedded \(format.rawValue) image (asset \(asset.id)) that does not decode: \(error)", kind: .ignored)
    return nil
  }
}
