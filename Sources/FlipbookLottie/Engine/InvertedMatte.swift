import FlipbookGraphics
import FlipbookLayers
import Foundation

/// How far the opaque base of an inverted matte reaches beyond the origin on each side, in points: lottie-ios's
/// `CALayer.veryLargeLayerPadding` (GradientRenderLayer.swift, 4.6.1), its stand-in for "infinitely large"
/// (`InfiniteOpaqueAnimationLayer`).
let invertedMatteReach = 10_000.0

/// An opaque black layer covering ±``invertedMatteReach`` around the origin with `matte` drawn on it through the
/// `xor` blend mode (lottie-ios `maskLayer(for:type:context:)`: `InfiniteOpaqueAnimationLayer` with a black
/// background and the matte's `compositingFilter = "xor"`), in the coordinate space of its superlayer: opaque where
/// the matte is transparent and clear where it is opaque.
func invertedMatteBase(holding matte: Layer) -> Layer {
  let base = Layer()
  base.name = "inverted matte base"
  base.bounds = CGRect(
    x: -invertedMatteReach, y: -invertedMatteReach, width: 2 * invertedMatteReach, height: 2 * invertedMatteReach)
  base.anchorPoint = .zero
  base.position = CGPoint(x: -invertedMatteReach, y: -invertedMatteReach)
  base.backgroundColor = .black
  matte.compositingFilter = .xor
  base.addSublayer(matte)
  return base
}
