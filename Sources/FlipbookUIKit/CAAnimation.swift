import FlipbookGraphics
import FlipbookLayers
import FlipbookTiming
import Foundation

// MARK: - CAAnimation

/// Hears when an animation starts and stops (`CAAnimationDelegate`); the engine reports stops, so only
/// `animationDidStop(_:finished:)` is called.
public protocol CAAnimationDelegate: AnyObject {
  /// The animation started.
  func animationDidStart(_ animation: CAAnimation)
  /// The animation stopped: finished, or removed before its end.
  func animationDidStop(_ animation: CAAnimation, finished flag: Bool)
}

/// Both are optional, as in Core Animation: a delegate implements the ones it needs.
extension CAAnimationDelegate {
  /// Does nothing.
  public func animationDidStart(_ animation: CAAnimation) {}
  /// Does nothing.
  public func animationDidStop(_ animation: CAAnimation, finished flag: Bool) {}
}

/// `CAAnimation`'s timing, shared by every kind (`CAMediaTiming`), spelled with Core Animation's types.
open class CAAnimation: CAAction {
  /// Seconds one pass takes (0: the transaction's duration, 0.25 s by default).
  open var duration: CFTimeInterval = 0
  /// When it starts on the layer's timeline (0: when added).
  open var beginTime: CFTimeInterval = 0
  /// How many passes (`.infinity` for ever); a `Float`, as in Core Animation.
  open var repeatCount: Float = 0
  /// How long it repeats, in seconds, instead of a count.
  open var repeatDuration: CFTimeInterval = 0
  /// Whether each pass runs back after running forward.
  open var autoreverses = false
  /// What shows outside its active time.
  open var fillMode: CAMediaTimingFillMode = .removed
  /// How fast its time runs.
  open var speed: Float = 1
  /// Added to its local time.
  open var timeOffset: CFTimeInterval = 0
  /// Whether it is taken off the layer when it ends (true by default).
  open var isRemovedOnCompletion = true
  /// The curve of each pass (nil: linear).
  open var timingFunction: CAMediaTimingFunction?
  /// Told when it stops; strong, as Core Animation's `delegate` is.
  open var delegate: CAAnimationDelegate?

  /// An animation with Core Animation's default timing.
  public init() {}

  /// A copy with the same settings (`copy()`), as `add(_:forKey:)` keeps one.
  open func copy() -> CAAnimation {
    let copy = CAAnimation()
    copy.copyTiming(from: self)
    return copy
  }

  func copyTiming(from other: CAAnimation) {
    duration = other.duration
    beginTime = other.beginTime
    repeatCount = other.repeatCount
    repeatDuration = other.repeatDuration
    autoreverses = other.autoreverses
    fillMode = other.fillMode
    speed = other.speed
    timeOffset = other.timeOffset
    isRemovedOnCompletion = other.isRemovedOnCompletion
    timingFunction = other.timingFunction
    delegate = other.delegate
  }

  /// The engine's timing for this animation.
  var mediaTiming: MediaTiming {
    var t = MediaTiming()
    t.duration = duration
    t.beginTime = beginTime
    t.repeatCount = Double(repeatCount)
    t.repeatDuration = repeatDuration
    t.autoreverses = autoreverses
    t.fillMode = fillMode
    t.speed = Double(speed)
    t.timeOffset = timeOffset
    return t
  }

  /// The engine's animation this one stands for on `layer`.
  func engineAnimation(for layer: Layer) throws(CAAnimationProblem) -> any LayerAnimation {
    throw CAAnimationProblem("a CAAnimation of no kind animates nothing; use a subclass")
  }

  /// Gives `animation` this animation's timing, removal and stop handler, and its curve unless `curve` is false
  /// (a spring's motion is its own curve).
  func configure<A: LayerAnimation>(_ animation: inout A, curve: Bool = true) {
    animation.timing = mediaTiming
    if curve { animation.timingFunction = timingFunction?.function }
    animation.isRemovedOnCompletion = isRemovedOnCompletion
    animation.completion = stopHandler
  }

  /// The completion the engine calls: the delegate's `animationDidStop`.
  var stopHandler: ((Bool) -> Void)? {
    guard let delegate else { return nil }
    return { [self] finished in delegate.animationDidStop(self, finished: finished) }
  }
}

/// Why an animation cannot be added: the key path or a value it names, said in one line.
public struct CAAnimationProblem: Error, CustomStringConvertible {
  /// The line.
  public let description: String
  init(_ description: String) { self.description = description }
}

/// What a layer's `actions` entry or its delegate's answer holds: an animation, or `NSNull` for none
/// (`CAAction`).
public protocol CAAction {}
extension NSNull: CAAction {}

// MARK: - CAPropertyAnimation

/// An animation of one property, named by its Core Animation key path (`"strokeEnd"`, `"transform.rotation.z"`).
open class CAPropertyAnimation: CAAnimation {
  /// The property's key path.
  open var keyPath: String?
  /// Whether the animated value is added to the model value.
  open var isAdditive = false
  /// Whether each repeat starts where the last ended.
  open var isCumulative = false

  /// An animation of the property at `path`.
  public init(keyPath path: String?) {
    keyPath = path
    super.init()
  }

  func copyProperty(from other: CAPropertyAnimation) {
    copyTiming(from: other)
    keyPath = other.keyPath
    isAdditive = other.isAdditive
    isCumulative = other.isCumulative
  }

