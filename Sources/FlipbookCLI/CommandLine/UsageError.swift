/// A mistake in the command line: reported as `Error:`, optional `Help:`, then the usage, exit 64.
///
/// Messages match swift-argument-parser's wording.
struct UsageError: Error, Equatable {
  var message: String
  /// The `Help:  <label>  <abstract>` line's text after `Help:  `, when the error is about one
  /// argument or option.
  var help: String?

  init(_ message: String, help: String? = nil) {
    self.message = message
    self.help = help
  }

  static func unknownOption(_ typed: String, suggestion: String? = nil) -> UsageError {
    if let suggestion {
      return UsageError("Unknown option '\(typed)'. Did you mean '\(suggestion)'?")
    }
    return UsageError("Unknown option '\(typed)'")
  }

  static func missingValue(_ option: OptionSpec, typed: String) -> UsageError {
    UsageError(
      "Missing value for '\(option.synopsis(typed: typed))'",
      help: "\(option.synopsis(typed: typed))  \(option.abstract)"
    )
  }

  static func unexpectedValue(_ typed: String, value: String) -> UsageError {
    UsageError("The option '\(typed)' does not take any value, but '\(value)' was specified.")
  }

  static func invalidValue(_ value: String, for option: OptionSpec, typed: String) -> UsageError {
    let label = option.synopsis(typed: typed)
    return UsageError(
      "The value '\(value)' is invalid for '\(label)'"
        + allowedList(option.valueType?.allowedValues ?? []),
      help: "\(label)  \(option.abstract)"
    )
  }

  static func invalidValue(_ value: String, for argument: ArgumentSpec) -> UsageError {
    if argument.type == .path {
      // As for an empty `-o`: the argument's name says all there is to say.
      return UsageError("\(argument.synopsis) must be a path, not empty")
    }
    return UsageError(
      "The value '\(value)' is invalid for '\(argument.synopsis)'"
        + allowedList(argument.type.allowedValues),
      help: "\(argument.synopsis)  \(argument.abstract)"
    )
  }

  static func missingArgument(_ argument: ArgumentSpec) -> UsageError {
    UsageError(
      "Missing expected argument '\(argument.synopsis)'",
      help: "\(argument.synopsis)  \(argument.abstract)"
    )
  }

  static func missingOption(_ option: OptionSpec) -> UsageError {
    UsageError(
      "Missing expected argument '\(option.synopsis)'",
      help: "\(option.synopsis)  \(option.abstract)"
    )
  }

  static func unexpectedArguments(_ values: [String]) -> UsageError {
    if values.count == 1 {
      return UsageError("Unexpected argument '\(values[0])'")
    }
    let list = values.joined(separator: "', '")
    return UsageError("\(values.count) unexpected arguments: '\(list)'")
  }

  /// `. Please provide one of 'a' and 'b'.`, or a bulleted list for six or more values.
  private static func allowedList(_ values: [String]) -> String {
    guard !values.isEmpty else { return "" }
    guard values.count < 6 else {
      let bullets = values.map { "  - \($0)" }.joined(separator: "\n")
      return ". Please provide one of the following:\n\(bullets)"
    }
    let quoted = values.map { "'\($0)'" }
    let list =
      quoted.count <= 2
      ? quoted.joined(separator: " and ")
      : quoted.dropLast().joined(separator: ", ") + " or \(quoted[quoted.count - 1])"
    return ". Please provide one of \(list)."
  }
}
