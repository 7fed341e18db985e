import FlipbookLayers

/// The mask layer drawing `masks`, to set as the contents layer's mask (placeholder owned by layers2).
func makeMaskLayer(for masks: [LottieMask], context: LottieBuildContext) -> Layer? {
  nil
}
