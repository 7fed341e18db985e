import Foundation
import Testing

/// The documentation's Swift must compile and pass: every ```swift block of README.md and of every article of
/// the DocC catalogs (`Sources/*/*.docc`) must be a verbatim copy of code in `examples/consumer`, which
/// `make test` builds and runs (see `examples/consumer/verify.sh`).
@Suite("Swift in the README and the manual")
struct ManualSwiftExamplesTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  @Test("Every Swift block of the README and the manual appears verbatim in examples/consumer")
  func blocksAreInTheConsumer() throws {
    let documents = try Self.documents()
    #expect(documents.keys.contains("README.md"))
    #expect(documents.keys.contains { $0.hasPrefix("Sources/Flipbook/Flipbook.docc/") })
    #expect(documents.keys.contains { $0.hasPrefix("Sources/FlipbookTesting/FlipbookTesting.docc/") })
    let sources = try Self.consumerSources()
    #expect(!sources.isEmpty)
    var count = 0
    for (path, text) in documents.sorted(by: { $0.key < $1.key }) {
      for block in Self.swiftBlocks(in: text) {
        count += 1
        #expect(
          sources.contains { $0.contains(block) },
          "This block of \(path) is not in any file of examples/consumer, so nothing compiles it:\n\(block)")
      }
    }
    #expect(count >= 8, "the documentation's Swift blocks were not found")
  }

  @Test("Block extraction takes the text between ```swift and the closing fence, indentation and all")
  func extraction() {
    let text = "a\n```swift\nlet x = 1\n```\nb\n  ```swift\n  let y = 2\n  ```\n```sh\nls\n```\n"
    #expect(Self.swiftBlocks(in: text) == ["let x = 1\n", "  let y = 2\n"])
  }

  /// README.md and every Markdown file of a DocC catalog under `Sources`, by path from the repository.
  static func documents() throws -> [String: String] {
    var documents = [
      "README.md": try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
    ]
    let sources = repository.appendingPathComponent("Sources")
    guard let walker = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil) else {
      return documents
    }
    for case let url as URL in walker
    where url.pathExtension == "md" && url.pathComponents.contains(where: { $0.hasSuffix(".docc") }) {
      let path = "Sources/" + url.path.dropFirst(sources.path.count + 1)
      documents[path] = try String(contentsOf: url, encoding: .utf8)
    }
    return documents
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
