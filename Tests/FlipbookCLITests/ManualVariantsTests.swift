import Foundation
import Testing

@testable import flipbook

/// The README's "Many variants on many machines" section shows real things: its JSON is the bundled
/// matrix's, the error it quotes is the one a misspelt key path gives, its CI recipe is valid YAML of the
/// promised shape (`.ci/recipe.py --validate`; `make recipe` runs the jobs), and every flipbook command
/// line in it is accepted as written.
@Suite("README: many variants on many machines")
struct ReadmeVariantsTests {
  static let repository = Workspace.examples.deletingLastPathComponent()
  static let haveYAML =
    FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
    && ((try? ExternalTool.capture(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", "import yaml"]).status) == 0)

  static func section() throws -> String {
    let readme = try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
    let start = try #require(readme.range(of: "## Many variants on many machines\n"))
    let rest = readme[start.upperBound...]
    return String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
  }

  static func blocks(_ kind: String, in text: String) -> [String] {
    text.components(separatedBy: "```\(kind)\n").dropFirst().compactMap { $0.components(separatedBy: "```").first }
  }

  @Test("The section's variants are the bundled matrix's, verbatim")
  func json() throws {
    let block = try #require(Self.blocks("json", in: try Self.section()).first)
    let example = try String(contentsOfFile: BatchRenderTests.matrix, encoding: .utf8)
    #expect(example.contains(block))
  }

  @Test("The error the section quotes is what the misspelt key path gives")
  func quotedError() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let document = workspace.path("ego.json")
    let text = try String(contentsOfFile: BatchRenderTests.matrix, encoding: .utf8)
      .replacingOccurrences(of: #""refresh.arrowColor""#, with: #""refresh.arowColor""#)
    try text.write(toFile: document, atomically: true, encoding: .utf8)
    let result = try FlipbookBinary.run(["render", document, "-o", workspace.path("out")])
    let line = result.stderr.replacingOccurrences(of: document, with: "ego.json").trimmingCharacters(in: .newlines)
    #expect(try Self.section().contains("`\(line)`"), "\(line)")
  }

  @Test("Both CI workflows are valid YAML of the shape the section describes", .enabled(if: haveYAML))
  func recipeIsValid() throws {
    let result = try ExternalTool.capture(
      URL(fileURLWithPath: "/usr/bin/python3"),
      [Self.repository.appendingPathComponent(".ci/recipe.py").path, "--validate"])
    #expect(result.status == 0, "\(String(decoding: result.stderr, as: UTF8.self))")
  }

  @Test("Every flipbook command of the section parses and validates as written")
  func commandsParse() throws {
    let section = try Self.section()
    let lines = (Self.blocks("yaml", in: section) + Self.blocks("sh", in: section)).flatMap {
      $0.split(separator: "\n").map(String.init)
    }
    let commands = lines.compactMap { line -> [String]? in
      guard let start = line.range(of: "flipbook ") else { return nil }
      // The shell's part (a redirection, `||`) is not the command's.
      let command = line[start.lowerBound...].components(separatedBy: " > ")[0].components(separatedBy: " || ")[0]
      return
        command
        .replacingOccurrences(of: "${{ matrix.shard }}", with: "2")
        .replacingOccurrences(of: "$CI_NODE_INDEX/$CI_NODE_TOTAL", with: "2/4")
        .split(separator: " ").dropFirst().map(String.init)
    }
    #expect(commands.count >= 7)
    for words in commands {
      let command = try #require(Flipbook.commands.first { $0.spec.name == words[0] }, "\(words)")
      #expect(throws: Never.self, "\(words)") {
        let parsed = try CommandLineParser(spec: command.spec).parse(Array(words.dropFirst()))
        try command.validate(parsed)
      }
    }
  }
}
