import Foundation

// MARK: - ViewAnimationSettings

/// A view animation block written down to run later: `UIView.animate(withDuration:delay:options:animations:)`,
/// or with a spring `UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:
/// animations:)`. Timed events and a refresh view's reactions keep one and run their changes inside it.
public struct ViewAnimationSettings: Sendable, Equatable {
  /// Seconds the animation lasts (UIKit's `duration`).
  public var duration: Double
  /// Seconds before it starts, the old value shown meanwhile.
  public var delay: Double
  /// The curve and repetition.
  public var options: ViewAnimationOptions
  /// The spring's damping ratio (1: no overshoot) and initial velocity (the whole distance per second); nil
  /// for a curve.
  public var spring: Spring?

  /// UIKit's spring parameters.
  public struct Spring: Sendable, Equatable {
    /// `usingSpringWithDamping`: 1 settles without overshoot, smaller values oscillate.
    public var dampingRatio: Double
    /// `initialSpringVelocity`, in units of the whole distance per second.
    public var initialVelocity: Double

    /// UIKit's `usingSpringWithDamping:` and `initialSpringVelocity:`.
    public init(dampingRatio: Double, initialVelocity: Double) {
      self.dampingRatio = dampingRatio
      self.initialVelocity = initialVelocity
    }
  }

  /// A block of `duration` seconds after `delay`, with `options`' curve, or `spring`'s motion when given.
  public init(duration: Double, delay: Double = 0, options: ViewAnimationOptions = [], spring: Spring? = nil) {
    self.duration = duration
    self.delay = delay
    self.options = options
    self.spring = spring
  }

  /// Runs `animations` inside this block on `context`.
  public func perform(in context: AnimationContext, _ animations: () -> Void) {
    if let spring {
      context.animate(
        withDuration: duration, delay: delay, usingSpringWithDamping: spring.dampingRatio,
        initialSpringVelocity: spring.initialVelocity, options: options, animations: animations)
    } else {
      context.animate(withDuration: duration, delay: delay, options: options, animations: animations)
    }
  }
}
