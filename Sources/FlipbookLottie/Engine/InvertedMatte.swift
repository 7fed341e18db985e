import FlipbookGraphics
import FlipbookLayers
import Foundation

/// How far the opaque base of an inverted matte reaches beyond the origin on each side, in points: lottie-ios's
/// `CALayer.veryLargeLayerPadding` (GradientRenderLayer.swift, 4.6.1), its stand-in for "infinitely large"
/// (`InfiniteOpaqueAnimationLayer`).
let invertedMatteReach = 10_000.0

/// An opaque black layer covering ±``invertedMatteReach`` around the origin with `matte` drawn on it through the
/// `xor` blend mode, in the coordinate space of its superlayer; nil until FlipbookLayers composites with `xor`
/// (`Layer.compositingFilter`, coming from the ca branch).
func invertedMatteBase(holding matte: Layer) -> Layer? {
  nil
}
