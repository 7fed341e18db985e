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
/// distance d combined keyframe by keyframe.
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
    let offset = combinedKeyframes(angle, distance) { degrees, length in
      let radians = degrees * .pi / 180
      return CGSize(width: length * cos(radians), height: length * sin(radians))
    }
    context.addAnimation(to: layer, .shadowOffset, keyframes: offset) { $0 }
  }
}

// MARK: - Combining two keyframe groups

/// One keyframe group from two, as lottie-ios's `Keyframes.combined` builds them
/// (Sources/Private/CoreAnimation/Extensions/Keyframes+combined.swift): a constant joins the other group's keyframes;
/// two animated groups with the same frames and timing combine keyframe by keyframe; otherwise both are sampled at
/// every whole frame from the first keyframe to the last, and the samples move linearly
/// (`manuallyInterpolated`).
func combinedKeyframes<A: Animatable, B: Animatable, C>(
  _ a: LottieKeyframes<A>, _ b: LottieKeyframes<B>, _ combine: (A, B) -> C
) -> LottieKeyframes<C> {
  guard let firstA = a.keyframes.first, let firstB = b.keyframes.first else { return LottieKeyframes(keyframes: []) }
  if !a.isAnimated { return b.map { combine(firstA.value, $0) } }
  if !b.isAnimated { return a.map { combine($0, firstB.value) } }
  let sameTiming =
    a.keyframes.count == b.keyframes.count
    && zip(a.keyframes, b.keyframes).allSatisfy {
      $0.frame == $1.frame && $0.isHold == $1.isHold && $0.inTangent == $1.inTangent && $0.outTangent == $1.outTangent
    }
  if sameTiming {
    return LottieKeyframes(keyframes: zip(a.keyframes, b.keyframes).map { $0.withValue(combine($0.value, $1.value)) })
  }
  let start = min(firstA.frame, firstB.frame)
  let end = max(a.keyframes[a.keyframes.count - 1].frame, b.keyframes[b.keyframes.count - 1].frame)
  // Bounded: a file's frame range is limited by the reader; never more than this many samples.
  let sampleLimit = 10_000.0
  let step = max(1, ((end - start) / sampleLimit).rounded(.up))
  var samples: [LottieKeyframe<C>] = []
  var frame = start
  while frame <= end {
    samples.append(
      LottieKeyframe(
        value: combine(interpolatedValue(a, atFrame: frame), interpolatedValue(b, atFrame: frame)), frame: frame))
    frame += step
  }
  return LottieKeyframes(keyframes: samples)
}

/// The value of `keyframes` at `frame`: held before the first and after the last keyframe, held through a hold
/// keyframe, else interpolated with the segment's easing curve (its out and in tangents as a Core Animation timing
/// function, as the animation built from them would show it).
func interpolatedValue<T: Animatable>(_ keyframes: LottieKeyframes<T>, atFrame frame: Double) -> T {
  let list = keyframes.keyframes
  guard let next = list.firstIndex(where: { $0.frame > frame }) else { return list[list.count - 1].value }
  guard next > 0 else { return list[0].value }
  let from = list[next - 1]
  let to = list[next]
  if from.isHold { return from.value }
  let c1 = from.outTangent ?? .zero
  let c2 = to.inTangent ?? CGPoint(x: 1, y: 1)
  let progress = (frame - from.frame) / (to.frame - from.frame)
  let eased = TimingFunction(controlPoints: c1.x, c1.y, c2.x, c2.y).value(at: progress)
  return from.value.interpolated(to: to.value, fraction: eased)
}
