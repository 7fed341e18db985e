import FlipbookGraphics
import FlipbookLayers
import Foundation

// MARK: - Masks

/// The layer that draws a layer's masks, to set as its contents layer's `mask`, as lottie-ios's Core Animation
/// engine composes them (`MaskCompositionLayer`, Sources/Private/CoreAnimation/Layers/MaskCompositionLayer.swift,
/// 4.6.1); nil when every mask is `none`.
///
/// Each mask is an opaque shape layer filled even-odd. Walking the masks in order, an add mask (and whichever mask
/// comes first) is added beside the masks before it — alpha over alpha is their union — and any other mode becomes
/// the `mask` of everything so far, which is then wrapped in a new container: an intersection. Subtract masks, and
/// inverted add masks, are drawn as a very large rectangle with their path cut out (even-odd), so subtracting is
/// intersecting with the outside. As in lottie-ios, inverting an intersect (or subtract) mask changes nothing, and a
/// mask's opacity and expansion are not drawn; those are named as ignored.
func makeMaskLayer(for masks: [LottieMask], context: LottieBuildContext) -> Layer? {
  let drawn = masks.filter { $0.mode != .none }
  guard !drawn.isEmpty else { return nil }
  let composition = Layer()
  composition.name = "masks"
  composition.anchorPoint = .zero
  var container = Layer()
  container.anchorPoint = .zero
  var isFirst = true
  for mask in drawn {
    reportIgnoredParts(of: mask, context: context)
    let shape = makeMaskShape(mask, context: context)
    if mask.mode.drawnMode == .add || isFirst {
      isFirst = false
      container.addSublayer(shape)
    } else {
      container.mask = shape
      let next = Layer()
      next.anchorPoint = .zero
      next.addSublayer(container)
      container = next
    }
  }
  composition.addSublayer(container)
  return composition
}

/// Half the side of the rectangle an inverted mask cuts its path from, in points. lottie-ios uses ±10,000,000
/// (`CGRect.veryLargeRect`, MaskContainerLayer.swift); Cairo keeps coordinates in 24.8 fixed point (±8,388,607 device
/// units), so Flipbook uses ±1,000,000, which still covers any canvas at any scale it renders.
let invertedMaskReach = 1_000_000.0

/// One mask as an opaque, even-odd shape layer whose path follows the mask's keyframes
/// (`MaskCompositionLayer.MaskLayer`).
func makeMaskShape(_ mask: LottieMask, context: LottieBuildContext) -> ShapeLayer {
  let drawnMode = mask.mode.drawnMode
  let invert = (drawnMode == .subtract && !mask.inverted) || (drawnMode == .add && mask.inverted)
  let shape = ShapeLayer()
  shape.name = "mask (\(mask.mode))"
  shape.anchorPoint = .zero
  shape.fillColor = .black
  shape.fillRule = .evenOdd
  context.addAnimation(to: shape, .path, keyframes: mask.shape) { bezier in
    maskPathValue(invert ? invertedMaskPath(bezier.path) : bezier.path)
  }
  return shape
}

/// A very large rectangle with `path` added: filled even-odd, everything except the path.
func invertedMaskPath(_ path: Path) -> Path {
  var inverted = Path(
    rect: CGRect(
      x: -invertedMaskReach, y: -invertedMaskReach, width: 2 * invertedMaskReach, height: 2 * invertedMaskReach))
  inverted.append(path)
  return inverted
}

/// Names what lottie-ios's Core Animation engine leaves out of a mask, each once per layer: modes it draws as
/// another, an unknown mode, an opacity other than 100 %, an expansion, a feather.
func reportIgnoredParts(of mask: LottieMask, context: LottieBuildContext) {
  if let unknown = mask.unknownMode {
    context.report("mask mode \"\(unknown)\", which iOS draws as add", kind: .ignored)
  }
  switch mask.mode {
  case .lighten: context.report("mask mode lighten, which iOS draws as add", kind: .ignored)
  case .darken: context.report("mask mode darken, which iOS draws as intersect", kind: .ignored)
  case .difference: context.report("mask mode difference, which iOS draws as intersect", kind: .ignored)
  default: break
  }
  if mask.opacity.keyframes.contains(where: { $0.value != 100 }) {
    context.report("mask opacity, which iOS does not draw", kind: .ignored)
  }
  if mask.expansion.keyframes.contains(where: { $0.value != 0 }) {
    context.report("mask expansion, which iOS does not draw", kind: .ignored)
  }
  if mask.hasFeather { context.report("mask feather, which iOS does not draw", kind: .ignored) }
}

/// A mask path as the shape layer's `path` key path takes it.
func maskPathValue(_ path: Path) -> Path { path }
