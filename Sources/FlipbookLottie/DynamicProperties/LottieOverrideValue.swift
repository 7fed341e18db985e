import FlipbookGraphics
import Foundation

// MARK: - LottieOverrideValue

/// A value that replaces an animated property: one value for the whole animation, or keyframes of its own
/// (lottie-ios's value providers built with a single value or with `[Keyframe]`; closures are not offered since
/// lottie-ios's Core Animation engine refuses them too, ValueProviderStore.swift).
public enum LottieOverrideValue<Value: Sendable & Equatable>: Sendable, Equatable {
  /// The same value at every frame.
  case constant(Value)
  /// Keyframes in the animation's frame numbers, interpolated linearly (lottie-ios's `Keyframe` without tangents),
  /// or held where `isHold` says so. Never empty.
  case keyframes([LottieOverrideKeyframe<Value>])

  /// The value at the first keyframe: what a property that cannot be animated (a text's colour in lottie-ios's Core
  /// Animation engine, TextLayer.swift) takes.
  public var firstValue: Value {
    switch self {
    case .constant(let value): value
    case .keyframes(let keyframes): keyframes[0].value
    }
  }

  /// The same override with each value converted (percent to fraction, degrees to radians, …).
  public func map<Other>(_ transform: (Value) -> Other) -> LottieOverrideValue<Other> {
    switch self {
    case .constant(let value): .constant(transform(value))
    case .keyframes(let keyframes):
      .keyframes(
        keyframes.map { LottieOverrideKeyframe(frame: $0.frame, value: transform($0.value), isHold: $0.isHold) })
    }
  }
}

// MARK: - LottieOverrideKeyframe

/// One keyframe of an override: the value at a frame of the animation.
public struct LottieOverrideKeyframe<Value: Sendable & Equatable>: Sendable, Equatable {
  /// The frame number, on the animation's own timeline (as the file's keyframes' `t`).
  public var frame: Double
  /// The value at that frame.
  public var value: Value
  /// Whether the value holds until the next keyframe instead of moving towards it.
  public var isHold: Bool

  /// A keyframe at `frame`, linear towards the next unless `isHold`.
  public init(frame: Double, value: Value, isHold: Bool = false) {
    self.frame = frame
    self.value = value
    self.isHold = isHold
  }
}

// MARK: - LottieGradientStop

/// One colour stop of a gradient override (lottie-ios's `GradientValueProvider` holds colours and locations).
public struct LottieGradientStop: Hashable, Sendable {
  /// Where the stop is, 0 at the gradient's start and 1 at its end.
  public var location: Double
  /// Its colour, alpha included.
  public var color: Color

  /// A stop of `color` at `location`.
  public init(location: Double, color: Color) {
    self.location = location
    self.color = color
  }
}

// MARK: - LottieValueProvider

/// What a keypath's property is replaced with: lottie-ios's colour, number (`FloatValueProvider`), point, size and
/// gradient value providers, in Lottie's units (colours 0…1, opacity 0…100, rotation in degrees, scale in percent).
public enum LottieValueProvider: Sendable, Equatable {
  /// A colour (`Color`, `Stroke Color`).
  case color(LottieOverrideValue<Color>)
  /// A number (`Opacity`, `Rotation`, `Stroke Width`).
  case number(LottieOverrideValue<Double>)
  /// A point (`Position`, `Scale`).
  case point(LottieOverrideValue<LottieVector>)
  /// A size (`Scale` in lottie-ios's `SizeValueProvider`).
  case size(LottieOverrideValue<LottieVector>)
  /// A gradient's stops (`Colors`).
  case gradient(LottieOverrideValue<[LottieGradientStop]>)

  /// The kind's name, for messages ("a colour override on `Opacity`").
  public var kindName: String {
    switch self {
    case .color: "color"
    case .number: "number"
    case .point: "point"
    case .size: "size"
    case .gradient: "gradient"
    }
  }
}
