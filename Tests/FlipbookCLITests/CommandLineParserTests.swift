import Testing

@testable import FlipbookCLI

/// The parser, help formatter and runner in-process, through `@testable import FlipbookCLI`.
@Suite struct CommandLineParserTests {
  static let spec = CommandSpec(
    name: "demo",
    abstract: "A demo command.",
    arguments: [
      ArgumentSpec("input", abstract: "The input."),
      ArgumentSpec("count", abstract: "How many.", type: .integer, isOptional: true),
    ],
    options: [
      .value("output", short: "o", abstract: "The output.", isRequired: true),
      .value(
        "mode", short: "m", abstract: "The mode.", type: .choice(["a", "b"]), defaultValue: "a"),
      .value("ratio", abstract: "A ratio.", type: .number),
      .flag("verbose", short: "v", abstract: "Talk more."),
      .flag("quiet", short: "q", abstract: "Talk less."),
    ]
  )

  func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
    try CommandLineParser(spec: Self.spec).parse(arguments)
  }

  func error(_ arguments: [String]) -> UsageError? {
    CommandLineParser(spec: Self.spec).error(arguments)
  }

  @Test(arguments: [
    ["in", "--output", "out"], ["in", "--output=out"], ["in", "-o", "out"], ["-o", "out", "in"],
    ["--output", "out", "--", "in"],
  ])
  func optionSpellings(arguments: [String]) throws {
    let parsed = try parse(arguments)
    #expect(parsed == ParsedArguments(values: ["input": "in", "output": "out", "mode": "a"]))
  }

  @Test func typedAccessors() throws {
    let parsed = try parse(["in", "7", "-o", "out", "--mode=b", "--ratio", "1.5", "-v"])
    #expect(parsed.required("input") == "in")
    #expect(parsed.integer("count") == 7)
    #expect(parsed.number("ratio") == 1.5)
    #expect(parsed.string("mode") == "b")
    #expect(parsed.flag("verbose"))
    #expect(!parsed.flag("quiet"))
    enum Mode: String { case a, b }
    #expect(parsed.value("mode", as: Mode.self) == .b)
  }

  @Test func lastOccurrenceWins() throws {
    #expect(try parse(["in", "-o", "one", "--output", "two"]).string("output") == "two")
  }

  @Test func dashIsAValue() throws {
    #expect(try parse(["-", "-o", "-"]).values == ["input": "-", "output": "-", "mode": "a"])
  }

  @Test func equalsValueMayBeEmptyOrStartWithDash() throws {
    #expect(try parse(["in", "--output=-x"]).string("output") == "-x")
    #expect(try parse(["in", "--output="]).string("output") == "")
  }

  @Test func groupedShortFlags() throws {
    let parsed = try parse(["in", "-vqo", "out"])
    #expect(parsed.flags == ["verbose", "quiet"])
    #expect(parsed.string("output") == "out")
  }

  @Test func valueOptionInsideGroupTakesTheRestOfTheWord() throws {
    // As getopt reads it: `-ov` is `-o v`, so the word after it is the next positional.
    let parsed = try parse(["in", "-ov", "3"])
    #expect(parsed.string("output") == "v" && parsed.integer("count") == 3 && !parsed.flag("verbose"))
  }

  @Test func errors() {
    #expect(error(["in", "-o", "out", "--frobnicate"])?.message == "Unknown option '--frobnicate'")
    #expect(
      error(["in", "-o", "out", "--mdoe", "a"])?.message
        == "Unknown option '--mdoe'. Did you mean '--mode'?")
    #expect(error(["in", "-o", "out", "-z"])?.message == "Unknown option '-z'")
    #expect(
      error(["in", "-o"])
        == UsageError("Missing value for '-o <output>'", help: "-o <output>  The output."))
    #expect(
      error(["in", "-o", "out", "--mode", "c"])
        == UsageError(
          "The value 'c' is invalid for '--mode <mode>'. Please provide one of 'a' and 'b'.",
          help: "--mode <mode>  The mode."))
    #expect(
      error(["in", "x", "-o", "out"])
        == UsageError("The value 'x' is invalid for '<count>'", help: "<count>  How many."))
    #expect(
      error(["-o", "out"])
        == UsageError("Missing expected argument '<input>'", help: "<input>  The input."))
    #expect(
      error(["in"])
        == UsageError(
          "Missing expected argument '--output <output>'", help: "--output <output>  The output."))
    #expect(error(["in", "1", "2", "-o", "out"])?.message == "Unexpected argument '2'")
    #expect(
      error(["in", "-o", "out", "-v=1"])?.message == "Unknown option '-='")
    #expect(
      error(["in", "-o", "out", "--verbose=1"])?.message
        == "The option '--verbose' does not take any value, but '1' was specified.")
  }

  @Test func firstProblemFromTheLeftWins() {
    #expect(error(["--frobnicate", "--mode", "c"])?.message == "Unknown option '--frobnicate'")
    #expect(error(["--mode", "c", "--frobnicate"])?.message.hasPrefix("The value 'c'") == true)
  }

  @Test func manyChoicesAreBulleted() {
    let spec = CommandSpec(
      name: "x", abstract: "",
      options: [.value("k", abstract: "K.", type: .choice(["1", "2", "3", "4", "5", "6"]))])
    #expect(
      throws: UsageError(
        """
        The value '9' is invalid for '--k <k>'. Please provide one of the following:
          - 1
          - 2
          - 3
          - 4
          - 5
          - 6
        """,
        help: "--k <k>  K.")
    ) {
      try CommandLineParser(spec: spec).parse(["--k", "9"])
    }
  }

  @Test func editDistance() {
    #expect(SpellingSuggestion.editDistance("kitten", "sitting") == 3)
    #expect(SpellingSuggestion.editDistance("bar", "baz") == 1)
    #expect(SpellingSuggestion.editDistance("", "abc") == 3)
    #expect(SpellingSuggestion.editDistance("--foo", "--help") == 4)
  }
}

