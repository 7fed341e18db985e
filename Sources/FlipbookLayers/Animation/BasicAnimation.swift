import FlipbookGraphics
import FlipbookTiming
import Foundation

// MARK: - BasicAnimation

/// Animates one property between two values (`CABasicAnimation`).
///
/// From, to and by combine as in Core Animation: from+to; from+by (from → from+by); by+to (to−by → to);
/// from alone (from → the current value); to alone (current → to); by alone (current → current+by). A nil
/// from-value is taken from the screen when the animation is added, so an interrupting animation starts
/// where the old one was. `isAdditive` adds the result to the current value; `isCumulative` adds the end
/// value once per completed repeat (SMIL's `accumulate="sum"`).
public struct BasicAnimation<Value: Animatable>: LayerAnimation {
  /// The property animated.
  public var keyPath: AnimationKeyPath<Value>
  /// The start value; nil: see the type's rules.
  public var fromValue: Value?
  /// The end value; nil: see the type's rules.
  public var toValue: Value?
  /// The change from start to end; nil: see the type's rules.
  public var byValue: Value?
  /// Whether the animated value is added to the model value rather than replacing it.
  public var isAdditive = false
  /// Whether each completed repeat adds the end value, so repeats build on each other.
  public var isCumulative = false
  public var timing = MediaTiming()
  public var timingFunction: TimingFunction?
  public var isRemovedOnCompletion = true
  public var completion: ((Bool) -> Void)?

  /// An animation of `keyPath`; a `duration` of 0 takes the transaction's when added.
  public init(
    keyPath: AnimationKeyPath<Value>, from: Value? = nil, to: Value? = nil, by: Value? = nil,
    duration: Double = 0, timingFunction: TimingFunction? = nil
  ) {
    self.keyPath = keyPath
    self.fromValue = from
    self.toValue = to
    self.byValue = by
    self.timing.duration = duration
    self.timingFunction = timingFunction
  }

  public var keyPathNames: [String] { [keyPath.name] }
  public var typeName: String { "basic" }

  public mutating func prepare(onScreen: Layer, defaultDuration: Double) {
    if timing.duration <= 0 { timing.duration = defaultDuration }
    if fromValue == nil, !(byValue != nil && toValue != nil) { fromValue = keyPath.get(onScreen) }
  }

  public func validate(for layer: Layer) -> String? {
    keyPath.applies(layer) ? nil : "\(layer.kindDescription) has no property \"\(keyPath.name)\""
  }

  /// The start and end values given the current (underlying) value.
  func endpoints(current: Value) -> (Value, Value) {
    switch (fromValue, toValue, byValue) {
    case (let f?, let t?, _): (f, t)
    case (let f?, nil, let b?): (f, f.adding(b))
    case (nil, let t?, let b?): (t.adding(b.scaled(by: -1)), t)
    case (let f?, nil, nil): (f, current)
    case (nil, let t?, nil): (current, t)
    case (nil, nil, let b?): (current, current.adding(b))
    case (nil, nil, nil): (current, current)
    }
  }

  public func apply(to presentation: Layer, parentTime: Double) {
    guard !isRemoved(at: parentTime), let (fraction, iteration) = progress(at: parentTime) else { return }
    apply(fraction: fraction, iteration: iteration, to: presentation)
  }

  /// Writes the value at an eased `fraction` of cycle `iteration`.
  func apply(fraction: Double, iteration: Int, to presentation: Layer) {
    let current = keyPath.get(presentation)
    let (from, to) = endpoints(current: current)
    var value = from.interpolated(to: to, fraction: fraction)
    if isCumulative, iteration > 0 { value = value.adding(to.scaled(by: Double(iteration))) }
    if isAdditive { value = current.adding(value) }
    keyPath.set(presentation, value)
  }
}

// MARK: - SpringAnimation

/// A basic animation whose progress follows a damped spring instead of a timing curve
/// (`CASpringAnimation`): it may overshoot the end value. A zero duration becomes the spring's
/// settling duration when added.
public struct SpringAnimation<Value: Animatable>: LayerAnimation {
  /// The from/to values and timing, read as a basic animation's.
  public var base: BasicAnimation<Value>
  /// The spring whose motion replaces the timing curve.
  public var spring: Spring

  /// A spring animation of `keyPath` from `from` to `to`.
  public init(keyPath: AnimationKeyPath<Value>, from: Value? = nil, to: Value? = nil, spring: Spring = Spring()) {
    base = BasicAnimation(keyPath: keyPath, from: from, to: to)
    self.spring = spring
  }

  public var timing: MediaTiming {
    get { base.timing }
    set { base.timing = newValue }
  }
  public var timingFunction: TimingFunction? {
    get { base.timingFunction }
    set { base.timingFunction = newValue }
  }
  public var isRemovedOnCompletion: Bool {
    get { base.isRemovedOnCompletion }
    set { base.isRemovedOnCompletion = newValue }
  }
  public var completion: ((Bool) -> Void)? {
    get { base.completion }
    set { base.completion = newValue }
  }
  public var keyPathNames: [String] { base.keyPathNames }
  public var typeName: String { "spring" }

  public mutating func prepare(onScreen: Layer, defaultDuration: Double) {
    // An undamped spring never settles: it then runs for an hour rather than forever.
    let settle = min(spring.settlingDuration, 3600)
    base.prepare(onScreen: onScreen, defaultDuration: timing.duration > 0 ? timing.duration : settle)
  }

  public func validate(for layer: Layer) -> String? { base.validate(for: layer) }

  public func apply(to presentation: Layer, parentTime: Double) {
    guard !isRemoved(at: parentTime), let local = timing.basicLocalTime(parentTime: parentTime) else { return }
    base.apply(fraction: spring.value(at: local), iteration: iteration(at: parentTime), to: presentation)
  }
}
