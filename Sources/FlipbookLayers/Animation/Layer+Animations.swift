import FlipbookGraphics
import FlipbookTiming
import Foundation

// MARK: - Adding and removing animations

extension Layer {
  /// Attaches a copy of `animation` (`addAnimation:forKey:`). An animation already under `key` is removed
  /// first and its completion told it did not finish.
  ///
  /// As Core Animation does when the animation is added: a zero `beginTime` becomes the layer's current
  /// time, a zero duration the transaction's (0.25 s by default), and a nil from-value the value on
  /// screen now. Throws `AnimationError` when the animation cannot apply to this layer.
  public func add(_ animation: some LayerAnimation, forKey key: String? = nil) throws(AnimationError) {
    try add(animation, forKey: key, onScreen: nil)
  }

  /// `add(_:forKey:)`, its missing values filled from `onScreen` (the presentation now when nil).
  func add(_ animation: some LayerAnimation, forKey key: String?, onScreen: Layer?) throws(AnimationError) {
    if let problem = animation.validate(for: self) {
      throw AnimationError(key: key, keyPaths: animation.keyPathNames, message: problem)
    }
    let context = animationContextInTree
    var copy: any LayerAnimation = animation
    let now = localTime
    if copy.timing.beginTime == 0 { copy.timing.beginTime = now }
    copy.prepare(onScreen: onScreen ?? presentationOfSelf(at: now), defaultDuration: context?.animationDuration ?? 0.25)
    if let key { removeAnimation(forKey: key) }
    let sequence = context?.takeSequence() ?? (animationEntries.map(\.sequence).max() ?? 0) + 1
    animationEntries.append(AnimationEntry(key: key, animation: copy, sequence: sequence))
    context?.register(self)
    context?.noteAdded(sequence: sequence)
  }

  /// Removes the animation under `key`, telling its completion it did not finish.
  public func removeAnimation(forKey key: String) {
    guard let index = animationEntries.firstIndex(where: { $0.key == key }) else { return }
    let entry = animationEntries.remove(at: index)
    stop(entry)
  }

  /// Removes every animation, each completing with `false` as Core Animation's do when removed.
  public func removeAllAnimations() {
    let entries = animationEntries
    animationEntries.removeAll()
    entries.forEach(stop)
  }

  private func stop(_ entry: AnimationEntry) {
    guard !entry.stopped else { return }
    if let context = animationContextInTree {
      context.stopped(entry, finished: false)
    } else {
      entry.animation.completion?(false)
    }
  }

  /// The attached animations with their keys, in the order they were added.
  public var animations: [(key: String?, animation: any LayerAnimation)] {
    animationEntries.map { ($0.key, $0.animation) }
  }

  /// The keys of the attached animations, in the order they were added (`animationKeys()`).
  public var animationKeys: [String] { animationEntries.compactMap(\.key) }

  /// A copy of the animation under `key`, with the times filled in when it was added.
  public func animation(forKey key: String) -> (any LayerAnimation)? {
    animationEntries.first { $0.key == key }?.animation
  }

  /// True when this layer or any below it (sublayers and mask) has animations attached.
  public var hasAnimationsInTree: Bool {
    !animationEntries.isEmpty || sublayers.contains { $0.hasAnimationsInTree } || mask?.hasAnimationsInTree == true
  }

  // MARK: Time

  /// The context of the tree this layer belongs to (a mask belongs to the tree of the layer it masks).
  public var animationContextInTree: AnimationContext? {
    var layer: Layer? = self
    while let current = layer {
      if let context = current.animationContext { return context }
      layer = current.treeParent
    }
    return nil
  }

  /// This layer's local time for a time of its superlayer: (t − beginTime) × speed + timeOffset.
  public func localTime(fromParentTime t: Double) -> Double { (t - beginTime) * speed + timeOffset }

  /// The layer's local time now: the context's time mapped down through every ancestor.
  public var localTime: Double {
    let now = animationContextInTree?.currentTime ?? 0
    return ancestorsFromRoot.reduce(now) { $1.localTime(fromParentTime: $0) }
  }

  /// The root first, this layer last; a mask's chain runs through the layer it masks.
  var ancestorsFromRoot: [Layer] {
    var chain: [Layer] = []
    var layer: Layer? = self
    while let current = layer {
      chain.append(current)
      layer = current.treeParent
    }
    return chain.reversed()
  }

