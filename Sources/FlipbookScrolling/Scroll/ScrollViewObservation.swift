import Foundation

// MARK: - ScrollViewObservation

/// One observer of a scroll view's property, beside its delegate, as an app's key-value observation of
/// `contentOffset` sits beside the table's delegate (`NSKeyValueObservation`). Any number may watch one scroll
/// view; each runs while its token is kept, and stops when the token is released or invalidated.
///
/// ```swift
/// let token = scrollView.observe(\.contentOffset, options: [.new]) { scrollView, change in
///   wave.pull = -(change.newValue!.y + scrollView.contentInset.top)
/// }
/// ```
///
/// A handler runs after the scroll view has told its delegate, each time the watched value changes (setting the
/// same value again tells nobody): when the content moves, the inset or content size is set, or a drag begins or
/// ends.
public final class ScrollViewObservation {
  /// What a change reports (`NSKeyValueObservingOptions`).
  public struct Options: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The value after the change, in `newValue`.
    public static let new = Options(rawValue: 1 << 0)
    /// The value before the change, in `oldValue`.
    public static let old = Options(rawValue: 1 << 1)
    /// Also run the handler once at once, with the current value as the new one.
    public static let initial = Options(rawValue: 1 << 2)
  }

  /// Checks the watched value and runs the handler when it changed; nil once invalidated.
  private var check: (() -> Void)?

  init(check: @escaping () -> Void) { self.check = check }

  /// Stops the observation (`invalidate()`); releasing the token does the same.
  public func invalidate() { check = nil }

  /// Whether the observation still runs.
  public var isValid: Bool { check != nil }

  func notify() { check?() }
}

/// A change a `ScrollViewObservation` reports (`NSKeyValueObservedChange`): the values its options asked for.
public struct ScrollViewChange<Value> {
  /// The value before the change, with `.old`.
  public let oldValue: Value?
  /// The value after the change, with `.new` or `.initial`.
  public let newValue: Value?

  /// A change from `oldValue` to `newValue` (either nil when not asked for).
  public init(oldValue: Value?, newValue: Value?) {
    self.oldValue = oldValue
    self.newValue = newValue
  }
}

extension ScrollView {
  /// Runs `changeHandler` whenever the value at `keyPath` changes, as long as the returned token is kept
  /// (`observe(_:options:changeHandler:)`).
  public func observe<Value: Equatable>(
    _ keyPath: KeyPath<ScrollView, Value>, options: ScrollViewObservation.Options = [],
    changeHandler: @escaping (ScrollView, ScrollViewChange<Value>) -> Void
  ) -> ScrollViewObservation {
    observeValue({ [unowned self] in self[keyPath: keyPath] }, options: options) { [unowned self] change in
      changeHandler(self, change)
    }
  }

  /// Runs `changeHandler` whenever what `read` returns changes, as long as the returned token is kept: what
  /// `observe(_:options:changeHandler:)` and UIKit-style observers of other spellings share.
  public func observeValue<Value: Equatable>(
    _ read: @escaping () -> Value, options: ScrollViewObservation.Options = [],
    changeHandler: @escaping (ScrollViewChange<Value>) -> Void
  ) -> ScrollViewObservation {
    var last = read()
    let observation = observeChanges {
      let now = read()
      guard now != last else { return }
      let old = last
      last = now
      changeHandler(
        ScrollViewChange(oldValue: options.contains(.old) ? old : nil, newValue: options.contains(.new) ? now : nil))
    }
    if options.contains(.initial) { changeHandler(ScrollViewChange(oldValue: nil, newValue: last)) }
    return observation
  }

  /// Runs `check` whenever anything observable may have changed (the content moved; the inset, the content
  /// size or dragging changed), as long as the returned token is kept: the hook `observe` is built on, for
  /// observers that compare values of their own.
  public func observeChanges(_ check: @escaping () -> Void) -> ScrollViewObservation {
    let observation = ScrollViewObservation(check: check)
    observers.append(WeakObservation(observation: observation))
    return observation
  }

  /// Tells every observer still kept to look at its value again.
  func notifyObservers() {
    observers.removeAll { $0.observation?.isValid != true }
    for box in observers { box.observation?.notify() }
  }
}

/// A scroll view holds its observations weakly: the caller's token keeps one running.
struct WeakObservation {
  weak var observation: ScrollViewObservation?
}
