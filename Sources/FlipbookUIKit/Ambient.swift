import FlipbookLayers
import FlipbookTiming
import Foundation

// MARK: - Ambient scopes

/// The `CATransaction`s and `UIView.animate` blocks open on this thread. UIKit's and Core Animation's static
/// calls name no layer tree, while Flipbook keeps a clock and a transaction stack per tree; so a scope is opened
/// on a tree's context lazily, the first time a change inside it reaches a layer of that tree, and closed on every
/// context it reached when it ends. A scope no change reached completes at once, finished.
final class AmbientScope {
  enum Kind {
    case transaction
    case viewAnimation(duration: Double, delay: Double, options: ViewAnimationOptions, spring: (Double, Double)?)
  }

  let kind: Kind
  var disableActions: Bool?
  var animationDuration: Double?
  var timingFunction: TimingFunction?
  var completion: ((Bool) -> Void)?
  /// The contexts it has been opened on, in order.
  private(set) var contexts: [AnimationContext] = []
  /// The contexts it has been opened on.
  var openedContexts: [AnimationContext] { contexts }

  init(_ kind: Kind) { self.kind = kind }

  /// Opens the scope on `context` unless it already is.
  func open(on context: AnimationContext) {
    guard !contexts.contains(where: { $0 === context }) else { return }
    contexts.append(context)
    switch kind {
    case .transaction:
      context.begin()
      apply(to: context)
    case .viewAnimation(let duration, let delay, let options, let spring):
      context.beginAnimations(duration: duration, delay: delay, options: options, spring: spring)
    }
  }

  /// Sends the transaction's settings to `context`'s innermost transaction (this scope's, when it is the
  /// innermost open one).
  func apply(to context: AnimationContext) {
    if let disableActions { context.setDisableActions(disableActions) }
    if let animationDuration { context.setAnimationDuration(animationDuration) }
    if let timingFunction { context.setAnimationTimingFunction(timingFunction) }
  }

  /// Closes the scope on every context it reached; the completion runs once all of them have finished, or at
  /// once when it reached none.
  func close() {
    guard !contexts.isEmpty else {
      completion?(true)
      return
    }
    var remaining = contexts.count
    var allFinished = true
    let completion = self.completion
    let done: (Bool) -> Void = { finished in
      allFinished = allFinished && finished
      remaining -= 1
      if remaining == 0 { completion?(allFinished) }
    }
    for context in contexts {
      switch kind {
      case .transaction:
        context.setCompletionBlock { done(true) }
        context.commit()
      case .viewAnimation:
        context.setViewAnimationCompletion(done)
        context.commitAnimations()
      }
    }
  }
}

/// The scopes open on the current thread, outermost first.
enum Ambient {
  private static let key = "FlipbookUIKit.ambientScopes"

  static var scopes: [AmbientScope] {
    get { Thread.current.threadDictionary[key] as? [AmbientScope] ?? [] }
    set { Thread.current.threadDictionary[key] = newValue }
  }

  /// Opens every open scope on `layer`'s tree before a change reaches it.
  static func reach(_ layer: Layer) {
    let open = scopes
    guard !open.isEmpty, let context = layer.animationContextInTree else { return }
    for scope in open { scope.open(on: context) }
  }

  /// Runs `body` inside `scope`, then closes it.
  static func run(_ scope: AmbientScope, _ body: () -> Void) {
    scopes.append(scope)
    body()
    scopes.removeLast()
    scope.close()
  }
}
