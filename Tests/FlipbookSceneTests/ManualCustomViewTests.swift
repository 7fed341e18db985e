import FlipbookJSON
import Foundation
import Testing

@testable import FlipbookScene

/// The README's "Your own refresh view" section shows real things: its JSON is the bundled example's
/// `refresh` object, and the error it quotes is the one that example's sibling gives.
@Suite("README: your own refresh view")
struct ReadmeCustomViewTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func text(_ path: String) throws -> String {
    try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
  }

  /// The section: from its heading to the next one of the same level.
  static func section() throws -> Substring {
    let readme = try text("README.md")
    let start = try #require(readme.range(of: "## Your own refresh view\n"))
    let rest = readme[start.upperBound...]
    return rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)]
  }

  @Test("The section's JSON is examples/custom/pull-bar.json's refresh object, key for key")
  func jsonIsTheExample() throws {
    let section = try Self.section()
    let open = try #require(section.range(of: "```json\n"))
    let close = try #require(section[open.upperBound...].range(of: "```"))
    let block = "{" + section[open.upperBound..<close.lowerBound] + "}"
    let shown = try JSONParser.parse(Data(block.utf8))
    let example = try JSONParser.parse(Data(try Self.text("examples/custom/pull-bar.json").utf8))
    #expect(shown["refresh"] != nil)
    #expect(shown["refresh"] == example["refresh"])
  }

  @Test("The error the section quotes is what a misspelt property in the progress ring gives")
  func quotedErrorIsReal() throws {
    let section = try Self.section()
    let quoted = try #require(section.range(of: "`Error: ring.json: ")).upperBound
    let end = try #require(section[quoted...].range(of: "`)")).lowerBound
    let message = section[quoted..<end].replacingOccurrences(of: "\n", with: " ")
    let ring = try Self.text("examples/custom/progress-ring.json")
    let misspelt = try #require(ring.range(of: "\"property\": \"strokeEnd\""))
    let broken = ring.replacingCharacters(in: misspelt, with: "\"property\": \"strokeEnds\"")
    #expect(throws: DocumentError.self) { try GestureScript.decode(Data(broken.utf8)) }
    do {
      _ = try GestureScript.decode(Data(broken.utf8))
    } catch {
      #expect(error.description == message)
    }
  }
}
