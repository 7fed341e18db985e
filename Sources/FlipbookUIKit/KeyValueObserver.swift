import FlipbookScrolling
import Foundation

// MARK: - KeyValueObserver

/// An `NSObject` that hears string-keyed observations through `observeValue(forKeyPath:of:change:context:)`,
/// which Swift's Foundation on Linux, having no Objective-C runtime, leaves out of `NSObject`. `UIView` is one; a
/// class of one's own that observes by key path names it in place of `NSObject` (the one-line change), and
/// overrides `observeValue` as written for iOS.
open class KeyValueObserver: NSObject {
  /// Hears a change of the value at `keyPath` of `object`; override it, as an `NSObject` subclass does on iOS.
  open func observeValue(
    forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
    context: UnsafeMutableRawPointer?
  ) {}
}

/// The keys of a string-keyed observation's change dictionary (`NSKeyValueChangeKey`).
public struct NSKeyValueChangeKey: Hashable, Sendable {
  let name: String
  /// The value after the change.
  public static let newKey = NSKeyValueChangeKey(name: "new")
  /// The value before the change.
  public static let oldKey = NSKeyValueChangeKey(name: "old")
  /// The kind of change (1, a setting).
  public static let kindKey = NSKeyValueChangeKey(name: "kind")
}

// MARK: - String-keyed observation of a scroll view

extension UIScrollView {
  /// The key paths string-keyed observation knows, with how to read each: its values are what UIKit's key-value
  /// observation reports (the pan's state as its raw value, an `Int`). Each is compared whenever the scroll view
  /// reports a change (its offset, inset, content size, dragging or decelerating); a script never moves the scroll
  /// view's frame.
  static let observableKeyPaths: KeyValuePairs<String, @Sendable (UIScrollView) -> Any> = [
    "contentOffset": { $0.contentOffset },
    "contentInset": { $0.contentInset },
    "contentSize": { $0.contentSize },
    "frame": { $0.frame },
    "bounds": { $0.bounds },
    "dragging": { $0.isDragging },
    "decelerating": { $0.isDecelerating },
    "panGestureRecognizer.state": { $0.panGestureRecognizer.state.rawValue },
  ]

  /// Tells `observer` of changes of the value at `keyPath` through its `observeValue(forKeyPath:of:change:context:)`
  /// (`addObserver(_:forKeyPath:options:context:)`), until `removeObserver(_:forKeyPath:)`; `.initial` tells it
  /// once at once. The observer is a `KeyValueObserver` (a `UIView` is one), since a plain `NSObject` here has no
  /// `observeValue` to hear it with; an unknown key path stops the program, naming the ones known.
  public func addObserver(
    _ listener: KeyValueObserver, forKeyPath keyPath: String, options: NSKeyValueObservingOptions = [],
    context: UnsafeMutableRawPointer?
  ) {
    guard let value = Self.observableKeyPaths.first(where: { $0.key == keyPath })?.value else {
      preconditionFailure(
        "addObserver(_:forKeyPath: \"\(keyPath)\"): observable key paths are "
          + Self.observableKeyPaths.map(\.key).joined(separator: ", "))
    }
    var last = "\(value(self))"
    var lastValue = value(self)
    if options.contains(.initial) {
      var change: [NSKeyValueChangeKey: Any] = [.kindKey: 1]
      if options.contains(.new) { change[.newKey] = lastValue }
      listener.observeValue(forKeyPath: keyPath, of: self, change: change, context: context)
    }
    let token = engineScrollView.observeChanges { [weak self, weak listener] in
      guard let self, let listener else { return }
      let now = value(self)
      let key = "\(now)"
      guard key != last else { return }
      var change: [NSKeyValueChangeKey: Any] = [.kindKey: 1]
      if options.contains(.new) { change[.newKey] = now }
      if options.contains(.old) { change[.oldKey] = lastValue }
      last = key
      lastValue = now
      listener.observeValue(forKeyPath: keyPath, of: self, change: change, context: context)
    }
    stringObservers.append(StringObserver(observer: listener, keyPath: keyPath, token: token))
  }

  /// Stops telling `observer` of `keyPath`'s changes.
  public func removeObserver(_ observer: KeyValueObserver, forKeyPath keyPath: String) {
    stringObservers.removeAll { entry in
      guard entry.observer === observer, entry.keyPath == keyPath else { return false }
      entry.token.invalidate()
      return true
    }
  }

  /// Stops telling `observer` of `keyPath`'s changes (the form naming the context it was added with).
  public func removeObserver(
    _ observer: KeyValueObserver, forKeyPath keyPath: String, context: UnsafeMutableRawPointer?
  ) {
    removeObserver(observer, forKeyPath: keyPath)
  }
}

/// One string-keyed observation a scroll view keeps.
struct StringObserver {
  weak var observer: KeyValueObserver?
  let keyPath: String
  let token: ScrollViewObservation
}
