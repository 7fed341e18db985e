import FlipbookJSON
import FlipbookLayers
import Foundation
import Testing

@testable import FlipbookScene

/// The README's "Gesture scripts" section shows real scripts: every JSON block in it decodes, and "The
/// screen around the table" does what its prose says, with the error it quotes.
@Suite("README: gesture scripts and their bars")
struct ReadmeChromeTests {
  /// The text from `heading` to the next heading of the same or a higher level.
  static func section(_ heading: String) throws -> Substring {
    let readme = try ReadmeCustomViewTests.text("README.md")
    let start = try #require(readme.range(of: heading + "\n"))
    let level = heading.prefix { $0 == "#" }.count
    let rest = readme[start.upperBound...]
    let ends = (1...level).compactMap { rest.range(of: "\n" + String(repeating: "#", count: $0) + " ")?.lowerBound }
    return rest[..<(ends.min() ?? rest.endIndex)]
  }

  /// The section's ```json blocks.
  static func jsonBlocks(_ text: Substring) -> [String] {
    text.components(separatedBy: "```json\n").dropFirst().compactMap { $0.components(separatedBy: "```").first }
  }

  @Test("Every whole script in the Gesture scripts section decodes")
  func scriptsDecode() throws {
    let blocks = Self.jsonBlocks(try Self.section("## Gesture scripts"))
    #expect(blocks.count >= 2)
    for block in blocks {
      #expect(throws: Never.self) { try GestureScript.decode(Data(block.utf8)) }
    }
  }

  @Test("The bars' example: iOS 7 bars, a 64 pt inset the APL container takes, the content resting below them")
  func barsExample() throws {
    let section = try Self.section("### The screen around the table")
    let block = try #require(Self.jsonBlocks(section).first)
    let scene = try GestureScript.decode(Data(block.utf8))
    scene.advance(to: 0)
    #expect(scene.chrome?.style == .ios7)
    #expect(scene.scrollView.contentInset.top == 64 && scene.scrollView.contentOffset.y == -64)
    #expect(scene.root.layer(named: "statusBar") != nil)
    #expect((scene.root.layer(named: "navigationBar")?.layer(named: "title") as? TextLayer)?.string == "Inbox")
    #expect(scene.statusBar?.time == "9:41")
  }

  @Test("The error the section quotes is what a disagreeing topInset gives")
  func quotedError() throws {
    let section = try Self.section("### The screen around the table")
    let quoted = try #require(section.range(of: "(`$.refresh.topInset: ")).upperBound
    let end = try #require(section[quoted...].range(of: " …`)")).lowerBound
    let prefix = "$.refresh.topInset: " + section[quoted..<end].replacingOccurrences(of: "\n", with: " ")
    let block = try #require(Self.jsonBlocks(section).first)
    let broken = block.replacingOccurrences(of: ##""style": "apl""##, with: ##""style": "apl", "topInset": 44"##)
    do {
      _ = try GestureScript.decode(Data(broken.utf8))
      Issue.record("a topInset of 44 under 64 pt of bars decoded")
    } catch {
      #expect(error.description.hasPrefix(prefix), "\(error.description) does not start with \(prefix)")
    }
  }
}
