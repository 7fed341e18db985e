import FlipbookLayers

/// The content of a text layer (placeholder owned by layers2).
func makeTextContent(_ text: LottieTextDocument, context: LottieBuildContext) -> Layer {
  Layer()
}
