import FlipbookScrolling
import Foundation

// MARK: - UIControl

/// `UIControl`: a view that sends actions for events, in the closure form iOS 14 added
/// (`addAction(_:for:)` with a `UIAction`). The target-action form, `addTarget(_:action:for:)`, takes a
/// `#selector`, which needs the Objective-C runtime Swift on Linux lacks; it is not here, so its one-line
/// change is to a `UIAction` (see the porting article).
open class UIControl: UIView {
  /// The events a control sends actions for (`UIControl.Event`).
  public struct Event: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    // Apple's raw values (UIControl.h in the iOS SDK), so a stored or logged event reads the same.
    /// A finger went down in the control.
    public static let touchDown = Event(rawValue: 1 << 0)
    /// A finger lifted inside the control.
    public static let touchUpInside = Event(rawValue: 1 << 6)
    /// The control's value changed (a refresh control's pull triggered it).
    public static let valueChanged = Event(rawValue: 1 << 12)
    /// The control's main action (a button's tap).
    public static let primaryActionTriggered = Event(rawValue: 1 << 13)
  }

  private var actions: [(action: UIAction, events: Event)] = []

  /// Whether the control responds (true by default).
  open var isEnabled = true
  /// Whether the control is selected.
  open var isSelected = false
  /// Whether a finger is on the control.
  open var isHighlighted = false

  public override init(frame: CGRect) { super.init(frame: frame) }

  public required init?(coder: NSCoder) { nil }

  /// Runs `action` whenever the control sends one of `events` (`addAction(_:for:)`); an action already added
  /// with the same identifier is replaced, as in UIKit.
  open func addAction(_ action: UIAction, for events: Event) {
    actions.removeAll { $0.action.identifier == action.identifier && $0.events == events }
    actions.append((action, events))
  }

  /// Stops running `action` for `events`.
  open func removeAction(_ action: UIAction, for events: Event) {
    removeAction(identifiedBy: action.identifier, for: events)
  }

  /// Stops running the action with `identifier` for `events`.
  open func removeAction(identifiedBy identifier: UIAction.Identifier, for events: Event) {
    for i in actions.indices.reversed() where actions[i].action.identifier == identifier {
      actions[i].events.subtract(events)
      if actions[i].events.isEmpty { actions.remove(at: i) }
    }
  }

  /// Runs the actions added for any of `events`, in the order they were added (`sendActions(for:)`); a
  /// disabled control sends none.
  open func sendActions(for events: Event) {
    guard isEnabled else { return }
    for entry in actions where !entry.events.isDisjoint(with: events) {
      entry.action.sender = self
      entry.action.handler(entry.action)
      entry.action.sender = nil
    }
  }
}

// MARK: - UIAction

/// An action a control runs (`UIAction`): a handler, with a title and an identifier.
public final class UIAction {
  /// An action's identity (`UIAction.Identifier`); a control keeps one action per identifier.
  public struct Identifier: Hashable, Sendable, RawRepresentable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The identifier `rawValue` (`UIAction.Identifier("refresh")`).
    public init(_ rawValue: String) { self.rawValue = rawValue }
  }

  /// The title shown where the action is listed.
  public var title: String
  /// The identifier (a new unique one unless given).
  public let identifier: Identifier
  /// The control sending it, while its handler runs.
  public internal(set) var sender: Any?
  let handler: (UIAction) -> Void

  /// An action that runs `handler` (`UIAction(title:identifier:handler:)`).
  public init(title: String = "", identifier: Identifier? = nil, handler: @escaping (UIAction) -> Void) {
    self.title = title
    self.identifier = identifier ?? Identifier(UUID().uuidString)
    self.handler = handler
  }
}
