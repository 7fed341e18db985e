/// The values the parser accepted, keyed by argument name or long option name.
///
/// Values have already been checked against their `ValueType`, so the typed accessors return
/// `nil` only when the argument or option is absent and has no default.
struct ParsedArguments: Sendable, Equatable {
  var values: [String: String] = [:]
  var flags: Set<String> = []
  /// Every word a variadic argument took, in order; its first is also in `values`.
  var lists: [String: [String]] = [:]

  func string(_ name: String) -> String? {
    values[name]
  }

  /// A required argument or option; the parser has already reported it if missing.
  func required(_ name: String) -> String {
    guard let value = values[name] else {
      preconditionFailure("'\(name)' is not a required argument of this command")
    }
    return value
  }

  /// The words of a variadic argument (empty when absent).
  func list(_ name: String) -> [String] {
    lists[name] ?? values[name].map { [$0] } ?? []
  }

  func integer(_ name: String) -> Int? {
    values[name].flatMap { Int($0) }
  }

  func number(_ name: String) -> Double? {
    values[name].flatMap { Double($0) }
  }

  func flag(_ name: String) -> Bool {
    flags.contains(name)
  }

  /// A `.choice` option read as a string enum.
  func value<T: RawRepresentable>(_ name: String, as type: T.Type = T.self) -> T?
  where T.RawValue == String {
    values[name].flatMap { T(rawValue: $0) }
  }
}
