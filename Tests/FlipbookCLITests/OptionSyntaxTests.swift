import Testing

@testable import FlipbookCLI

/// The spellings a user may type for a value: attached to a short name, after `=`, negative.
@Suite struct OptionSyntaxTests {
  static let spec = CommandSpec(
    name: "demo",
    abstract: "A demo command.",
    arguments: [ArgumentSpec("input", abstract: "The input.")],
    options: [
      .value("jobs", short: "j", abstract: "Threads.", type: .integer),
      .value("at", abstract: "A time.", type: .number),
      .value("label", short: "l", abstract: "A label."),
      .flag("quiet", short: "q", abstract: "Talk less."),
      .flag("verbose", short: "v", abstract: "Talk more."),
    ]
  )

  func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
    try CommandLineParser(spec: Self.spec).parse(arguments)
  }

  func error(_ arguments: [String]) -> UsageError? {
    CommandLineParser(spec: Self.spec).error(arguments)
  }

  @Test(
    "Every value option takes its value attached, after =, or as the next word",
    arguments: [["in", "-j2"], ["in", "--jobs=2"], ["in", "-j", "2"], ["in", "--jobs", "2"], ["-j2", "in"]])
  func jobsSpellings(arguments: [String]) throws {
    #expect(try parse(arguments) == ParsedArguments(values: ["input": "in", "jobs": "2"]))
  }

  @Test func attachedValueIsTheWholeRestOfTheWord() throws {
    #expect(try parse(["in", "-lhello"]).string("label") == "hello")
    #expect(try parse(["in", "-l-x"]).string("label") == "-x")
  }

  @Test func attachedValueIsTypeChecked() {
    #expect(
      error(["in", "-jx"])
        == UsageError("The value 'x' is invalid for '-j <jobs>'", help: "-j <jobs>  Threads."))
  }

  @Test func flagsStillStandAloneAndGroup() throws {
    #expect(try parse(["in", "-q"]).flags == ["quiet"])
    #expect(try parse(["in", "-qv"]).flags == ["quiet", "verbose"])
    let grouped = try parse(["in", "-qj2"])
    #expect(grouped.flags == ["quiet"] && grouped.integer("jobs") == 2)
  }

  @Test(
    "A negative number after a value option is its value",
    arguments: [
      (["--at", "-1"], "at", "-1"), (["--at", "-0.5"], "at", "-0.5"), (["-j", "-3"], "jobs", "-3"),
      (["--label", "-1"], "label", "-1"), (["--at", "-.5"], "at", "-.5"), (["--at", "-1e3"], "at", "-1e3"),
    ])
  func negativeNumbers(arguments: [String], name: String, value: String) throws {
    #expect(try parse(["in"] + arguments).string(name) == value)
  }

  @Test func aWordThatIsAnOptionIsStillNotAValue() {
    #expect(
      error(["in", "--at", "-q"])
        == UsageError("Missing value for '--at <at>'", help: "--at <at>  A time."))
    #expect(
      error(["in", "--label", "--quiet"])
        == UsageError("Missing value for '--label <label>'", help: "--label <label>  A label."))
  }

  @Test func negativeNumberRecognition() {
    for word in ["-1", "-0.5", "-.5", "-1e3", "-42"] { #expect(CommandLineParser.isNegativeNumber(word)) }
    for word in ["-", "-q", "--1", "-inf", "-nan", "1", "-1x"] { #expect(!CommandLineParser.isNegativeNumber(word)) }
  }
}
