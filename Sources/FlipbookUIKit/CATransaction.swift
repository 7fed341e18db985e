import FlipbookLayers
import FlipbookTiming
import Foundation

// MARK: - CATransaction

/// `CATransaction`'s class methods. A transaction begun here opens on each layer tree its changes reach (see
/// `Ambient`), so `begin()`, a change, `setDisableActions(true)` and `commit()` behave as on iOS.
public enum CATransaction {
  /// Opens a transaction on this thread.
  public static func begin() { Ambient.scopes.append(AmbientScope(.transaction)) }

  /// Closes the innermost transaction; its completion block runs when its animations have stopped.
  public static func commit() {
    guard let scope = Ambient.scopes.popLast() else { return }
    scope.close()
  }

  /// Whether the innermost transaction stops implicit animations.
  public static func disableActions() -> Bool { innermost?.disableActions ?? false }

  /// Stops (or allows) implicit animations for the innermost transaction's changes.
  public static func setDisableActions(_ flag: Bool) { update { $0.disableActions = flag } }

  /// The innermost transaction's implicit animation duration (0.25 s by default).
  public static func animationDuration() -> CFTimeInterval { innermost?.animationDuration ?? 0.25 }

  /// Sets the innermost transaction's implicit animation duration.
  public static func setAnimationDuration(_ duration: CFTimeInterval) { update { $0.animationDuration = duration } }

  /// Sets the innermost transaction's implicit animation curve.
  public static func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
    update { $0.timingFunction = function?.function }
  }

  /// Runs `block` once the innermost transaction's animations have all stopped.
  public static func setCompletionBlock(_ block: (() -> Void)?) {
    guard let scope = innermost else { return }
    scope.completion = block.map { block in { _ in block() } }
  }

  private static var innermost: AmbientScope? {
    Ambient.scopes.last { if case .transaction = $0.kind { true } else { false } }
  }

  private static func update(_ change: (AmbientScope) -> Void) {
    guard let scope = innermost else { return }
    change(scope)
    for context in scope.openedContexts { scope.apply(to: context) }
  }
}
