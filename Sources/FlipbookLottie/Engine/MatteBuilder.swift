import FlipbookLayers

/// Pairs each matted layer with the layer just above it, its matte (placeholder owned by layers2).
func pairLayersWithMattes<L>(_ layersFrontToBack: [L], matte: (L) -> LottieMatteType?) -> [(layer: L, matte: L?)] {
  layersFrontToBack.map { (layer: $0, matte: nil) }
}

/// The container to add in a matted layer's place (placeholder owned by layers2).
func makeMatted(_ layer: Layer, matte: Layer, type: LottieMatteType, context: LottieBuildContext) -> Layer {
  layer
}
