import FlipbookGraphics
import FlipbookLayers
import Foundation

// MARK: - Track mattes

/// Pairs each matted layer with its matte, as lottie-ios's Core Animation engine pairs them
/// (`pairedLayersAndMasks()`, Sources/Private/CoreAnimation/Layers/CALayer+setupLayerHierarchy.swift, 4.6.1):
/// walking from the back, a layer with a matte type takes the layer just in front of it as its matte, and that
/// layer is not drawn by itself. `td` (matte source) and `tp` (matte parent) are not read, as lottie-ios does not
/// read them; an inverted luma matte (`tt: 4`) pairs nothing (lottie-ios has no such matte type).
///
/// `layersFrontToBack` is the file's order (`layers[0]` in front); the result is back to front — the order the
/// layers are added as sublayers — and leaves out the layers taken as mattes.
func pairLayersWithMattes<L>(_ layersFrontToBack: [L], matte: (L) -> LottieMatteType?) -> [(layer: L, matte: L?)] {
  var pairs: [(layer: L, matte: L?)] = []
  var index = layersFrontToBack.count - 1
  while index >= 0 {
    let layer = layersFrontToBack[index]
    if let type = matte(layer), type.consumesLayerAbove, index > 0 {
      pairs.append((layer, layersFrontToBack[index - 1]))
      index -= 2
    } else {
      pairs.append((layer, nil))
      index -= 1
    }
  }
  return pairs
}

/// The layer to add in a matted layer's place: a container holding the layer, masked by the matte
/// (`setupLayerHierarchy` and `maskLayer(for:type:context:)` in CALayer+setupLayerHierarchy.swift):
///
/// - alpha: the matte, wrapped in one more container (Core Animation ignores a mask that has a mask itself, so
///   lottie-ios never sets a matte layer's own masks on the mask directly);
/// - alpha inverted: an opaque black layer as large as any canvas with the matte drawn on it with the `xor` blend
///   mode, which clears the black where the matte is opaque;
/// - luma: no mask — lottie-ios reads `tt: 3` as `MatteType.unknown` and returns no mask layer, so iOS shows the layer
///   unmasked and the matte nowhere; named as ignored. (An inverted luma matte never reaches here: see
///   ``pairLayersWithMattes(_:matte:)``; the caller reports it with ``reportUnpairedMatte(_:context:)``.)
///
/// Both `layer` and `matte` are complete (parent transform layers included) and placed in the same coordinate
/// space, the container's superlayer's; the containers add no geometry of their own.
func makeMatted(_ layer: Layer, matte: Layer, type: LottieMatteType, context: LottieBuildContext) -> Layer {
  let container = Layer()
  container.name = "\(layer.name ?? "layer") (parent, masked)"
  container.anchorPoint = .zero
  container.addSublayer(layer)
  let maskParent = Layer()
  maskParent.name = "\(matte.name ?? "matte") (mask of \(layer.name ?? "layer"))"
  maskParent.anchorPoint = .zero
  switch type {
  case .alpha:
    maskParent.addSublayer(matte)
  case .alphaInverted:
    guard let base = invertedMatteBase(holding: matte) else {
      context.report("inverted alpha matte, which Flipbook cannot draw without Layer.compositingFilter", kind: .ignored)
      return layer
    }
    maskParent.addSublayer(base)
  case .luma, .lumaInverted:
    context.report(type.featureName + ", which iOS draws as no matte", kind: .ignored)
    return layer
  }
  container.mask = maskParent
  return container
}

/// Reports a layer whose matte lottie-ios does not pair (an inverted luma matte): the layer is drawn unmasked and
/// the layer above it as an ordinary layer, as on iOS.
func reportUnpairedMatte(_ type: LottieMatteType, context: LottieBuildContext) {
  guard !type.consumesLayerAbove else { return }
  context.report(type.featureName + ", which iOS draws as no matte", kind: .ignored)
}
