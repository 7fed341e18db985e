import FlipbookLayers

/// Applies a layer's effects to its contents layer (placeholder owned by layers2).
func applyEffects(_ effects: [LottieEffect], to contentsLayer: Layer, context: LottieBuildContext) {}
