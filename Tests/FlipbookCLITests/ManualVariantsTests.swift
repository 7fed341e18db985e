import Foundation
import Testing

@testable import FlipbookCLI

/// The manual's "Variants and shards" article shows real things: its JSON is the bundled matrix's, and the
/// error it quotes is the one a misspelt key path gives.
@Suite("Manual: variants and shards")
struct ManualVariantsTests {
  static let haveYAML =
    FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
    && ((try? ExternalTool.capture(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", "import yaml"]).status) == 0)

  @Test("The article's variants are the bundled matrix's, verbatim")
  func json() throws {
    let block = try #require(ManualText.blocks("json", in: try ManualText.article("VariantsAndShards")).first)
    let example = try String(contentsOfFile: BatchRenderTests.matrix, encoding: .utf8)
    #expect(example.contains(block))
  }

  @Test("The error the article quotes is what the misspelt key path gives")
  func quotedError() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let document = workspace.path("ego.json")
    let text = try String(contentsOfFile: BatchRenderTests.matrix, encoding: .utf8)
      .replacingOccurrences(of: #""refresh.arrowColor""#, with: #""refresh.arowColor""#)
    try text.write(toFile: document, atomically: true, encoding: .utf8)
    let result = try FlipbookBinary.run(["render", document, "-o", workspace.path("out")])
    let line = result.stderr.replacingOccurrences(of: document, with: "ego.json").trimmingCharacters(in: .newlines)
    #expect(try ManualText.article("VariantsAndShards").contains("`\(line)`"), "\(line)")
  }

  @Test("The CI recipes' workflows are valid YAML of the shape they promise", .enabled(if: haveYAML))
  func recipeIsValid() throws {
    let result = try ExternalTool.capture(
      URL(fileURLWithPath: "/usr/bin/python3"),
      [ManualText.repository.appendingPathComponent(".ci/recipe.py").path, "--validate"])
    #expect(result.status == 0, "\(String(decoding: result.stderr, as: UTF8.self))")
  }
}
