/// What a command-line invocation printed and how it exited.
struct CommandResult: Equatable, Sendable {
  var exitCode: Int32
  var stdout: String = ""
  var stderr: String = ""

  static let success: Int32 = 0
  static let failure: Int32 = 1
  /// What `cmp` and `diff` exit with when they cannot compare: a missing or unreadable input.
  static let trouble: Int32 = 2
  /// EX_USAGE from sysexits.h, as swift-argument-parser uses for usage errors.
  static let usageFailure: Int32 = 64
}

/// Dispatches a root command with subcommands the way swift-argument-parser does.
///
/// - `-h`/`--help` anywhere before `--` prints the help of the command named so far and exits 0;
///   `help <subcommand>` prints the same text. With no arguments the root help is printed.
/// - `--version` prints the version (accepted by every command, as the root defines one).
/// - Usage errors print `Error:`, an optional `Help:` line and the usage to stderr, exit 64.
/// - A command's runtime failure prints one `Error:` line to stderr, exit 1; trouble (an input the
///   command cannot read at all) the same, exit 2.
/// - A first word that names no subcommand is a usage error, with a did-you-mean hint when close.
struct CommandRunner {
  var root: CommandSpec
  var version: String?
  var commands: [any FlipbookCommand.Type]
  /// Help is wrapped to this width (swift-argument-parser uses the terminal's, else 80).
  var screenWidth: Int = 80

  static let helpOption = OptionSpec.flag("help", short: "h", abstract: "Show help information.")
  static let versionOption = OptionSpec.flag("version", abstract: "Show the version.")

  func run(_ arguments: [String]) -> CommandResult {
    let (command, rest) = splitCommand(arguments)
    if command == nil, let first = firstWord(arguments), first == "help" {
      return helpCommand(arguments)
    }
    let formatter = formatter(for: command)
    let builtIns = formatter.builtIns
    let options = rest.prefix { $0 != "--" }
    if options.contains("-h") || options.contains("--help") {
      return CommandResult(exitCode: CommandResult.success, stdout: formatter.help + "\n")
    }
    if let version, options.contains("--version") {
      return CommandResult(exitCode: CommandResult.success, stdout: version + "\n")
    }

    if command == nil, !commands.isEmpty, let word = firstWord(arguments) {
      return usageFailure(unknownSubcommand(word), formatter)
    }
    let spec = command?.spec ?? root
    let parsed: ParsedArguments
    do {
      parsed = try CommandLineParser(spec: spec, builtIns: builtIns).parse(rest)
      try command?.validate(parsed)
    } catch {
      return usageFailure(error, formatter)
    }
    guard let command else {
      // The root does nothing itself: show what it offers.
      return CommandResult(exitCode: CommandResult.success, stdout: formatter.help + "\n")
    }
    return notingLeftovers(quiet: parsed.flag("quiet")) { outcome(of: command, parsed, formatter) }
  }

  /// What `command` printed and how it exited.
  private func outcome(
    of command: any FlipbookCommand.Type, _ parsed: ParsedArguments, _ formatter: HelpFormatter
  ) -> CommandResult {
    do {
      var output = try command.run(parsed)
      if !output.isEmpty && !output.hasSuffix("\n") { output += "\n" }
      return CommandResult(exitCode: CommandResult.success, stdout: output)
    } catch {
      switch error.kind {
      case .usage:
        return usageFailure(UsageError(error.message), formatter)
      case .answer:
        // An empty answer (`diff --quiet`) is told by the exit code alone.
        let report = error.message.isEmpty || error.message.hasSuffix("\n") ? error.message : error.message + "\n"
        return CommandResult(exitCode: CommandResult.failure, stdout: report)
      case .failure:
        return CommandResult(exitCode: CommandResult.failure, stderr: "Error: \(error.message)\n")
      case .trouble:
        return CommandResult(exitCode: CommandResult.trouble, stderr: "Error: \(error.message)\n")
      }
    }
  }

  /// The help and usage of the root (`nil`) or a subcommand.
  func formatter(for command: (any FlipbookCommand.Type)?) -> HelpFormatter {
    let builtIns = (version == nil ? [] : [Self.versionOption]) + [Self.helpOption]
    guard let command else {
      return HelpFormatter(
        commandPath: [root.name],
        spec: root,
        builtIns: builtIns,
        subcommands: commands.map { $0.spec },
        screenWidth: screenWidth
      )
    }
    return HelpFormatter(
      commandPath: [root.name, command.spec.name],
      spec: command.spec,
      builtIns: builtIns,
      screenWidth: screenWidth
    )
  }

  /// The subcommand named by the first word that is not an option, and the other arguments.
  private func splitCommand(
    _ arguments: [String]
  ) -> (command: (any FlipbookCommand.Type)?, rest: [String]) {
    guard let index = firstWordIndex(arguments),
      let command = commands.first(where: { $0.spec.name == arguments[index] })
    else { return (nil, arguments) }
    var rest = arguments
    rest.remove(at: index)
    return (command, rest)
  }

  /// `flipbook rendr x`: the word is no subcommand (the root takes no arguments), with a hint
  /// when it is a slip away from one.
  private func unknownSubcommand(_ word: String) -> UsageError {
    let names = commands.map { $0.spec.name }
    guard let suggestion = SpellingSuggestion.closest(to: word, among: names) else {
      return UsageError("unknown subcommand '\(word)'")
    }
    return UsageError("unknown subcommand '\(word)' (did you mean '\(suggestion)'?)")
  }

  private func firstWordIndex(_ arguments: [String]) -> Int? {
    for (index, argument) in arguments.enumerated() {
      if argument == "--" { return nil }
      if !CommandLineParser.looksLikeOption(argument) { return index }
    }
    return nil
  }

  private func firstWord(_ arguments: [String]) -> String? {
    firstWordIndex(arguments).map { arguments[$0] }
  }

  /// `flipbook help [<subcommand>]`: the help of the named command, or of the root when the
  /// name is missing or unknown (as swift-argument-parser's help command does).
  private func helpCommand(_ arguments: [String]) -> CommandResult {
    let names = arguments.filter { !CommandLineParser.looksLikeOption($0) }.dropFirst()
    let command = names.first.flatMap { name in commands.first { $0.spec.name == name } }
    return CommandResult(
      exitCode: CommandResult.success, stdout: formatter(for: command).help + "\n")
  }

  private func usageFailure(_ error: UsageError, _ formatter: HelpFormatter) -> CommandResult {
    var text = "Error: \(error.message)\n"
    if let help = error.help, !help.isEmpty {
      text += "Help:  \(help)\n"
    }
    text += "Usage: \(formatter.usage)\n"
    text += "  See '\(formatter.commandPath.joined(separator: " ")) --help' for more information.\n"
    return CommandResult(exitCode: CommandResult.usageFailure, stderr: text)
  }
}
