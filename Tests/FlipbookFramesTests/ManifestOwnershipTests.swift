import Foundation
import Testing

@testable import FlipbookFrames

/// `manifest.json` has one owner: only FlipbookFrames names the file in code. Every other module finds it
/// through `FrameFolder.manifestFileName` / `manifestPath(in:)` and reads it through `Manifest`, so a
/// second, hand-rolled reader cannot appear without failing here. A dotLottie archive's `manifest.json` is another
/// format with the same name; its one owner, `DotLottieManifest.swift`, is the only other file that names it.
@Suite("manifest.json has one owner")
struct ManifestOwnershipTests {
  /// The package's `Sources` folder, from this file's path.
  static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Sources")

  /// The code lines of the Swift files under `Sources` outside FlipbookFrames that name the manifest as a
  /// file: `"manifest.json"`, or a path ending in it (`"/manifest.json"`, `"…/manifest.json"`). Comments
  /// and messages that only mention it in prose (`… and manifest.json)`) are not opening it.
  /// The file named in code: a string literal that is `manifest.json` or ends in `/manifest.json`.
  static let pattern = try! NSRegularExpression(pattern: #"["/]manifest\.json""#)

  static func names(_ code: String) -> Bool {
    pattern.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil
  }

  static func offenders() throws -> [String] {
    var found: [String] = []
    let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
    while let url = files?.nextObject() as? URL {
      guard url.pathExtension == "swift", !url.path.contains("/Sources/FlipbookFrames/"),
        !url.path.hasSuffix("/Sources/FlipbookLottie/DotLottie/DotLottieManifest.swift")
      else { continue }
      let text = try String(contentsOf: url, encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let code = String(line).trimmingCharacters(in: .whitespaces)
        if code.hasPrefix("//") { continue }
        if names(code) {
          found.append("\(url.path.replacingOccurrences(of: sources.path + "/", with: "")):\(number + 1): \(code)")
        }
      }
    }
    return found.sorted()
  }

  @Test("No file outside Sources/FlipbookFrames names manifest.json as a file to open")
  func onlyFramesNamesTheFile() throws {
    #expect(FileManager.default.fileExists(atPath: Self.sources.appendingPathComponent("FlipbookFrames").path))
    let offenders = try Self.offenders()
    #expect(offenders.isEmpty, "use FrameFolder.manifestFileName and Manifest:\n\(offenders.joined(separator: "\n"))")
  }

  @Test("The check finds a hand-rolled reader")
  func checkCanFail() throws {
    #expect(Self.names(#"let path = folder + "/manifest.json""#))
    #expect(Self.names(#"appendingPathComponent("manifest.json")"#))
    #expect(!Self.names(#"abstract: "A frame folder (with manifest.json).""#))
    #expect(FrameFolder.manifestFileName == "manifest.json")
  }
}