@Suite struct HelpFormatterTests {
  @Test func wrapsLikeSwiftArgumentParser() {
    // A chunk that ends exactly before a space still breaks at the space before it.
    #expect(HelpFormatter.wrap("aaa bbb ccc", width: 7) == "aaa\nbbb ccc")
    #expect(HelpFormatter.wrap("aaa bbb ccc", width: 8) == "aaa bbb\nccc")
    #expect(HelpFormatter.wrap("aaaaaaaaaa bb", width: 5) == "aaaaaaaaaa\nbb")
    #expect(HelpFormatter.wrap("a\n\nb", width: 80, indent: 2) == "  a\n\n  b")
    #expect(HelpFormatter.wrap("one two", width: 10, indent: 4) == "    one\n    two")
  }

  @Test func longLabelsPutHelpOnTheNextLine() {
    let spec = CommandSpec(
      name: "x", abstract: "",
      options: [.value("a-very-long-option-name", abstract: "Help.")])
    let help = HelpFormatter(commandPath: ["tool", "x"], spec: spec).help
    #expect(
      help == """
        USAGE: tool x [--a-very-long-option-name <a-very-long-option-name>]

        OPTIONS:
          --a-very-long-option-name <a-very-long-option-name>
                                  Help.

        """)
  }

  @Test func discussionFollowsTheAbstract() {
    let spec = CommandSpec(name: "x", abstract: "Does x.", discussion: "More about x.")
    #expect(
      HelpFormatter(commandPath: ["tool", "x"], spec: spec).help == """
        OVERVIEW: Does x.

        More about x.

        USAGE: tool x


        """)
  }

  @Test func descriptions() {
    #expect(HelpFormatter.description("A.", values: [], default: nil) == "A.")
    #expect(HelpFormatter.description("A.", values: [], default: "1") == "A. (default: 1)")
    #expect(
      HelpFormatter.description("A.", values: ["x", "y"], default: nil) == "A. (values: x, y)")
    #expect(
      HelpFormatter.description("A.", values: ["x", "y"], default: "x")
        == "A. (values: x, y; default: x)")
  }

  @Test func usageCollapsesMoreThanTwelveOptionalOptions() {
    let options = (1...13).map { OptionSpec.flag("f\($0)", abstract: "") }
    let spec = CommandSpec(
      name: "x", abstract: "", arguments: [ArgumentSpec("in", abstract: "")], options: options)
    #expect(
      HelpFormatter(commandPath: ["tool", "x"], spec: spec).usage == "tool x [<options>] <in>")
  }

  @Test func helpWrapsToTheScreenWidth() {
    let narrow = Flipbook.run(["--help"], screenWidth: 60).stdout
    #expect(narrow.hasPrefix("OVERVIEW: Renders iOS pull-to-refresh animations as frames,\nwith"))
    #expect(narrow.split(separator: "\n").allSatisfy { $0.count <= 60 })
  }
}

