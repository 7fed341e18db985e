/// A `flipbook` subcommand.
///
/// To add one, write a type conforming to this protocol in `Sources/FlipbookCLI/Commands/` and add
/// it to `Flipbook.commands`. The parser, help, `flipbook help <name>` and error reporting come
/// from `spec`.
protocol FlipbookCommand {
  /// The command's name, help text, arguments and options.
  static var spec: CommandSpec { get }

  /// Checks what the value types cannot express (ranges, combinations). A thrown `UsageError`
  /// is reported with the usage lines and exit code 64. The default accepts everything.
  static func validate(_ arguments: ParsedArguments) throws(UsageError)

  /// Does the work and returns the text for stdout (a newline is added if missing).
  static func run(_ arguments: ParsedArguments) throws(ActionFailure) -> String
}

extension FlipbookCommand {
  static func validate(_ arguments: ParsedArguments) throws(UsageError) {}
}
