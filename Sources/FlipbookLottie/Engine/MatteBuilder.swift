import FlipbookLayers

/// Pairs each matted layer with the layer just above it, its matte; the pairs come back to front, in the order the
/// engine adds them (placeholder owned by layers2).
func pairLayersWithMattes<L>(_ layersFrontToBack: [L], matte: (L) -> LottieMatteType?) -> [(layer: L, matte: L?)] {
  layersFrontToBack.reversed().map { (layer: $0, matte: nil) }
}

/// The container to add in a matted layer's place (placeholder owned by layers2).
func makeMatted(_ layer: Layer, matte: Layer, type: LottieMatteType, context: LottieBuildContext) -> Layer {
  layer
}
