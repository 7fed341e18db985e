import FlipbookGraphics
import FlipbookLayers
import FlipbookTiming
import Foundation

// MARK: - Transform animations

extension LottieBuildContext {
  /// Animates `layer`'s geometry from a layer or shape-group transform, as lottie-ios's
  /// `addTransformAnimations(for:context:)` does (`Sources/Private/CoreAnimation/Animations/
  /// TransformAnimations.swift`, 4.6.1): position (whole, along its spatial path, or by dimension), the anchor as
  /// a fraction of the layer's bounds, scale x and y in percent, rotations in degrees — or, when the transform
  /// skews or flips x (which Core Animation cannot animate part by part), the whole matrix. Opacity is separate
  /// (``addOpacityAnimation(to:_:)``): sublayers do not inherit it the same way.
  ///
  /// `layer.bounds` must be set first (the anchor is divided by it); call on a context whose keypath ends in the
  /// transform's name ("Transform" for layers).
  public func addTransformAnimations(to layer: Layer, _ transform: LottieTransform) {
    if transform.hasSkew || transform.hasNegativeXScale {
      addCombinedTransformAnimation(to: layer, transform)
      return
    }
    if let position = transform.position {
      addAnimation(to: layer, .position, keyframes: position, property: "Position") { $0.point }
    } else if let x = transform.positionX, let y = transform.positionY {
      addAnimation(to: layer, .positionX, keyframes: x) { $0 }
      addAnimation(to: layer, .positionY, keyframes: y) { $0 }
    }
    let size = layer.bounds.size
    if size.width > 0, size.height > 0 {
      addAnimation(to: layer, .anchorPoint, keyframes: transform.anchor) {
        CGPoint(x: $0.x / size.width, y: $0.y / size.height)
      }
    }
    addAnimation(to: layer, .scaleX, keyframes: transform.scale, property: "Scale") { $0.x / 100 }
    addAnimation(to: layer, .scaleY, keyframes: transform.scale, property: "Scale") { $0.y / 100 }
    addAnimation(to: layer, .rotationX, keyframes: transform.rotationX) { $0 * .pi / 180 }
    addAnimation(to: layer, .rotationY, keyframes: transform.rotationY) { $0 * .pi / 180 }
    addAnimation(to: layer, .rotationZ, keyframes: transform.rotationZ, property: "Rotation") { $0 * .pi / 180 }
  }

  /// Animates `layer`'s opacity from a transform's opacity in percent (lottie-ios `addOpacityAnimation`).
  public func addOpacityAnimation(to layer: Layer, _ transform: LottieTransform) {
    addAnimation(to: layer, .opacity, keyframes: transform.opacity, property: "Opacity") { $0 / 100 }
  }

  /// The whole `transform` matrix, from keyframes combined across every component (lottie-ios
  /// `addCombinedTransformAnimation` and `Keyframes.combined`): when every animated component shares one timing,
  /// one keyframe per shared keyframe; otherwise (or when the skew animates, which Core Animation cannot
  /// interpolate) a held matrix every tenth of a frame between the first and last keyframe.
  private func addCombinedTransformAnimation(to layer: Layer, _ transform: LottieTransform) {
    let position = transform.position?.map(\.point) ?? LottieKeyframes(.zero)
    let positionX = transform.positionX ?? LottieKeyframes(0)
    let positionY = transform.positionY ?? LottieKeyframes(0)
    let separate = transform.positionX != nil && transform.positionY != nil
    let skew = transform.hasSkew ? transform.skew : nil
    let skewAxis = transform.hasSkew ? transform.skewAxis : nil
    let components = LottieCombinedKeyframes(
      points: [transform.anchor.map(\.point), position, transform.scale.map(\.point)],
      numbers: [
        positionX, positionY, transform.rotationX, transform.rotationY, transform.rotationZ,
        skew ?? LottieKeyframes(0), skewAxis ?? LottieKeyframes(0),
      ])
    let animatesSkew = (skew?.isAnimated ?? false) || (skewAxis?.isAnimated ?? false)
    let combined = components.combined(requiresManualInterpolation: animatesSkew || mustUseComplexTimeRemapping) {
      points, numbers in
      LottieTransform.matrix(
        anchor: points[0], position: separate ? CGPoint(x: numbers[0], y: numbers[1]) : points[1],
        scale: CGSize(width: points[2].x, height: points[2].y), rotationX: numbers[2], rotationY: numbers[3],
        rotationZ: numbers[4], skew: skew == nil ? nil : numbers[5], skewAxis: skewAxis == nil ? nil : numbers[6])
    }
    addAnimation(to: layer, .transform, keyframes: combined) { $0 }
  }
}

// MARK: - Combining keyframe groups

/// Several keyframe groups turned into one (lottie-ios `Keyframes.combined`, `Sources/Private/CoreAnimation/
/// Extensions/Keyframes+combined.swift`, 4.6.1): point groups and number groups, combined by a closure.
struct LottieCombinedKeyframes {
  var points: [LottieKeyframes<CGPoint>]
  var numbers: [LottieKeyframes<Double>]

  /// How finely manual interpolation samples, in frames: lottie-ios holds each sample, so it samples ten times a
  /// frame to stay smooth at slow playback.
  static let manualSampleStep = 0.1

  func combined<R>(requiresManualInterpolation: Bool, _ make: ([CGPoint], [Double]) -> R) -> LottieKeyframes<R> {
    let timings: [[LottieKeyframe<Void>]] =
      points.map { $0.keyframes.map { $0.withValue(()) } } + numbers.map { $0.keyframes.map { $0.withValue(()) } }
    let animating = timings.filter { $0.count > 1 }
    let shareTiming = animating.allSatisfy { Self.sameTiming($0, animating[0]) }
    if !requiresManualInterpolation, shareTiming, !timings.isEmpty {
      let base = animating.first ?? timings[0]
      let keyframes = base.indices.map { i in
        base[i].withValue(
          make(
            points.map { $0.keyframes.count > 1 ? $0.keyframes[i].value : $0.keyframes.first?.value ?? .zero },
            numbers.map { $0.keyframes.count > 1 ? $0.keyframes[i].value : $0.keyframes.first?.value ?? 0 }))
      }
      return LottieKeyframes(keyframes: keyframes)
    }
    let frames = timings.flatMap { $0.map(\.frame) }
    let first = frames.min() ?? 0
    let last = frames.max() ?? 0
    var result: [LottieKeyframe<R>] = []
    var step = 0
    while true {
      let frame = first + Double(step) * Self.manualSampleStep
      guard frame < last || result.isEmpty else { break }
      let value = make(
        points.map { $0.keyframes.lottieValue(atFrame: frame) ?? .zero },
        numbers.map { $0.keyframes.lottieValue(atFrame: frame) ?? 0 })
      result.append(LottieKeyframe(value: value, frame: frame, isHold: true))
      step += 1
    }
    return LottieKeyframes(keyframes: result)
  }

  /// Whether two keyframe lists have the same times, holds and easing (lottie-ios `hasSameTimingParameters`).
  static func sameTiming(_ a: [LottieKeyframe<Void>], _ b: [LottieKeyframe<Void>]) -> Bool {
    a.count == b.count
      && zip(a, b).allSatisfy {
        $0.frame == $1.frame && $0.isHold == $1.isHold && $0.inTangent == $1.inTangent
          && $0.outTangent == $1.outTangent
      }
  }
}
