import FlipbookGraphics
import FlipbookLayers
import FlipbookTiming
import Foundation

// MARK: - CAKeyframeAnimation

/// An animation through several values or along a path (`CAKeyframeAnimation`), values `Any` as in Core
/// Animation and converted to the key path's type when added.
open class CAKeyframeAnimation: CAPropertyAnimation, KeyPathBuilder {
  /// The values, in order.
  open var values: [Any]?
  /// Each value's moment, 0...1 (nil: evenly spaced).
  open var keyTimes: [NSNumber]?
  /// A path a point property moves along, instead of `values`.
  open var path: CGPath?
  /// How values between keyframes are found (`.linear` by default).
  open var calculationMode: CAAnimationCalculationMode = .linear
  /// Whether a layer moving along `path` turns with it.
  open var rotationMode: CAAnimationRotationMode?
  /// The curve between each pair of keyframes.
  open var timingFunctions: [CAMediaTimingFunction]?

  public override init(keyPath path: String?) { super.init(keyPath: path) }

  /// An animation of nothing yet; set `keyPath`.
  public convenience init() { self.init(keyPath: nil) }

  open override func copy() -> CAAnimation {
    let copy = CAKeyframeAnimation(keyPath: keyPath)
    copy.copyProperty(from: self)
    copy.values = values
    copy.keyTimes = keyTimes
    copy.path = path
    copy.calculationMode = calculationMode
    copy.rotationMode = rotationMode
    copy.timingFunctions = timingFunctions
    return copy
  }

  override func engineAnimation(for layer: Layer) throws(CAAnimationProblem) -> any LayerAnimation {
    try build(for: layer, self)
  }

  func build<Value: Animatable>(_ keyPath: AnimationKeyPath<Value>, _ name: String, _ convert: (Any) -> Value?)
    throws(CAAnimationProblem) -> any LayerAnimation
  {
    var converted: [Value] = []
    for value in values ?? [] {
      guard let v = try ValueConversion.convert(value, name, convert) else { continue }
      converted.append(v)
    }
    var a = KeyframeAnimation(keyPath: keyPath, values: converted)
    a.keyTimes = keyTimes?.map(\.doubleValue)
    a.path = path
    a.calculationMode = calculationMode
    a.rotationMode = rotationMode
    a.timingFunctions = timingFunctions?.map(\.function)
    configure(&a)
    a.isAdditive = isAdditive
    a.isCumulative = isCumulative
    return a
  }
}

/// How a keyframe animation finds values between keyframes (`CAAnimationCalculationMode`).
public typealias CAAnimationCalculationMode = CalculationMode
/// How a layer along a path turns (`CAAnimationRotationMode`).
public typealias CAAnimationRotationMode = RotationMode
