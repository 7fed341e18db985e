import Foundation
import Testing

/// Every citation must be one a reader of the repository can follow: a file in the repository, the manual, or a
/// public source. This suite reads every tracked text file and fails on any reference to a file outside the
/// repository: a path into the working notes kept in a `shared` folder beside the checkout (its reference, seeds
/// and lottie folders), one of those notes cited by section, or a Markdown file that no tracked file is named after.
/// Addresses (`https://…`) are public and pass. Nothing is exempt.
///
/// It lives in this small test target because it needs no Flipbook module, only the checkout's files.
@Suite("References to files outside the repository")
struct RepositoryReferencesTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  @Test("No tracked file refers to a file outside the repository")
  func trackedFilesStayInside() throws {
    let files = try Self.trackedFiles()
    #expect(files.count > 100, "git ls-files listed too few files: \(files.count)")
    let markdownNames = Set(files.map { ($0 as NSString).lastPathComponent }.filter { $0.hasSuffix(".md") })
    #expect(markdownNames.contains("README.md"))
    var read = 0
    for file in files {
      let url = Self.repository.appendingPathComponent(file)
      // A tracked symbolic link (or a file deleted but not yet staged) has no text of its own to check.
      guard let data = FileManager.default.contents(atPath: url.path) else { continue }
      guard let text = OutsideReferences.text(of: data) else { continue }
      read += 1
      for finding in OutsideReferences.findings(in: text, markdownNames: markdownNames) {
        Issue.record("\(file):\(finding.line): \(finding.reason)")
      }
    }
    #expect(read > 100, "too few tracked files were read as text: \(read)")
  }

  // The sample texts are assembled from pieces, so that this file does not itself contain what it forbids.
  static let outside = ".." + "/shared"
  static let semantics = "semantics" + ".md"

  @Test("The checker finds each kind of outside reference, on its line")
  func checkerFindsOutsideReferences() {
    let text = """
      // Defaults are Core Animation's (\(Self.semantics) §5.1).
      /// Measured from the originals (`\(Self.outside)/reference/originals/ego`).
      Copies in shared/\("reference")/originals and shared/\("seeds")/004 and shared/\("lottie")/samples.
      See style\(".md") §8, performance\(".md")'s scene and the README.md, Assets/README.md and Fuzz/README.md.
      A bare section: semantics \("§")0 "Seed 002"; style \("§")8.
      """
    let findings = OutsideReferences.findings(in: text, markdownNames: ["README.md"])
    #expect(
      findings.map(\.line) == [1, 2, 2, 3, 3, 3, 4, 4, 5, 5],
      "\(findings.map { "\($0.line): \($0.reason)" }.joined(separator: "\n"))")
    #expect(findings.first?.reason.contains(Self.semantics) == true)
    #expect(findings.contains { $0.reason.contains("style" + ".md") })
  }

  @Test("Files of the repository, public addresses and ordinary words pass")
  func checkerPassesWhatIsInside() {
    let text = """
      See README.md and Assets/README.md; the manual's Fidelity article; <doc:Fidelity>.
      https://github.com/super-ultra/ScrollMechanics/blob/master/README.md and https://gist.github.com/x/RubberBand.md
      RFC 1951 §3.2.5, PNG spec §5.3. A shared palette; ../outside.png; the seed variant.
      """
    let findings = OutsideReferences.findings(in: text, markdownNames: ["README.md"])
    #expect(findings.isEmpty, "\(findings.map { "\($0.line): \($0.reason)" })")
  }

  @Test("Binary files are skipped, text files are read")
  func binaryFilesAreSkipped() {
    #expect(OutsideReferences.text(of: Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0x0D])) == nil)
    #expect(OutsideReferences.text(of: Data([0xFF, 0xFE, 0x41])) == nil)
    #expect(OutsideReferences.text(of: Data("plain §".utf8)) == "plain §")
  }

  /// The repository's tracked files, relative to its root, from `git ls-files`.
  static func trackedFiles() throws -> [String] {
    let git = Process()
    git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    git.arguments = ["git", "-C", repository.path, "ls-files", "-z"]
    let output = Pipe()
    git.standardOutput = output
    try git.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    git.waitUntilExit()
    guard git.terminationStatus == 0 else { throw GitFailed(folder: repository.path) }
    return data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
  }

  struct GitFailed: Error, CustomStringConvertible {
    var folder: String
    var description: String { "git ls-files failed in \(folder): the check needs a git checkout" }
  }
}

/// Finds, in a text, the references to files outside the repository.
enum OutsideReferences {
  struct Finding: Equatable {
    var line: Int
    var reason: String
  }

  /// The notes kept beside the checkout, not in it: any path into them.
  static let outsidePaths = [".." + "/shared", "shared/" + "reference", "shared/" + "seeds", "shared/" + "lottie"]
  /// Those notes' documents, which are cited by section without their extension too (the name, a space, "§" and a
  /// number).
  static let outsideDocuments = ["semantics", "style", "performance", "ecosystem", "lottie", "refresh-controls"]

  /// The findings of `text`, line by line; `markdownNames` are the file names of the repository's Markdown files.
  static func findings(in text: String, markdownNames: Set<String>) -> [Finding] {
    // A Markdown file named in prose or a path: its file name, also when "'s" follows (`\b` sees one word there).
    let markdownName = try! Regex(#"[A-Za-z0-9_][A-Za-z0-9_.+-]*\.md(?![A-Za-z0-9_])"#)
    // A public address, whose file names are not the repository's.
    let address = try! Regex(#"[a-z]+://[^\s)>"'`]+"#)
    let sectionCitation = try! Regex(#"\b(?:"# + outsideDocuments.joined(separator: "|") + #")\s+§\s*[0-9]"#)
    var findings: [Finding] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      for path in outsidePaths where line.contains(path) {
        findings.append(Finding(line: index + 1, reason: "\"\(path)\" is a path outside the repository"))
      }
      // The regular expressions are slow, so they only run on lines that could match.
      guard line.contains(".md") || line.contains("§") else { continue }
      let prose = line.contains("://") ? line.replacing(address, with: "") : line
      for match in prose.matches(of: markdownName) where !markdownNames.contains(String(prose[match.range])) {
        findings.append(
          Finding(line: index + 1, reason: "\"\(prose[match.range])\" is not a file of the repository"))
      }
      for match in prose.matches(of: sectionCitation) {
        findings.append(
          Finding(line: index + 1, reason: "\"\(prose[match.range])\" cites a document outside the repository"))
      }
    }
    return findings
  }

  /// The file's text, or nil for a binary file (a NUL byte, or not UTF-8).
  static func text(of data: Data) -> String? {
    guard !data.contains(0) else { return nil }
    return String(validating: data, as: UTF8.self)
  }
}
