/// Parses one command's arguments against its `CommandSpec`, swift-argument-parser style.
///
/// Accepts `--name value`, `--name=value`, `-n value`, `-nvalue` (`-j2`), grouped short flags
/// (`-ab`, whose first value-taking member takes the rest of the word as its value, as getopt
/// does: `-qj2`), `-` as a value, and `--` to end options. A value option takes a following
/// negative number (`--at -1`) as its value rather than as an option, so range checks can name
/// it. Values are checked against their `ValueType` as they are read, so the first problem from
/// the left is reported; then extra arguments, then missing ones, in declaration order.
struct CommandLineParser {
  var spec: CommandSpec
  /// Options every command accepts (`--help`, `--version`); never suggested for typos.
  var builtIns: [OptionSpec] = []

  func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
    var parsed = ParsedArguments()
    var positionals: [String] = []
    var index = 0
    var optionsEnded = false

    func read(_ option: OptionSpec, typed: String, attached: String?) throws(UsageError) {
      guard let type = option.valueType else {
        if let attached { throw .unexpectedValue(typed, value: attached) }
        parsed.flags.insert(option.long)
        return
      }
      let value: String
      if let attached {
        value = attached
      } else if index < arguments.count, Self.canBeValue(arguments[index]) {
        value = arguments[index]
        index += 1
      } else {
        throw .missingValue(option, typed: typed)
      }
      guard type.accepts(value) else { throw .invalidValue(value, for: option, typed: typed) }
      parsed.values[option.long] = value
    }

    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || !Self.looksLikeOption(argument) {
        positionals.append(argument)
      } else if argument == "--" {
        optionsEnded = true
      } else if argument.hasPrefix("--") {
        let body = argument.dropFirst(2)
        let name: Substring
        let attached: String?
        if let equals = body.firstIndex(of: "=") {
          name = body[..<equals]
          attached = String(body[body.index(after: equals)...])
        } else {
          (name, attached) = (body, nil)
        }
        let typed = "--\(name)"
        guard let option = option(long: String(name)) else {
          throw .unknownOption(typed, suggestion: suggestion(for: typed))
        }
        try read(option, typed: typed, attached: attached)
      } else {
        // One short option, or a group of short flags; the first value-taking member takes
        // the rest of the word (`-j2`, `-qj2`) or, when it ends the word, the next argument.
        let letters = Array(argument.dropFirst())
        for (position, letter) in letters.enumerated() {
          let typed = "-\(letter)"
          guard let option = option(short: letter) else { throw .unknownOption(typed) }
          let rest = String(letters[(position + 1)...])
          if !option.isFlag && !rest.isEmpty {
            try read(option, typed: typed, attached: rest)
            break
          }
          try read(option, typed: typed, attached: nil)
        }
      }
    }

    for (argument, value) in zip(spec.arguments, positionals) {
      guard argument.type.accepts(value) else { throw .invalidValue(value, for: argument) }
      parsed.values[argument.name] = value
    }
    if let last = spec.arguments.last, last.isVariadic, positionals.count >= spec.arguments.count {
      let words = Array(positionals[(spec.arguments.count - 1)...])
      for word in words where !last.type.accepts(word) { throw .invalidValue(word, for: last) }
      parsed.lists[last.name] = words
      positionals.removeLast(words.count - 1)
    }
    if positionals.count > spec.arguments.count {
      throw .unexpectedArguments(Array(positionals[spec.arguments.count...]))
    }
    for argument in spec.arguments where !argument.isOptional && parsed.values[argument.name] == nil {
      throw .missingArgument(argument)
    }
    for option in spec.options where parsed.values[option.long] == nil {
      if let defaultValue = option.defaultValue {
        parsed.values[option.long] = defaultValue
      } else if option.isRequired {
        throw .missingOption(option)
      }
    }
    return parsed
  }

  /// Whether a word is an option rather than a value: `-x`, `--name`, `--`; not `-` or `foo`.
  static func looksLikeOption(_ argument: String) -> Bool {
    argument.hasPrefix("-") && argument != "-"
  }

  /// Whether the word after a value option is its value: anything but an option, and also a
  /// negative number (`-1`, `-0.5`), which no option is spelled like, so `--at -1` reaches the
  /// range check instead of failing as a missing value.
  static func canBeValue(_ argument: String) -> Bool {
    !looksLikeOption(argument) || isNegativeNumber(argument)
  }

  /// `-1`, `-0.5`, `-1e3`: a minus sign followed by a decimal number.
  static func isNegativeNumber(_ argument: String) -> Bool {
    guard argument.hasPrefix("-"), let first = argument.dropFirst().first else { return false }
    return (first.isNumber || first == ".") && Double(argument) != nil
  }

  private func option(long name: String) -> OptionSpec? {
    spec.option(long: name) ?? builtIns.first { $0.long == name }
  }

  private func option(short name: Character) -> OptionSpec? {
    spec.option(short: name) ?? builtIns.first { $0.short == name }
  }

  /// The declared long option the typo is close enough to, by `SpellingSuggestion`'s rule.
  private func suggestion(for typed: String) -> String? {
    SpellingSuggestion.closest(to: String(typed.dropFirst(2)), among: spec.options.map(\.long))
      .map { "--\($0)" }
  }
}
