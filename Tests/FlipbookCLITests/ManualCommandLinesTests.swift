import Foundation
import Testing

@testable import FlipbookCLI

/// Every flipbook command the README and the manual show in a code block is one the CLI accepts as written:
/// the lines of ```sh blocks and the `$ `-prompted lines of ```text blocks that run `flipbook`.
@Suite("README and manual: command lines")
struct ManualCommandLinesTests {
  /// The flipbook commands of a Markdown text, each as its words after `flipbook`.
  static func commands(in markdown: String) -> [[String]] {
    let sh = ManualText.blocks("sh", in: markdown).flatMap { $0.split(separator: "\n").map(String.init) }
    let text = ManualText.blocks("text", in: markdown).flatMap { $0.split(separator: "\n") }
      .filter { $0.hasPrefix("$ ") }.map { String($0.dropFirst(2)) }
    return (sh + text).compactMap { line -> [String]? in
      guard line.hasPrefix("flipbook ") else { return nil }
      // The shell's part (a comment, a redirection, `||`) is not the command's.
      let command = line.components(separatedBy: "  #")[0].components(separatedBy: " > ")[0]
        .components(separatedBy: " || ")[0]
      return command.split(separator: " ").dropFirst().map(String.init)
    }
  }

  @Test("Every flipbook command of the README and the manual parses and validates as written")
  func commandsParse() throws {
    var documents = try ManualText.articles()
    documents["README.md"] = try ManualText.file("README.md")
    var count = 0
    for (path, text) in documents.sorted(by: { $0.key < $1.key }) {
      for words in Self.commands(in: text) {
        count += 1
        let command = try #require(Flipbook.commands.first { $0.spec.name == words[0] }, "\(path): \(words)")
        #expect(throws: Never.self, "\(path): \(words)") {
          let parsed = try CommandLineParser(spec: command.spec).parse(Array(words.dropFirst()))
          try command.validate(parsed)
        }
      }
    }
    #expect(count >= 20)
  }

  @Test("Commands are read from sh lines and prompted text lines, without the shell's part")
  func extraction() {
    let markdown =
      "```sh\nflipbook render a.json -o b  # note\nls\n```\n```text\n$ flipbook diff a b --json > r.json\nout\n```\n"
    #expect(Self.commands(in: markdown) == [["render", "a.json", "-o", "b"], ["diff", "a", "b", "--json"]])
  }
}
