import Foundation
import Testing

/// Reads the README and the manual's articles (the DocC catalog `Sources/Flipbook/Flipbook.docc`), for the
/// tests that run what they show.
enum ManualText {
  static let repository = Workspace.examples.deletingLastPathComponent()

  /// A file of the repository, by its path from the root.
  static func file(_ path: String) throws -> String {
    try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
  }

  /// An article of the manual, by its name (`WatchingADocument` for `WatchingADocument.md`).
  static func article(_ name: String) throws -> String {
    try file("Sources/Flipbook/Flipbook.docc/\(name).md")
  }

  /// Every article of the manual's catalogs, by path from the repository.
  static func articles() throws -> [String: String] {
    var articles: [String: String] = [:]
    for catalog in ["Sources/Flipbook/Flipbook.docc", "Sources/FlipbookTesting/FlipbookTesting.docc"] {
      let folder = repository.appendingPathComponent(catalog)
      for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".md") {
        articles[catalog + "/" + name] = try file(catalog + "/" + name)
      }
    }
    return articles
  }

  /// The fenced blocks of one kind (`json`, `sh`, `text`) in a text.
  static func blocks(_ kind: String, in text: some StringProtocol) -> [String] {
    text.components(separatedBy: "```\(kind)\n").dropFirst().compactMap { $0.components(separatedBy: "```").first }
  }
}
