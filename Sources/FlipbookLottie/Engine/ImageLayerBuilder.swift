import FlipbookLayers

/// The content of an image layer showing asset `refId` (placeholder owned by layers2).
func makeImageContent(refId: String, assets: [String: LottieImageAsset], context: LottieBuildContext) -> Layer? {
  nil
}
