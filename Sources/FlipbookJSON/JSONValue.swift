import Foundation

// MARK: - JSONValue

/// A parsed JSON value. Flipbook parses JSON itself so that a malformed document is reported with its
/// line and column, and so that numbers and booleans never blur (as they can through `NSNumber`).
public enum JSONValue: Equatable, Sendable {
  /// `null`.
  case null
  /// `true` or `false`, kept apart from numbers.
  case bool(Bool)
  /// A number; JSON does not separate integers, so a decoder asks for a whole number where it needs one.
  case number(Double)
  /// A string, unescaped.
  case string(String)
  /// An array, in order.
  case array([JSONValue])
  /// Members in document order (order matters for readable dumps and for "first unknown key" errors).
  case object([(key: String, value: JSONValue)])

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.number(let a), .number(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)): a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
    default: false
    }
  }

  /// What kind of value this is, for error messages ("expected a number, found a string").
  public var kindDescription: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }

  /// The value of `key` in an object (nil otherwise).
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }
}

// MARK: - Writing

extension JSONValue {
  /// Pretty JSON with two-space indentation, keys in the value's order, and numbers written as
  /// integers when whole (so dumps are stable and readable in diffs).
  public func formatted(indent: String = "") -> String {
    let inner = indent + "  "
    switch self {
    case .null: return "null"
    case .bool(let b): return b ? "true" : "false"
    case .number(let n): return JSONValue.format(n)
    case .string(let s): return JSONValue.quote(s)
    case .array(let items):
      guard !items.isEmpty else { return "[]" }
      if items.allSatisfy({ if case .number = $0 { true } else { false } }) {
        return "[" + items.map { $0.formatted() }.joined(separator: ", ") + "]"
      }
      return "[\n" + items.map { inner + $0.formatted(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
    case .object(let members):
      guard !members.isEmpty else { return "{}" }
      return "{\n"
        + members.map { inner + JSONValue.quote($0.key) + ": " + $0.value.formatted(indent: inner) }
        .joined(separator: ",\n") + "\n\(indent)}"
    }
  }

  /// Numbers for humans: whole values without a fraction, others with up to 6 significant decimals.
  public static func format(_ n: Double) -> String {
    guard n.isFinite else { return "null" }
    if n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
    var text = String(format: "%.6f", n)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" ? "0" : text
  }

  /// `s` as a JSON string literal, quoted and escaped, as error messages and dumps write keys.
  public static func quote(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case let c where c.value < 0x20: out += String(format: "\\u%04x", c.value)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
