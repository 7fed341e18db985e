import Testing

@testable import FlipbookCLI

/// Did-you-mean hints name only what is a small slip away.
@Suite struct SpellingSuggestionTests {
  static let renderOptions = ["output", "scale", "png", "at", "fps", "from", "to", "jobs", "quiet", "preview"]

  @Test(
    "Close slips are suggested",
    arguments: [
      ("ouptut", "output"), ("otput", "output"), ("scael", "scale"), ("fsp", "fps"), ("prevew", "preview"),
      ("quite", "quiet"), ("jbos", "jobs"),
    ])
  func closeSlips(typed: String, expected: String) {
    #expect(SpellingSuggestion.closest(to: typed, among: Self.renderOptions) == expected)
  }

  @Test(
    "Unrelated words get no suggestion",
    arguments: ["bogus", "frobnicate", "xyz", "t", "ot", "colour", "verbose"])
  func farWords(typed: String) {
    #expect(SpellingSuggestion.closest(to: typed, among: Self.renderOptions) == nil)
  }

  @Test func allowedEditsGrowWithTheLengthUpToTwo() {
    #expect((1...9).map(SpellingSuggestion.maximumEdits(forLength:)) == [0, 0, 1, 1, 1, 2, 2, 2, 2])
  }

  @Test func swappedNeighboursAreOneEdit() {
    #expect(SpellingSuggestion.editDistance("mdoe", "mode") == 1)
    #expect(SpellingSuggestion.editDistance("bogus", "jobs") == 3)
  }

  @Test func unknownOptionsThroughTheBinarysCommands() {
    let bogus = Flipbook.run(["render", "x.json", "-o", "x.png", "--bogus"])
    #expect(bogus.exitCode == 64)
    #expect(bogus.stderr.hasPrefix("Error: Unknown option '--bogus'\nUsage: "), "\(bogus.stderr)")
    let slip = Flipbook.run(["render", "x.json", "-o", "x.png", "--ouptut", "y"])
    #expect(slip.stderr.hasPrefix("Error: Unknown option '--ouptut'. Did you mean '--output'?\n"), "\(slip.stderr)")
  }

  @Test func unknownSubcommands() {
    let slip = Flipbook.run(["rendr", "x"])
    #expect(slip.exitCode == 64)
    #expect(
      slip.stderr.hasPrefix("Error: unknown subcommand 'rendr' (did you mean 'render'?)\nUsage: flipbook "),
      "\(slip.stderr)")
    #expect(
      Flipbook.run(["dif", "a", "b"]).stderr.hasPrefix("Error: unknown subcommand 'dif' (did you mean 'diff'?)\n"))
    let far = Flipbook.run(["bogus"])
    #expect(far.exitCode == 64)
    #expect(far.stderr.hasPrefix("Error: unknown subcommand 'bogus'\nUsage: "), "\(far.stderr)")
    #expect(Flipbook.run(["help", "rendr"]).exitCode == 0, "help of an unknown name shows the root's help")
  }
}