/// The runner with stand-in commands, so the failure paths need no scene or renderer.
@Suite struct CommandRunnerTests {
  enum Echo: FlipbookCommand {
    static let spec = CommandSpec(
      name: "echo", abstract: "Echoes.", arguments: [ArgumentSpec("text", abstract: "Text.")])

    static func validate(_ arguments: ParsedArguments) throws(UsageError) {
      if arguments.required("text") == "invalid" { throw UsageError("Text must be valid.") }
    }

    static func run(_ arguments: ParsedArguments) throws(ActionFailure) -> String {
      switch arguments.required("text") {
      case "crash": throw ActionFailure("It broke.")
      case "misuse": throw ActionFailure("Wrong use.", isUsage: true)
      case let text: return text
      }
    }
  }

  let runner = CommandRunner(
    root: CommandSpec(name: "tool", abstract: "A tool."), version: "9.9", commands: [Echo.self])

  static let echoUsage = """
    Usage: tool echo <text>
      See 'tool echo --help' for more information.

    """

  @Test func success() {
    #expect(runner.run(["echo", "hi"]) == CommandResult(exitCode: 0, stdout: "hi\n"))
    #expect(runner.run(["echo", "hi\n"]) == CommandResult(exitCode: 0, stdout: "hi\n"))
    #expect(runner.run(["echo", ""]) == CommandResult(exitCode: 0, stdout: ""))
  }

  @Test func runtimeFailureIsOneLineAndExitsOne() {
    #expect(
      runner.run(["echo", "crash"]) == CommandResult(exitCode: 1, stderr: "Error: It broke.\n"))
  }

  @Test func usageFailureFromTheActionShowsUsage() {
    #expect(
      runner.run(["echo", "misuse"])
        == CommandResult(exitCode: 64, stderr: "Error: Wrong use.\n" + Self.echoUsage))
  }

  @Test func validationFailure() {
    #expect(
      runner.run(["echo", "invalid"])
        == CommandResult(exitCode: 64, stderr: "Error: Text must be valid.\n" + Self.echoUsage))
  }

  @Test func rootWithoutVersionHasNoVersionOption() {
    let runner = CommandRunner(
      root: CommandSpec(name: "tool", abstract: ""), version: nil, commands: [Echo.self])
    #expect(
      runner.run([]).stdout == """
        USAGE: tool <subcommand>

        OPTIONS:
          -h, --help              Show help information.

        SUBCOMMANDS:
          echo                    Echoes.

          See 'tool help <subcommand>' for detailed help.

        """)
    #expect(runner.run(["--version"]).exitCode == 64)
  }

  @Test func flipbookListsItsCommands() {
    #expect(
      Flipbook.commands.map { $0.spec.name } == [
        "render", "watch", "inspect", "preview", "plot", "diff", "snapshots", "schema",
      ])
    #expect(Flipbook.version == "0.1.0")
  }
}
