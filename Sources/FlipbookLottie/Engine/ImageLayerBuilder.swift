import FlipbookGraphics
import FlipbookImageFormats
import FlipbookLayers
import Foundation

// MARK: - Image layers

/// The content of an image layer (`ty: 2`) showing asset `refId`, to add to its contents layer, as lottie-ios's
/// Core Animation engine draws it (`ImageLayer`, Sources/Private/CoreAnimation/Layers/ImageLayer.swift, 4.6.1): the
/// image stretched over the asset's own size `w`×`h` from the layer's origin (`contentsGravity` resize, the image
/// providers' default). nil — an empty layer — when there is no image, which is reported.
///
/// The image comes from the context's image provider (the caller's, with the overrides' images in front: see
/// `LottieOverrides.imageProvider(fallback:)`); failing that, an embedded data URL holding a PNG or a WebP is decoded
/// here. Other embedded formats (JPEG, SVG) are left to the provider and reported when it gives nothing.
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
  content.contentsGravity = .resize
  return content
}

/// The image of `asset`: the provider's, else an embedded PNG or WebP decoded; nil (reported) otherwise.
func image(for asset: LottieImageAsset, context: LottieBuildContext) -> Image? {
  if let provided = context.imageProvider?(asset) { return provided }
  guard let data = asset.embeddedData else {
    context.report(
      "image \"\(asset.directory + asset.name)\" (asset \(asset.id)), which no image provider gave", kind: .ignored)
    return nil
  }
  let format = EmbeddedImageFormat(data)
  if format == .webP {
    do {
      return try Image(webPData: [UInt8](data), source: "image asset \(asset.id)")
    } catch {
      context.report("embedded WebP image (asset \(asset.id)) that does not decode: \(error)", kind: .ignored)
      return nil
    }
  }
  guard format == .png else {
    context.report(
      "embedded \(format.rawValue) image (asset \(asset.id)), which Flipbook cannot decode", kind: .ignored)
    return nil
  }
  do {
    return try Image(pngData: data, source: "image asset \(asset.id)")
  } catch {
    context.report("embedded PNG image (asset \(asset.id)) that does not decode: \(error)", kind: .ignored)
    return nil
  }
}

/// The format of embedded image bytes, told by their signature (a data URL's media type may lie).
enum EmbeddedImageFormat: String {
  case png = "PNG"
  case jpeg = "JPEG"
  case webP = "WebP"
  case other = "non-PNG"

  /// PNG's eight-byte signature (ISO/IEC 15948, 5.2), JPEG's start-of-image marker FF D8 FF, or WebP's RIFF
  /// header of form type `WEBP`.
  init(_ data: Data) {
    let head = [UInt8](data.prefix(8))
    if head == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] {
      self = .png
    } else if head.starts(with: [0xFF, 0xD8, 0xFF]) {
      self = .jpeg
    } else if Image.isWebP([UInt8](data.prefix(12))) {
      self = .webP
    } else {
      self = .other
    }
  }
}
