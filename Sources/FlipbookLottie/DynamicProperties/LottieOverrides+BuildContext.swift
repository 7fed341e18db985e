import FlipbookGraphics
import Foundation

// MARK: - Overrides as the build context sees them

extension LottieOverrides: LottieValueProviding {
  /// The keyframes that replace the property at `keypath`, in the file's own value type: `Color` for colours,
  /// `Double` for numbers, `LottieVector` for points, sizes and scales, `[Double]` for gradients (Lottie's flat
  /// form, see ``flatGradient(_:)``). A provider of another type leaves the property as the file has it, as
  /// lottie-ios's conversion closures do (`CustomizableProperty`, LayerProperty.swift).
  public func keyframes<V>(for keypath: [String], as type: V.Type) -> LottieKeyframes<V>? {
    switch valueProvider(at: keypath) {
    case .color(let value): Self.lottieKeyframes(value) as? LottieKeyframes<V>
    case .number(let value): Self.lottieKeyframes(value) as? LottieKeyframes<V>
    case .point(let value), .size(let value): Self.lottieKeyframes(value) as? LottieKeyframes<V>
    case .gradient(let value): Self.lottieKeyframes(value.map(Self.flatGradient)) as? LottieKeyframes<V>
    case nil: nil
    }
  }

  /// An override as Lottie keyframes: a constant is one keyframe; keyframes have no tangents, so they move
  /// linearly (lottie-ios's `Keyframe(value:time:)` defaults), or hold.
  static func lottieKeyframes<Value>(_ value: LottieOverrideValue<Value>) -> LottieKeyframes<Value> {
    switch value {
    case .constant(let constant): LottieKeyframes(constant)
    case .keyframes(let keyframes):
      LottieKeyframes(keyframes: keyframes.map { LottieKeyframe(value: $0.value, frame: $0.frame, isHold: $0.isHold) })
    }
  }

  /// Gradient stops in Lottie's flat form: n colour stops `location, r, g, b`, then n opacity stops
  /// `location, alpha` at the same locations. The number of stops is the array's count / 6, which a gradient
  /// builder takes instead of the file's `g.p` when an override is present (lottie-ios's `GradientValueProvider`
  /// replaces colours and locations whatever the file's count).
  public static func flatGradient(_ stops: [LottieGradientStop]) -> [Double] {
    stops.flatMap { [$0.location, $0.color.red, $0.color.green, $0.color.blue] }
      + stops.flatMap { [$0.location, $0.color.alpha] }
  }

  /// An image provider that gives the overriding image of an asset when one is set (and already decoded), else
  /// asks `fallback` (the caller's provider for the file's own images).
  public func imageProvider(fallback: LottieImageProvider?) -> LottieImageProvider? {
    guard images.contains(where: { if case .image = $0.source { true } else { false } }) else { return fallback }
    return { asset in
      if let override = image(forAsset: asset.id), case .image(let image) = override.source { return image }
      return fallback?(asset)
    }
  }

  /// How each image is placed: an overriding image's `contentsGravity` for the assets it replaces, else
  /// `fallback`'s.
  public func imageContentsGravity(
    fallback: @escaping LottieImageContentsGravity
  ) -> LottieImageContentsGravity {
    guard !images.isEmpty else { return fallback }
    return { asset in image(forAsset: asset.id)?.contentsGravity ?? fallback(asset) }
  }

  /// A font provider that gives the overriding family of a font when one is set, else asks `fallback`.
  public func fontProvider(fallback: LottieFontProvider?) -> LottieFontProvider? {
    guard !fonts.isEmpty else { return fallback }
    return { lottieFont in font(forName: lottieFont.name)?.family ?? fallback?(lottieFont) }
  }
}
