import Foundation

// MARK: - LayerAction

/// What a change of one property of a standalone layer does, instead of Core Animation's default implicit
/// animation: an entry of the layer's `actions` (`CALayer.actions`) or its delegate's answer
/// (`action(for:forKey:)`). Keyed by the property's Core Animation name (`"position"`, `"strokeEnd"`).
///
/// ```swift
/// dot.actions = ["position": .none]  // moves at once, as `["position": NSNull()]` does
/// ```
public enum LayerAction {
  /// No animation: the property changes at once (`NSNull` in Core Animation).
  case none
  /// This animation, added under the property's name. Where it gives no from-value it runs from what is on
  /// screen, and with no to-value to the new model value, as Core Animation runs an action's basic animation.
  case animation(any LayerAnimation)
}

/// Answers, before a layer's `actions`, what a change of a property does (`CALayerDelegate`'s
/// `action(for:forKey:)`); nil leaves it to the `actions` and then to the default.
public protocol LayerActionDelegate: AnyObject {
  /// The action for a change of `key` on `layer`, or nil to look further.
  func action(for layer: Layer, forKey key: String) -> LayerAction?
}
