import FlipbookGraphics
import FlipbookTiming
import Foundation

// MARK: - View animation blocks

/// Options of a view animation block (`UIView.AnimationOptions`, the parts that change motion).
public struct ViewAnimationOptions: OptionSet, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Repeat forever.
  public static let `repeat` = ViewAnimationOptions(rawValue: 1 << 3)
  /// Run backwards after forwards.
  public static let autoreverse = ViewAnimationOptions(rawValue: 1 << 4)
  /// UIKit's default curve, easeInEaseOut (0.42, 0, 0.58, 1).
  public static let curveEaseInOut = ViewAnimationOptions([])
  /// `UIViewAnimationOptionCurveEaseIn`: starts slowly.
  public static let curveEaseIn = ViewAnimationOptions(rawValue: 1 << 16)
  /// `UIViewAnimationOptionCurveEaseOut`: ends slowly.
  public static let curveEaseOut = ViewAnimationOptions(rawValue: 2 << 16)
  /// `UIViewAnimationOptionCurveLinear`: constant speed.
  public static let curveLinear = ViewAnimationOptions(rawValue: 3 << 16)

  /// The timing function the curve bits select.
  public var curve: TimingFunction {
    switch (rawValue >> 16) & 3 {
    case 1: .easeIn
    case 2: .easeOut
    case 3: .linear
    default: .easeInEaseOut
    }
  }
}

/// An open view animation block: changes to view layers inside it become animations with its settings.
final class ViewAnimationBlock {
  var duration: Double
  var delay: Double
  var options: ViewAnimationOptions
  var spring: (dampingRatio: Double, velocity: Double)?
  var completion: ((Bool) -> Void)?
  let group = CompletionGroup()

  init(duration: Double, delay: Double, options: ViewAnimationOptions, spring: (Double, Double)? = nil) {
    self.duration = duration
    self.delay = delay
    self.options = options
    self.spring = spring.map { (dampingRatio: $0.0, velocity: $0.1) }
  }

  /// Animates a view layer's property from what is on screen to its new model value.
  func animate<Value: Animatable>(
    _ layer: Layer, _ keyPath: AnimationKeyPath<Value>, from old: Value, context: AnimationContext
  ) {
    guard duration > 0 else { return }
    let now = layer.localTime
    let from = keyPath.get(layer.presentationOfSelf(at: now, replacing: keyPath, with: old))
    var timing = MediaTiming()
    timing.duration = duration
    timing.beginTime = now + delay
    // During the delay the old value stays on screen, as in UIKit.
    if delay > 0 { timing.fillMode = .backwards }
    if options.contains(.repeat) { timing.repeatCount = .infinity }
    timing.autoreverses = options.contains(.autoreverse)
    if let spring {
      var animation = SpringAnimation(
        keyPath: keyPath, from: from,
        spring: Spring.uiView(dampingRatio: spring.dampingRatio, initialVelocity: spring.velocity, duration: duration))
      animation.timing = timing
      try? layer.add(animation, forKey: keyPath.property)
    } else {
      var animation = BasicAnimation(keyPath: keyPath, from: from)
      animation.timing = timing
      animation.timingFunction = options.curve
      try? layer.add(animation, forKey: keyPath.property)
    }
  }
}

extension AnimationContext {
  /// `UIView.animate(withDuration:delay:options:animations:completion:)`: changes that `animations` makes
  /// to view layers animate over `duration` after `delay` with the options' curve (default
  /// easeInEaseOut). `completion` runs when they have all stopped (`false` if any was interrupted), or
  /// at once if nothing animated.
  public func animate(
    withDuration duration: Double, delay: Double = 0, options: ViewAnimationOptions = [],
    animations: () -> Void, completion: ((Bool) -> Void)? = nil
  ) {
    runBlock(ViewAnimationBlock(duration: duration, delay: delay, options: options), animations, completion)
  }

  /// The spring form: `dampingRatio` 1 settles without overshoot, smaller values oscillate;
  /// `initialSpringVelocity` is in units of the whole distance per second.
  public func animate(
    withDuration duration: Double, delay: Double = 0, usingSpringWithDamping dampingRatio: Double,
    initialSpringVelocity velocity: Double, options: ViewAnimationOptions = [], animations: () -> Void,
    completion: ((Bool) -> Void)? = nil
  ) {
    let block = ViewAnimationBlock(duration: duration, delay: delay, options: options, spring: (dampingRatio, velocity))
    runBlock(block, animations, completion)
  }

  private func runBlock(_ block: ViewAnimationBlock, _ animations: () -> Void, _ completion: ((Bool) -> Void)?) {
    viewBlocks.append(block)
    animations()
    viewBlocks.removeLast()
    register(block.group, completion: { finished in completion?(finished) })
  }

  // MARK: Begin/commit style

  /// `UIView.beginAnimations(_:context:)`: opens a block with UIKit's defaults for this style, a 0.2 s
  /// duration (Apple's `UIView.setAnimationDuration(_:)` page) and the easeInEaseOut curve (Apple's
  /// `UIView.AnimationCurve` page: "the default curve for most animations"); set them before changing properties.
  public func beginAnimations() {
    viewBlocks.append(ViewAnimationBlock(duration: Self.beginAnimationsDuration, delay: 0, options: []))
  }

  /// Opens a block with every setting given at once, the spring form when `spring` is set: what a static
  /// `UIView.animate(…)` call opens on each tree its changes reach. Close it with `commitAnimations()`.
  public func beginAnimations(
    duration: Double, delay: Double = 0, options: ViewAnimationOptions = [],
    spring: (dampingRatio: Double, velocity: Double)? = nil
  ) {
    viewBlocks.append(ViewAnimationBlock(duration: duration, delay: delay, options: options, spring: spring))
  }

  /// UIKit's `beginAnimations` duration (Apple `setAnimationDuration(_:)` documentation).
  public static let beginAnimationsDuration = 0.2

  /// `UIView.setAnimationDuration(_:)` for the open begin/commit block.
  public func setViewAnimationDuration(_ duration: Double) { viewBlocks.last?.duration = duration }
  /// `UIView.setAnimationDelay(_:)`.
  public func setViewAnimationDelay(_ delay: Double) { viewBlocks.last?.delay = delay }
  /// `UIView.setAnimationCurve(_:)`.
  public func setViewAnimationCurve(_ curve: ViewAnimationOptions) {
    guard let block = viewBlocks.last else { return }
    block.options = block.options.subtracting(.curveLinear).union(curve)
  }
  /// `UIView.setAnimationDidStop(_:)`'s role: runs when every animation of the block has finished.
  public func setViewAnimationCompletion(_ completion: ((Bool) -> Void)?) { viewBlocks.last?.completion = completion }

  /// `UIView.commitAnimations()`.
  public func commitAnimations() {
    guard let block = viewBlocks.popLast() else { return }
    let completion = block.completion
    register(block.group, completion: { finished in completion?(finished) })
  }
}
