import FlipbookJSON
import FlipbookTiming

// MARK: - ManifestValue

/// A value in `manifest.json`: just the JSON the manifest needs, written deterministically so that two
/// renders of the same frames produce the same manifest byte for byte (Foundation's encoder neither keeps
/// key order nor formats numbers stably). Numbers and strings are written by FlipbookJSON's writer.
///
/// Numbers: whole numbers are written without a fraction (`12`, not `12.0`); others are rounded to 6
/// decimals with trailing zeros dropped (`0.016667`); non-finite numbers, which JSON cannot express, are
/// written as `null`.
public enum ManifestValue: Hashable, Sendable {
  /// A number (whole numbers written without a fraction, others to 6 decimals).
  case number(Double)
  /// A string, written as a JSON string literal.
  case string(String)
  /// A boolean (`true` or `false`).
  case bool(Bool)
  /// A list of numbers (a point's coordinates, an inset's edges).
  case numbers([Double])
  /// A list of names (a component's states).
  case strings([String])
  /// JSON's `null`: a missing value.
  case null

  /// The value as JSON text.
  public var json: String {
    switch self {
    case .number(let value): Self.format(value)
    case .string(let value): Self.quote(value)
    case .bool(let value): value ? "true" : "false"
    case .numbers(let values): "[" + values.map(Self.format).joined(separator: ", ") + "]"
    case .strings(let values): "[" + values.map(Self.quote).joined(separator: ", ") + "]"
    case .null: "null"
    }
  }

  /// The same value as FlipbookJSON's, for readers that take parsed JSON (a plot of frames that were
  /// simulated, not written).
  public var jsonValue: JSONValue {
    switch self {
    case .number(let value): .number(value)
    case .string(let value): .string(value)
    case .bool(let value): .bool(value)
    case .numbers(let values): .array(values.map(JSONValue.number))
    case .strings(let values): .array(values.map(JSONValue.string))
    case .null: .null
    }
  }

  /// An exact time or rate: a number when six decimals write it exactly (`60`, `0.35`, `29.97`), else
  /// the fraction as a string (`"1/3"`), which `Manifest`'s reader reads back exactly.
  public static func exact(_ value: Rational) -> ManifestValue {
    let millionths = value * Rational(1_000_000)
    return millionths.denominator == 1 ? .number(value.seconds) : .string(value.description)
  }

  /// A number as JSON: whole numbers without a fraction, others to 6 decimals (`JSONValue.format`).
  static func format(_ value: Double) -> String { JSONValue.format(value) }

  /// A string as a JSON string literal (`JSONValue.quote`).
  static func quote(_ string: String) -> String { JSONValue.quote(string) }
}

extension ManifestValue: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
  ExpressibleByBooleanLiteral, ExpressibleByNilLiteral
{
  /// A whole number written as a literal: `.number`.
  public init(integerLiteral value: Int) { self = .number(Double(value)) }
  /// A number written as a literal: `.number`.
  public init(floatLiteral value: Double) { self = .number(value) }
  /// A string written as a literal: `.string`.
  public init(stringLiteral value: String) { self = .string(value) }
  /// A boolean written as a literal: `.bool`.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  /// `nil` written as a literal: `.null`.
  public init(nilLiteral: ()) { self = .null }
}