  /// Builds the engine's animation for the key path's value type, converting the `Any` values.
  func build(for layer: Layer, _ make: KeyPathBuilder) throws(CAAnimationProblem) -> any LayerAnimation {
    guard let name = keyPath else {
      throw CAAnimationProblem("the animation has no keyPath")
    }
    if let kp = AnimationKeyPaths.doubles[name] { return try make.build(kp, name, ValueConversion.double) }
    if let kp = AnimationKeyPaths.points[name] { return try make.build(kp, name, ValueConversion.cast) }
    if let kp = AnimationKeyPaths.sizes[name] { return try make.build(kp, name, ValueConversion.cast) }
    if let kp = AnimationKeyPaths.rects[name] { return try make.build(kp, name, ValueConversion.cast) }
    if let kp = AnimationKeyPaths.colors[name] { return try make.build(kp, name, ValueConversion.cast) }
    if let kp = AnimationKeyPaths.transforms[name] { return try make.build(kp, name, ValueConversion.cast) }
    if name == "path" { return try make.build(AnimationKeyPath<Path>.path, name, ValueConversion.cast) }
    throw CAAnimationProblem("\"\(name)\" is not a key path Flipbook animates")
  }
}

/// Builds an engine animation for one typed key path; each animation kind has one.
protocol KeyPathBuilder {
  func build<Value: Animatable>(_ keyPath: AnimationKeyPath<Value>, _ name: String, _ convert: (Any) -> Value?)
    throws(CAAnimationProblem) -> any LayerAnimation
}

/// `Any` values, as Core Animation's `fromValue` takes them, turned into the engine's types.
enum ValueConversion {
  /// A number of any kind Swift code passes: `CGFloat`, `Double`, `Float`, `Int`, `NSNumber`.
  static func double(_ value: Any) -> Double? {
    switch value {
    case let v as CGFloat: Double(v)
    case let v as Double: v
    case let v as Float: Double(v)
    case let v as Int: Double(v)
    case let v as NSNumber: v.doubleValue
    default: nil
    }
  }

  /// A value already of the engine's type (`CGPoint`, `CGColor`, `CATransform3D`, `CGPath`…).
  static func cast<Value>(_ value: Any) -> Value? { value as? Value }

  /// `value` converted, or an error naming the key path and what was given.
  static func convert<Value>(_ value: Any?, _ name: String, _ convert: (Any) -> Value?) throws(CAAnimationProblem)
    -> Value?
  {
    guard let value else { return nil }
    guard let converted = convert(value) else {
      throw CAAnimationProblem("a \(type(of: value)) is not a value of \"\(name)\" (\(Value.self))")
    }
    return converted
  }
}

// MARK: - CABasicAnimation

/// An animation from one value to another (`CABasicAnimation`); values are `Any`, as in Core Animation, and
/// converted to the key path's type when added (a wrong type stops the program, naming it).
open class CABasicAnimation: CAPropertyAnimation, KeyPathBuilder {
  /// The value it starts from (nil: what is on screen).
  open var fromValue: Any?
  /// The value it ends at (nil: the model value).
  open var toValue: Any?
  /// The value it changes by.
  open var byValue: Any?

  public override init(keyPath path: String?) { super.init(keyPath: path) }

  /// An animation of nothing yet; set `keyPath`.
  public convenience init() { self.init(keyPath: nil) }

  open override func copy() -> CAAnimation {
    let copy = CABasicAnimation(keyPath: keyPath)
    copy.copyProperty(from: self)
    copy.fromValue = fromValue
    copy.toValue = toValue
    copy.byValue = byValue
    return copy
  }

  override func engineAnimation(for layer: Layer) throws(CAAnimationProblem) -> any LayerAnimation {
    try build(for: layer, self)
  }

  func build<Value: Animatable>(_ keyPath: AnimationKeyPath<Value>, _ name: String, _ convert: (Any) -> Value?)
    throws(CAAnimationProblem) -> any LayerAnimation
  {
    var a = BasicAnimation(
      keyPath: keyPath, from: try ValueConversion.convert(fromValue, name, convert),
      to: try ValueConversion.convert(toValue, name, convert), by: try ValueConversion.convert(byValue, name, convert))
    configure(&a)
    a.isAdditive = isAdditive
    a.isCumulative = isCumulative
    return a
  }
}

// MARK: - CASpringAnimation

/// A spring from one value to another (`CASpringAnimation`): mass, stiffness, damping and initial velocity, its
/// duration set to `settlingDuration` unless given.
open class CASpringAnimation: CABasicAnimation {
  /// The mass on the spring (1).
  open var mass: CGFloat = 1
  /// The spring's stiffness (100).
  open var stiffness: CGFloat = 100
  /// The damping (10).
  open var damping: CGFloat = 10
  /// The initial velocity, in units of the whole distance per second (0).
  open var initialVelocity: CGFloat = 0

  /// The time the spring takes to settle.
  open var settlingDuration: CFTimeInterval { spring.settlingDuration }

  var spring: Spring {
    Spring(
      mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping),
      initialVelocity: Double(initialVelocity))
  }

  open override func copy() -> CAAnimation {
    let copy = CASpringAnimation(keyPath: keyPath)
    copy.copyProperty(from: self)
    copy.fromValue = fromValue
    copy.toValue = toValue
    copy.byValue = byValue
    copy.mass = mass
    copy.stiffness = stiffness
    copy.damping = damping
    copy.initialVelocity = initialVelocity
    return copy
  }

  override func build<Value: Animatable>(
    _ keyPath: AnimationKeyPath<Value>, _ name: String, _ convert: (Any) -> Value?
  ) throws(CAAnimationProblem) -> any LayerAnimation {
    var a = SpringAnimation(
      keyPath: keyPath, from: try ValueConversion.convert(fromValue, name, convert),
      to: try ValueConversion.convert(toValue, name, convert), spring: spring)
    configure(&a, curve: false)
    if duration == 0 { a.timing.duration = settlingDuration }
    return a
  }
}
