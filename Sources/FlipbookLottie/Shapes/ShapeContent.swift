import FlipbookLayers

/// The layers drawing `items`, back to front, to be added to a shape layer's container (placeholder owned by the
/// shapes engineer).
func makeShapeContent(_ items: [ShapeItem], context: LottieBuildContext) -> [Layer] {
  []
}
