import Foundation
import Testing

/// The README is the front door: every relative link and picture it shows must lead to a file or folder of
/// the repository, so a reader on GitHub never meets a broken link to the manual.
@Suite("README: links")
struct ReadmeLinksTests {
  /// The targets of the README's Markdown links and `src` attributes that are not web addresses or anchors.
  static func relativeTargets(in markdown: String) -> [String] {
    let patterns = [#"\]\(([^)\s]+)\)"#, #"src="([^"]+)""#]
    var targets: [String] = []
    for pattern in patterns {
      let expression = try! NSRegularExpression(pattern: pattern)
      let range = NSRange(markdown.startIndex..., in: markdown)
      for match in expression.matches(in: markdown, range: range) {
        guard let target = Range(match.range(at: 1), in: markdown).map({ String(markdown[$0]) }) else { continue }
        if target.contains("://") || target.hasPrefix("#") || target.hasPrefix("mailto:") { continue }
        targets.append(target.components(separatedBy: "#")[0])
      }
    }
    return targets
  }

  @Test("Every relative link and picture of the README exists in the repository")
  func linksResolve() throws {
    let targets = Self.relativeTargets(in: try ManualText.file("README.md"))
    #expect(targets.count >= 10)
    for target in targets {
      let path = ManualText.repository.appendingPathComponent(target).path
      #expect(FileManager.default.fileExists(atPath: path), "README.md links to \(target), which is not there")
    }
  }

  @Test("Links are read from Markdown links and src attributes; web addresses and anchors are left out")
  func extraction() {
    let text = #"[a](docs/a.txt) [b](https://x.org/b) [c](#c) <img src="p.png" width="1"> [d](e.html#f)"#
    #expect(Self.relativeTargets(in: text) == ["docs/a.txt", "e.html", "p.png"])
  }
}
