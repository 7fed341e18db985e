import FlipbookGraphics
import FlipbookLayers
import FlipbookTiming
import Foundation

// MARK: - Effects

/// Applies a layer's effects and layer styles to its contents layer, as lottie-ios's Core Animation engine does
/// (`BaseCompositionLayer.setupLayerAnimations`, Sources/Private/CoreAnimation/Layers/BaseCompositionLayer.swift,
/// 4.6.1): the first drop shadow effect — else the first drop shadow style — becomes the contents layer's Core
/// Animation shadow; every other effect is ignored by iOS and named here as ignored, once per name.
///
/// The caller passes `LottieEffect.decodeList(ef) + LottieEffect.decodeStyles(sy)`.
func applyEffects(_ effects: [LottieEffect], to contentsLayer: Layer, context: LottieBuildContext) {
  var shadows: [LottieDropShadow] = []
  for effect in effects {
    switch effect {
    case .dropShadow(let shadow): shadows.append(shadow)
    case .other(let name, let type):
      context.report("effect \"\(name)\" (type \(type)), which iOS does not draw", kind: .ignored)
    }
  }
  guard let shadow = shadows.first(where: \.isEffect) ?? shadows.first else { return }
  if shadows.count > 1 { context.report("drop shadows beyond the first, which iOS does not draw", kind: .ignored) }
  addDropShadow(shadow, to: contentsLayer, context: context)
}

/// The shadow's four Core Animation properties, each animated from its keyframes when the file gives it
/// (lottie-ios `CALayer.addDropShadowAnimations(for:context:)`, DropShadowAnimation.swift): opacity in percent → 0…1,
/// colour as is, radius as converted by the model, and the offset `(d·cos θ, d·sin θ)` from the angle θ and
/// distance d combined as lottie-ios's `Keyframes.combined` combines them (`ShapeKeyframes.combined`).
func addDropShadow(_ shadow: LottieDropShadow, to layer: Layer, context: LottieBuildContext) {
  if let opacity = shadow.opacity {
    context.addAnimation(to: layer, .shadowOpacity, keyframes: opacity) { $0 / 100 }
  }
  if let color = shadow.color {
    context.addAnimation(to: layer, .shadowColor, keyframes: color) { $0 }
  }
  if let radius = shadow.radius {
    context.addAnimation(to: layer, .shadowRadius, keyframes: radius) { $0 }
  }
  if let angle = shadow.angle, let distance = shadow.distance {
    let parts = [
      CombinableKeyframes(angle, interpolate: ShapeInterpolation.number),
      CombinableKeyframes(distance, interpolate: ShapeInterpolation.number),
    ].compactMap { $0 }
    guard parts.count == 2 else { return }
    let offset = ShapeKeyframes.combined(parts) { values in
      let radians = (values[0] as? Double ?? 0) * .pi / 180
      let length = values[1] as? Double ?? 0
      return CGSize(width: length * cos(radians), height: length * sin(radians))
    }
    context.addAnimation(to: layer, .shadowOffset, keyframes: offset) { $0 }
  }
}
