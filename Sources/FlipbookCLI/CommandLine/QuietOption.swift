extension OptionSpec {
  /// `-q, --quiet`, which every subcommand accepts so scripts can pass it to any of them: no progress
  /// bar, no warnings and no summary; errors are still printed and the exit code still tells the
  /// outcome. `abstract` says what that means for the command at hand.
  static func quiet(_ abstract: String) -> OptionSpec {
    .flag("quiet", short: "q", abstract: abstract)
  }
}
