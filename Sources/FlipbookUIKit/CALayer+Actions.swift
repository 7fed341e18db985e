import FlipbookLayers
import Foundation

// MARK: - Actions

/// Answers what a change of a property does before a layer's `actions` (`CALayerDelegate`'s
/// `action(for:forKey:)`): `NSNull()` for no animation, an animation of one's own, or nil to look further.
public protocol CALayerDelegate: AnyObject {
  /// The action for a change of `event` on `layer`.
  func action(for layer: CALayer, forKey event: String) -> CAAction?
}

/// Optional, as in Core Animation: a delegate that does not answer lets the layer look further.
extension CALayerDelegate {
  /// Nil: the layer looks in its `actions`, then animates implicitly.
  public func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
}

extension CALayer {
  /// What changing a property does, by its key (`actions`): `NSNull()` changes it at once, an animation replaces
  /// the implicit one (one without a key path animates the key's property).
  public var actions: [String: CAAction]? {
    get { actionObjects }
    set {
      actionObjects = newValue
      engineLayer.actions = Dictionary(
        uniqueKeysWithValues: (newValue ?? [:]).map { key, action in
          (key, LayerActionBridge.engine(action, key: key, for: engineLayer))
        })
    }
  }
}

/// Turns Core Animation's actions into the engine's.
enum LayerActionBridge {
  /// `NSNull` is no animation; an animation stands for itself (its key path, when it has none, the key's).
  static func engine(_ action: CAAction, key: String?, for layer: Layer) -> LayerAction {
    guard let animation = action as? CAAnimation else { return .none }
    if let property = animation as? CAPropertyAnimation, property.keyPath == nil, let key {
      let copy = property.copy() as! CAPropertyAnimation
      copy.keyPath = key
      return engine(copy, key: nil, for: layer)
    }
    do {
      return .animation(try animation.engineAnimation(for: layer))
    } catch {
      preconditionFailure("actions: \(error)")
    }
  }
}

/// Asks a `CALayerDelegate` on the engine's behalf, keeping the `CALayer` it speaks for.
final class LayerDelegateBridge: LayerActionDelegate {
  weak var delegate: CALayerDelegate?
  weak var layer: CALayer?

  init(delegate: CALayerDelegate, layer: CALayer) {
    self.delegate = delegate
    self.layer = layer
  }

  func action(for engineLayer: Layer, forKey key: String) -> LayerAction? {
    guard let layer, let action = delegate?.action(for: layer, forKey: key) else { return nil }
    return LayerActionBridge.engine(action, key: key, for: engineLayer)
  }
}
