import FlipbookJSON
import FlipbookLayers
import Foundation
import Testing

@testable import FlipbookScene

/// The manual's "Gesture scripts" article shows real scripts: every JSON block in it decodes, and "The screen
/// around the table" does what its prose says, with the error it quotes.
@Suite("Manual: gesture scripts and their bars")
struct ManualGestureScriptsTests {
  @Test("Every whole script in the Gesture scripts article decodes")
  func scriptsDecode() throws {
    let blocks = ManualText.jsonBlocks(try ManualText.article("GestureScripts"))
    #expect(blocks.count >= 2)
    for block in blocks {
      #expect(throws: Never.self) { try GestureScript.decode(Data(block.utf8)) }
    }
  }

  @Test("The bars' example: iOS 7 bars, a 64 pt inset the APL container takes, the content resting below them")
  func barsExample() throws {
    let section = try ManualText.section("## The screen around the table", in: try ManualText.article("GestureScripts"))
    let block = try #require(ManualText.jsonBlocks(section).first)
    let scene = try GestureScript.decode(Data(block.utf8))
    scene.advance(to: 0)
    #expect(scene.chrome?.style == .ios7)
    #expect(scene.scrollView.contentInset.top == 64 && scene.scrollView.contentOffset.y == -64)
    #expect(scene.root.layer(named: "statusBar") != nil)
    #expect((scene.root.layer(named: "navigationBar")?.layer(named: "title") as? TextLayer)?.string == "Inbox")
    #expect(scene.statusBar?.time == "9:41")
  }

  @Test("The error the article quotes is what a disagreeing topInset gives")
  func quotedError() throws {
    let section = try ManualText.section("## The screen around the table", in: try ManualText.article("GestureScripts"))
    let quoted = try #require(section.range(of: "(`$.refresh.topInset: ")).upperBound
    let end = try #require(section[quoted...].range(of: " …`)")).lowerBound
    let prefix = "$.refresh.topInset: " + section[quoted..<end].replacingOccurrences(of: "\n", with: " ")
    let block = try #require(ManualText.jsonBlocks(section).first)
    let broken = block.replacingOccurrences(of: ##""style": "apl""##, with: ##""style": "apl", "topInset": 44"##)
    do {
      _ = try GestureScript.decode(Data(broken.utf8))
      Issue.record("a topInset of 44 under 64 pt of bars decoded")
    } catch {
      #expect(error.description.hasPrefix(prefix), "\(error.description) does not start with \(prefix)")
    }
  }

  @Test("The README's tour shows examples/scripts/ego/full-refresh.json, complete")
  func readmeScriptIsTheExample() throws {
    let shown = try #require(ManualText.jsonBlocks(try ManualText.file("README.md")).first)
    let example = try ManualText.file("examples/scripts/ego/full-refresh.json")
    #expect(try JSONParser.parse(Data(shown.utf8)) == JSONParser.parse(Data(example.utf8)))
  }

  @Test("The README's schema example is a gesture script the loader accepts, $schema key and all")
  func readmeSchemaExampleDecodes() throws {
    let section = try ManualText.section("## JSON Schemas for your editor", in: try ManualText.file("README.md"))
    let block = try #require(ManualText.jsonBlocks(section).first)
    #expect(block.contains("\"$schema\""))
    #expect(throws: Never.self) { try GestureScript.decode(Data(block.utf8)) }
  }
}
