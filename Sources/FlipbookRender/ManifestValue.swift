import Foundation

// MARK: - ManifestValue

/// A value in `manifest.json`: just the JSON the manifest needs, written deterministically so that two
/// renders of the same frames produce the same manifest byte for byte (FlipbookRender does not depend on
/// FlipbookScene's JSON, and Foundation's encoder neither keeps key order nor formats numbers stably).
///
/// Numbers: whole numbers are written without a fraction (`12`, not `12.0`); others are rounded to 6
/// decimals with trailing zeros dropped (`0.016667`); non-finite numbers, which JSON cannot express, are
/// written as `null`.
public enum ManifestValue: Hashable, Sendable {
  case number(Double)
  case string(String)
  case bool(Bool)
  case numbers([Double])
  case null

  /// The value as JSON text.
  public var json: String {
    switch self {
    case .number(let value): Self.format(value)
    case .string(let value): Self.quote(value)
    case .bool(let value): value ? "true" : "false"
    case .numbers(let values): "[" + values.map(Self.format).joined(separator: ", ") + "]"
    case .null: "null"
    }
  }

  /// A number as JSON: see the type's documentation.
  static func format(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    // Beyond 1e15 a double has no fractional digits left to show.
    if abs(value) >= 1e15 { return String(format: "%.0f", value) }
    // printf rounds correctly to 6 decimals; trimming then makes whole numbers (including ones that only
    // round to whole, like 0.9999999) come out without a fraction.
    var text = String(format: "%.6f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" ? "0" : text
  }

  /// A string as a JSON string literal: quotes, backslashes and control characters escaped, everything
  /// else (including non-ASCII) written as UTF-8.
  static func quote(_ string: String) -> String {
    var out = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20:
        out += "\\u00" + String(scalar.value, radix: 16).leftPadded(to: 2)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}

extension ManifestValue: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
  ExpressibleByBooleanLiteral, ExpressibleByNilLiteral
{
  public init(integerLiteral value: Int) { self = .number(Double(value)) }
  public init(floatLiteral value: Double) { self = .number(value) }
  public init(stringLiteral value: String) { self = .string(value) }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(nilLiteral: ()) { self = .null }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: Swift.max(0, width - count)) + self
  }
}
