import Foundation
import Testing

/// The README's tour prints what the command prints: its first render's closing line, timings aside.
@Suite("README: the tour")
struct ReadmeTourTests {
  @Test("The tour's render prints the line the README shows")
  func renderLine() throws {
    let readme = try ManualText.file("README.md")
    let block = try #require(ManualText.blocks("text", in: readme).first)
    let lines = block.split(separator: "\n").map(String.init)
    let command = try #require(lines.first)
    #expect(command == "$ flipbook render examples/scripts/ego/full-refresh.json -o out/ego")
    let shown = try #require(lines.dropFirst().first)

    let workspace = try Workspace()
    defer { workspace.remove() }
    try FileManager.default.createDirectory(atPath: workspace.path("out"), withIntermediateDirectories: true)
    let document = Workspace.examples.appendingPathComponent("scripts/ego/full-refresh.json").path
    let result = try FlipbookBinary.run(["render", document, "-o", "out/ego"], in: workspace.url.path)
    #expect(result.exitCode == 0, "\(result)")
    let mask = { (line: String) in
      line.replacingOccurrences(
        of: #"in [0-9.]+ s, [0-9]+ frames/s"#, with: "in T s, F frames/s", options: .regularExpression)
    }
    #expect(mask(result.stdout.trimmingCharacters(in: .newlines)) == mask(shown))
  }
}
