import Foundation

// MARK: - Transactions of the layer's tree

extension Layer {
  /// Runs `body` in a transaction of this layer's tree with actions disabled; outside a tree with a clock
  /// it just runs (nothing animates there anyway).
  public func withActionsDisabled(_ body: () -> Void) {
    if let context = animationContextInTree { context.transaction(disableActions: true, body) } else { body() }
  }

  /// Runs `body` with nothing animating, not even view layers inside an open view animation block
  /// (`UIView.performWithoutAnimation(_:)`): UIKit shows its scroll indicator that way.
  public func withoutAnimation(_ body: () -> Void) {
    guard let context = animationContextInTree else { return body() }
    let blocks = context.viewBlocks
    context.viewBlocks = []
    defer { context.viewBlocks = blocks }
    context.transaction(disableActions: true, body)
  }

  /// `UIView.animate(withDuration:delay:options:animations:completion:)` in this layer's tree. Outside a
  /// tree with a clock the changes happen at once and the completion runs now, finished, as UIKit does
  /// when nothing animates.
  public func animateInTree(
    withDuration duration: Double, delay: Double = 0, options: ViewAnimationOptions = [],
    animations: () -> Void, completion: ((Bool) -> Void)? = nil
  ) {
    guard let context = animationContextInTree else {
      animations()
      completion?(true)
      return
    }
    context.animate(
      withDuration: duration, delay: delay, options: options, animations: animations, completion: completion)
  }
}
