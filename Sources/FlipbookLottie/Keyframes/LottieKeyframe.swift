import Foundation

// MARK: - LottieKeyframe

/// One keyframe of an animated Lottie property: a value at a frame, and how the value moves on to the next one.
///
/// The tangents follow lottie-ios's model (`Sources/Public/Keyframes/Keyframe.swift`, 4.6.1), not the file's:
/// a file's keyframe object describes the *span* to the next keyframe, so its `i` (easing in) and `ti` (spatial
/// in) belong to the next keyframe here. The segment from keyframe k to k + 1 therefore eases with k's
/// `outTangent` and k + 1's `inTangent`, which are both read from the file's keyframe k
/// (`Sources/Private/Model/Keyframes/KeyframeGroup.swift`).
public struct LottieKeyframe<Value> {
  /// The value reached at `frame`.
  public var value: Value
  /// When, in frames of the layer's own timeline.
  public var frame: Double
  /// A hold keyframe keeps its value until the next keyframe (After Effects' "hold" interpolation), so the
  /// segment that starts here jumps instead of interpolating.
  public var isHold: Bool
  /// The easing curve's second control point for the segment that ends here (the previous file keyframe's `i`);
  /// nil is (1, 1), the end of a linear curve.
  public var inTangent: CGPoint?
  /// The easing curve's first control point for the segment that starts here (this file keyframe's `o`); nil is
  /// (0, 0).
  public var outTangent: CGPoint?
  /// For points: the path's control point before this keyframe, relative to its value (previous `ti`).
  public var spatialInTangent: CGPoint?
  /// For points: the path's control point after this keyframe, relative to its value (this `to`).
  public var spatialOutTangent: CGPoint?

  /// A keyframe; a keyframe without tangents interpolates linearly.
  public init(
    value: Value, frame: Double, isHold: Bool = false, inTangent: CGPoint? = nil, outTangent: CGPoint? = nil,
    spatialInTangent: CGPoint? = nil, spatialOutTangent: CGPoint? = nil
  ) {
    self.value = value
    self.frame = frame
    self.isHold = isHold
    self.inTangent = inTangent
    self.outTangent = outTangent
    self.spatialInTangent = spatialInTangent
    self.spatialOutTangent = spatialOutTangent
  }

  /// The same timing with another value (a colour turned into a `Color`, degrees into radians).
  public func withValue<T>(_ newValue: T) -> LottieKeyframe<T> {
    LottieKeyframe<T>(
      value: newValue, frame: frame, isHold: isHold, inTangent: inTangent, outTangent: outTangent,
      spatialInTangent: spatialInTangent, spatialOutTangent: spatialOutTangent)
  }
}

extension LottieKeyframe: Equatable where Value: Equatable {}
extension LottieKeyframe: Sendable where Value: Sendable {}

// MARK: - LottieKeyframes

/// An animatable Lottie property (`{"a": 0, "k": value}` or `{"a": 1, "k": [keyframes]}`): one keyframe for a
/// constant, several for an animation (lottie-ios's `KeyframeGroup`).
public struct LottieKeyframes<Value> {
  /// The keyframes in time order; one for a constant value; empty only when the file gave an empty list (the
  /// property then keeps its default, as lottie-ios leaves it).
  public var keyframes: [LottieKeyframe<Value>]
  /// An After Effects expression (`x`), which iOS does not evaluate; kept so the issue log can name it.
  public var expression: String?

  /// Keyframes as given.
  public init(keyframes: [LottieKeyframe<Value>], expression: String? = nil) {
    self.keyframes = keyframes
    self.expression = expression
  }

  /// A constant: one keyframe at frame 0.
  public init(_ value: Value) {
    self.keyframes = [LottieKeyframe(value: value, frame: 0, isHold: true)]
  }

  /// Whether the value changes over time.
  public var isAnimated: Bool { keyframes.count > 1 }

  /// The first keyframe's value (the constant of a static property).
  public var initialValue: Value? { keyframes.first?.value }

  /// The same keyframes with each value transformed.
  public func map<T>(_ transform: (Value) throws -> T) rethrows -> LottieKeyframes<T> {
    LottieKeyframes<T>(keyframes: try keyframes.map { $0.withValue(try transform($0.value)) }, expression: expression)
  }
}

extension LottieKeyframes: Equatable where Value: Equatable {}
extension LottieKeyframes: Sendable where Value: Sendable {}