  /// The context time at which this layer's local time reads `local` (nil when never: a paused layer or
  /// an infinite time).
  func contextTime(ofLocalTime local: Double) -> Double? {
    guard local.isFinite else { return nil }
    var t = local
    for layer in ancestorsFromRoot.reversed() {
      guard layer.speed != 0 else { return nil }
      t = (t - layer.timeOffset) / layer.speed + layer.beginTime
    }
    return t
  }

  // MARK: Implicit animations

  /// Called by every animatable property when its value changes: starts the implicit animation Core
  /// Animation's default action would, from the value on screen to the new model value.
  ///
  /// Nothing animates when the layer is a presentation copy or not in a tree with a context, when the
  /// transaction disables actions, or when the layer backs a view and no view animation block is open. A
  /// standalone layer's delegate and `actions` are asked first, by the property's name (`action(forKey:)`'s
  /// search): `.none` stops the animation, an animation of theirs replaces the default.
  /// Subclasses that add animatable properties call it from their `didSet`, with their own key path.
  public func propertyDidChange<Value: Animatable>(_ keyPath: AnimationKeyPath<Value>, from old: Value) {
    guard !isPresentation, let context = animationContextInTree else { return }
    if isViewLayer {
      guard let block = context.viewBlocks.last else { return }
      block.animate(self, keyPath, from: old, context: context)
      return
    }
    guard !context.disableActions else { return }
    let now = localTime
    let onScreen = presentationOfSelf(at: now, replacing: keyPath, with: old)
    if let action = actionDelegate?.action(for: self, forKey: keyPath.property) ?? actions[keyPath.property] {
      if case .animation(let animation) = action { try? add(animation, forKey: keyPath.property, onScreen: onScreen) }
      return
    }
    var implicit = BasicAnimation(keyPath: keyPath, from: keyPath.get(onScreen))
    implicit.timing.duration = context.animationDuration
    // Implicit layer actions use the `default` curve unless the transaction sets one (Nick Lockwood, "iOS Core
    // Animation: Advanced Techniques", ch. 10: "the default layer action animations use
    // kCAMediaTimingFunctionDefault").
    implicit.timingFunction = context.animationTimingFunction ?? .default
    try? add(implicit, forKey: keyPath.property)
  }

  // MARK: Presentation

  /// A copy of this layer alone (no sublayers) with its animations applied at local time `now`;
  /// `replacing` first puts back a model value that has just changed.
  func presentationOfSelf<Value: Animatable>(
    at now: Double, replacing keyPath: AnimationKeyPath<Value>? = nil, with old: Value? = nil
  ) -> Layer {
    let copy = Self(layer: self)
    copy.isPresentation = true
    copy.modelSource = self
    if let keyPath, let old { keyPath.set(copy, old) }
    for entry in animationEntries { entry.animation.apply(to: copy, parentTime: now) }
    return copy
  }

  /// A copy of this layer alone with its animations applied at local time `now`.
  public func presentationOfSelf(at now: Double) -> Layer {
    presentationOfSelf(at: now, replacing: Optional<AnimationKeyPath<Double>>.none, with: nil)
  }

  /// The presentation tree at `time` (the root's parent time; by default the context's current time):
  /// a copy of this layer and everything below it with every animation evaluated, the model untouched.
  /// This is what the screen shows, and what the renderer draws.
  public func presentation(at time: Double? = nil) -> Layer {
    let parentTime = time ?? animationContextInTree?.currentTime ?? 0
    let base =
      treeParent.map { parent in
        parent.ancestorsFromRoot.reduce(parentTime) { $1.localTime(fromParentTime: $0) }
      } ?? parentTime
    return presentationTree(parentTime: base)
  }

  /// The presentation of this subtree when its superlayer's local time is `parentTime`. The mask's
  /// presentation replaces the model copy `init(layer:)` made, so animations on the mask show.
  func presentationTree(parentTime: Double) -> Layer {
    let local = localTime(fromParentTime: parentTime)
    let copy = presentationOfSelf(at: local)
    for sublayer in sublayers { copy.addSublayer(sublayer.presentationTree(parentTime: local)) }
    if let mask { copy.mask = mask.presentationTree(parentTime: local) }
    completePresentation(copy, localTime: local)
    return copy
  }
}

// MARK: - AnimationError

/// An animation that cannot run on the layer it was added to, named by its key and key paths.
public struct AnimationError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The key the animation was added under, if any.
  public let key: String?
  /// The key paths it animates.
  public let keyPaths: [String]
  /// Why it cannot run there.
  public let message: String

  public var description: String {
    let what = key.map { "animation \"\($0)\"" } ?? "animation of \(keyPaths.joined(separator: ", "))"
    return "\(what): \(message)"
  }
}
