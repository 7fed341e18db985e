import FlipbookScrolling
import Foundation

// MARK: - Handing an engine view to a UIView's initializer

/// Passes an existing engine view (a built-in component's, a script's scroll view) to `UIView.init(frame:)`, so
/// that `UIView` keeps UIKit's two designated initializers and a subclass overriding them inherits `init()`. The
/// offer is taken by the next `UIView.init(frame:)` on the thread, which runs at once after it.
enum EngineViewHandOff {
  private static let key = "FlipbookUIKit.EngineViewHandOff"

  /// Offers `view` to the next `UIView.init(frame:)` on this thread.
  static func offer(_ view: View) { Thread.current.threadDictionary[key] = view }

  /// The view on offer, left on offer.
  static func peek() -> View? { Thread.current.threadDictionary[key] as? View }

  /// The view on offer, taken.
  static func take() -> View? {
    defer { Thread.current.threadDictionary[key] = nil }
    return peek()
  }
}
