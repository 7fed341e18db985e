import Foundation

// MARK: - Associated objects

// Refresh views attach themselves to a scroll view from an extension (`scrollView.pullToRefreshView`) through the
// Objective-C runtime's associated objects, which Swift on Linux lacks. These functions give the same calls the
// same meaning over a table of their own, so that such an extension compiles as written: a value kept under a key's
// address for as long as its object lives.

/// How an associated value is held (`objc_AssociationPolicy`, with the runtime's raw values). Assigned values of a
/// class are held weakly (the runtime's `assign` would leave a dangling pointer instead); the others strongly, a
/// copy being the value itself in Swift.
public enum objc_AssociationPolicy: UInt, Sendable {
  /// Held without being kept.
  case OBJC_ASSOCIATION_ASSIGN = 0
  /// Kept.
  case OBJC_ASSOCIATION_RETAIN_NONATOMIC = 1
  /// Kept (a copy, in Objective-C).
  case OBJC_ASSOCIATION_COPY_NONATOMIC = 3
  /// Kept, atomically.
  case OBJC_ASSOCIATION_RETAIN = 769
  /// Kept (a copy, in Objective-C), atomically.
  case OBJC_ASSOCIATION_COPY = 771
}

/// Associates `value` with `object` under `key` (the address of a static variable, `&key`), nil removing it
/// (`objc_setAssociatedObject`). `object` must be a class instance; anything else stops the program, naming it.
public func objc_setAssociatedObject(
  _ object: Any, _ key: UnsafeRawPointer, _ value: Any?, _ policy: objc_AssociationPolicy
) {
  AssociatedObjects.shared.set(value, for: AssociatedObjects.owner(object), key: key, policy: policy)
}

/// The value associated with `object` under `key`, or nil (`objc_getAssociatedObject`).
public func objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any? {
  AssociatedObjects.shared.value(for: AssociatedObjects.owner(object), key: key)
}

/// Removes every value associated with `object` (`objc_removeAssociatedObjects`).
public func objc_removeAssociatedObjects(_ object: Any) {
  AssociatedObjects.shared.removeAll(for: AssociatedObjects.owner(object))
}

/// The table behind the associated-object functions: per live object, its values by key. An entry whose object
/// has gone is dropped at the next change, and never answers for a new object at the same address.
final class AssociatedObjects: @unchecked Sendable {
  static let shared = AssociatedObjects()

  private struct Entry {
    weak var owner: AnyObject?
    var values: [UnsafeRawPointer: Held] = [:]
  }

  private enum Held {
    case strong(Any)
    case weak(WeakReference)
  }

  private final class WeakReference {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
  }

  private let lock = NSLock()
  private var entries: [ObjectIdentifier: Entry] = [:]

  /// `object` as the class instance values are associated with.
  static func owner(_ object: Any) -> AnyObject {
    guard type(of: object) is AnyClass else {
      preconditionFailure("associated objects: a \(type(of: object)) is not a class instance")
    }
    return object as AnyObject
  }

  func set(_ value: Any?, for owner: AnyObject, key: UnsafeRawPointer, policy: objc_AssociationPolicy) {
    lock.lock()
    defer { lock.unlock() }
    entries = entries.filter { $0.value.owner != nil }
    let id = ObjectIdentifier(owner)
    var entry = entries[id] ?? Entry(owner: owner)
    if let value {
      let weakly = policy == .OBJC_ASSOCIATION_ASSIGN && type(of: value) is AnyClass
      entry.values[key] = weakly ? .weak(WeakReference(value as AnyObject)) : .strong(value)
    } else {
      entry.values[key] = nil
    }
    entries[id] = entry.values.isEmpty ? nil : entry
  }

  func value(for owner: AnyObject, key: UnsafeRawPointer) -> Any? {
    lock.lock()
    defer { lock.unlock() }
    guard let entry = entries[ObjectIdentifier(owner)], entry.owner === owner else { return nil }
    switch entry.values[key] {
    case .strong(let value): return value
    case .weak(let reference): return reference.object
    case nil: return nil
    }
  }

  func removeAll(for owner: AnyObject) {
    lock.lock()
    defer { lock.unlock() }
    entries[ObjectIdentifier(owner)] = nil
  }
}
