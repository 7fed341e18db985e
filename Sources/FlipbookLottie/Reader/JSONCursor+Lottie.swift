import FlipbookJSON

// MARK: - Lenient members

/// Lottie objects carry many keys Flipbook does not read (`nm`, `mn`, `ix`, `cix`, `bm`, exporter extras), and
/// exporters add new ones every release, so the Lottie reader looks members up without the unknown-key check
/// scene documents get (`JSONCursor.object(allowing:)`). Every error still names the JSON path.
extension JSONCursor {
  /// Member `key`, or nil when the value is not an object, the key is absent, or its value is `null` (exporters
  /// write `null` for "not set").
  func member(_ key: String) -> JSONCursor? {
    guard case .object(let members) = value, let found = members.first(where: { $0.key == key }),
      found.value != .null
    else { return nil }
    return JSONCursor(found.value, path: child(key))
  }

  /// Member `key`, which must be present; the error names the object and the missing key.
  func required(_ key: String) throws(DocumentError) -> JSONCursor {
    try requireObject()
    guard let found = member(key) else { throw error("missing required key \"\(key)\"") }
    return found
  }

  /// Fails unless the value is an object.
  func requireObject() throws(DocumentError) {
    guard case .object = value else { throw error("expected an object, found \(value.kindDescription)") }
  }

  /// Whether the value is an object.
  var isObject: Bool {
    if case .object = value { true } else { false }
  }

  /// Whether the value is an array.
  var isArray: Bool {
    if case .array = value { true } else { false }
  }

  /// A number member, or `fallback` when absent.
  func number(_ key: String, default fallback: Double) throws(DocumentError) -> Double {
    try member(key)?.number() ?? fallback
  }

  /// A string member, or nil when absent.
  func optionalString(_ key: String) throws(DocumentError) -> String? {
    try member(key)?.string()
  }

  /// A flag written as a number (`1`/`0`, the usual Lottie form) or a boolean; absent is `fallback`.
  func flag(_ key: String, default fallback: Bool = false) throws(DocumentError) -> Bool {
    guard let found = member(key) else { return fallback }
    switch found.value {
    case .bool(let b): return b
    case .number: return try found.number() != 0
    default: throw found.error("expected 0, 1, true or false, found \(found.value.kindDescription)")
    }
  }
}
