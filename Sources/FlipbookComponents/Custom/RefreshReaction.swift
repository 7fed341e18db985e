import FlipbookLayers
import FlipbookTiming
import Foundation

// MARK: - RefreshMoment

/// The moments a refresh view reacts to.
public enum RefreshMoment: String, Sendable, CaseIterable {
  /// The pull crossed the threshold: letting go now would refresh (EGO flips its arrow).
  case beyondThreshold
  /// The pull came back under the threshold before letting go (EGO flips the arrow back).
  case withinThreshold
  /// A refresh started (APL's `aplPullToRefreshStartAnimating`).
  case startAnimating
  /// The refresh ended, just before the view goes away (`aplPullToRefreshStopAnimating`).
  case stopAnimating
  /// Back at rest with nothing pulled.
  case idle
}

// MARK: - RefreshReaction

/// What happens at a moment: animations removed by key, properties set and animations added, on named
/// layers, in that order, inside one transaction with an optional duration, curve and disabled actions, or
/// inside a UIView animation block (duration, delay, curve or spring).
public struct RefreshReaction: @unchecked Sendable {
  /// One change to a named layer.
  public struct Change {
    /// The `name` of the layer changed.
    public let layerName: String
    /// Makes the change on the layer in the pull numbered by the second argument.
    let apply: (Layer, Int) -> Void

    /// Any change to the layer named `layerName`, written as a closure.
    public init(layer layerName: String, _ apply: @escaping (Layer) -> Void) {
      self.layerName = layerName
      self.apply = { layer, _ in apply(layer) }
    }

    /// A change that depends on which pull it is made in (0 for the first): per-pull random values.
    public init(layer layerName: String, perPull apply: @escaping (Layer, Int) -> Void) {
      self.layerName = layerName
      self.apply = apply
    }

    /// Removes the animation under `key`.
    public static func remove(_ key: String, from layer: String) -> Change {
      Change(layer: layer) { $0.removeAnimation(forKey: key) }
    }

    /// Adds `animation` under `key`, its `beginTime` counted from when the change runs (0: at once, 0.2: a
    /// fifth of a second later), so a reaction's animation is timed from its moment, never from the scene's start.
    public static func add(_ animation: some LayerAnimation, forKey key: String?, to layer: String) -> Change {
      add(forKey: key, to: layer) { _ in animation }
    }

    /// Adds the animation `animation` makes for the pull, timed as `add(_:forKey:to:)` times it.
    public static func add(
      forKey key: String?, to layer: String, _ animation: @escaping (_ pull: Int) -> (any LayerAnimation)?
    ) -> Change {
      Change(
        layer: layer,
        perPull: { target, pull in
          guard var timed = animation(pull) else { return }
          if timed.timing.beginTime != 0 { timed.timing.beginTime += target.localTime }
          try? target.add(timed, forKey: key)
        })
    }
  }

  /// The transaction's duration for implicit animations (nil: the enclosing one's, 0.25 s by default).
  public var duration: Double?
  /// The transaction's curve for implicit animations (nil: the enclosing one's).
  public var timingFunction: TimingFunction?
  /// Whether the transaction disables implicit animations (nil: the enclosing one's).
  public var disableActions: Bool?
  /// A UIView animation block the changes run in instead of a transaction (view layers animate in it, with
  /// its curve or spring); nil: the transaction.
  public var viewAnimation: ViewAnimationSettings?
  /// Applied in order.
  public var changes: [Change]
  /// Seconds after its moment the reaction runs, on the tree's clock (0: at the moment).
  public var delay: Double

  /// A reaction of `changes`, in a transaction with the given settings, `delay` seconds after its moment.
  public init(
    duration: Double? = nil, timingFunction: TimingFunction? = nil, disableActions: Bool? = nil,
    viewAnimation: ViewAnimationSettings? = nil, delay: Double = 0, changes: [Change]
  ) {
    self.viewAnimation = viewAnimation
    self.delay = delay
    self.duration = duration
    self.timingFunction = timingFunction
    self.disableActions = disableActions
    self.changes = changes
  }

  /// Runs the changes on the layers `find` names, in pull number `pull`; outside a tree they just happen.
  func run(in context: AnimationContext?, pull: Int = 0, find: (String) -> Layer?) {
    let targets = changes.map { find($0.layerName) }
    let body = {
      for (change, layer) in zip(changes, targets) {
        if let layer { change.apply(layer, pull) }
      }
    }
    if let context, let viewAnimation {
      viewAnimation.perform(in: context, body)
    } else if let context {
      context.transaction(duration: duration, timingFunction: timingFunction, disableActions: disableActions, body)
    } else {
      body()
    }
  }
}
