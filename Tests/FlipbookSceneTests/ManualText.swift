import Foundation
import Testing

/// Reads the manual's articles (the DocC catalog `Sources/Flipbook/Flipbook.docc`) and the repository's
/// files, for the tests that check what the articles show against what the code does.
enum ManualText {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// A file of the repository, by its path from the root.
  static func file(_ path: String) throws -> String {
    try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
  }

  /// An article of the manual, by its name (`GestureScripts` for `GestureScripts.md`).
  static func article(_ name: String) throws -> String {
    try file("Sources/Flipbook/Flipbook.docc/\(name).md")
  }

  /// The text from `heading` (a whole line, `## Name`) to the next heading of the same or a higher level.
  static func section(_ heading: String, in text: String) throws -> Substring {
    let start = try #require(text.range(of: "\n" + heading + "\n"), "no heading \(heading)")
    let level = heading.prefix { $0 == "#" }.count
    let rest = text[start.upperBound...]
    let ends = (1...level).compactMap { rest.range(of: "\n" + String(repeating: "#", count: $0) + " ")?.lowerBound }
    return rest[..<(ends.min() ?? rest.endIndex)]
  }

  /// The ```json blocks of a text.
  static func jsonBlocks(_ text: some StringProtocol) -> [String] {
    text.components(separatedBy: "```json\n").dropFirst().compactMap { $0.components(separatedBy: "```").first }
  }
}
