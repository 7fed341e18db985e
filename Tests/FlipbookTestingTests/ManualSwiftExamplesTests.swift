import Foundation
import Testing

/// The README's Swift must compile and pass: every ```swift block of README.md must be a verbatim copy of
/// code in `examples/consumer`, which `make test` builds and runs (see `examples/consumer/verify.sh`).
@Suite("README examples")
struct ReadmeExamplesTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  @Test("Every Swift block of the README appears verbatim in examples/consumer")
  func blocksAreInTheConsumer() throws {
    let readme = try String(contentsOf: Self.repository.appendingPathComponent("README.md"), encoding: .utf8)
    let blocks = Self.swiftBlocks(in: readme)
    #expect(blocks.count >= 4, "the README's Swift blocks were not found")
    let sources = try Self.consumerSources()
    #expect(!sources.isEmpty)
    for block in blocks {
      #expect(
        sources.contains { $0.contains(block) },
        "This README block is not in any file of examples/consumer, so nothing compiles it:\n\(block)")
    }
  }

  @Test("Block extraction takes the text between ```swift and the closing fence, indentation and all")
  func extraction() {
    let text = "a\n```swift\nlet x = 1\n```\nb\n  ```swift\n  let y = 2\n  ```\n```sh\nls\n```\n"
    #expect(Self.swiftBlocks(in: text) == ["let x = 1\n", "  let y = 2\n"])
  }

  /// The contents of the ```swift fenced blocks, each ending with a newline.
  static func swiftBlocks(in markdown: String) -> [String] {
    var blocks: [String] = []
    var current: [Substring]?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.drop { $0 == " " }
      if current == nil, trimmed == "```swift" {
        current = []
      } else if var lines = current {
        if trimmed == "```" {
          blocks.append(lines.map { $0 + "\n" }.joined())
          current = nil
        } else {
          lines.append(line)
          current = lines
        }
      }
    }
    return blocks
  }

  /// Every Swift file of the consumer package, its build folder left out.
  static func consumerSources() throws -> [String] {
    let root = repository.appendingPathComponent("examples/consumer")
    guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
    var sources: [String] = []
    for case let url as URL in walker {
      if url.lastPathComponent == ".build" {
        walker.skipDescendants()
      } else if url.pathExtension == "swift" {
        sources.append(try String(contentsOf: url, encoding: .utf8))
      }
    }
    return sources
  }
}
