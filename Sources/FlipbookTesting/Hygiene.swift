import Foundation

// MARK: - Hygiene

/// Finds reference files that no test uses any more, so renamed and deleted tests do not leave pictures
/// behind in the repository.
public enum SnapshotHygiene {
  /// Every `__Snapshots__/<TestFile>/<test>.<name>.<ext>` under `testsDirectory` whose test file
  /// `<TestFile>.swift` (beside the `__Snapshots__` folder) does not declare `func <test>(`, or does not
  /// mention its name as a string literal (`named: "<name>"`; numbered names and the `t<time>` keys of
  /// `.frames(at:)` count by their prefix). Paths are relative to `testsDirectory`, sorted.
  public static func orphanedReferences(in testsDirectory: URL) throws -> [String] {
    var orphans: [String] = []
    let fm = FileManager.default
    guard let walker = fm.enumerator(at: testsDirectory, includingPropertiesForKeys: nil) else { return [] }
    var snapshotFolders: [URL] = []
    for case let url as URL in walker where url.lastPathComponent == "__Snapshots__" { snapshotFolders.append(url) }
    for folder in snapshotFolders {
      for testFile in try fm.contentsOfDirectory(atPath: folder.path).sorted() {
        let references = folder.appendingPathComponent(testFile)
        let source = folder.deletingLastPathComponent().appendingPathComponent("\(testFile).swift")
        let text = (try? String(contentsOf: source, encoding: .utf8)) ?? ""
        for file in try fm.contentsOfDirectory(atPath: references.path).sorted() where !file.hasPrefix(".") {
          if !isUsed(file, by: text) {
            orphans.append(
              references.appendingPathComponent(file).path.replacingOccurrences(of: testsDirectory.path + "/", with: "")
            )
          }
        }
      }
    }
    return orphans
  }

  /// Whether a reference file name is accounted for by the test source `text`.
  static func isUsed(_ file: String, by text: String) -> Bool {
    var parts = file.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard parts.count >= 3 else { return false }
    parts.removeLast()  // the extension
    let test = parts.removeFirst()
    guard text.contains("func \(test)(") else { return false }
    let name = parts.joined(separator: ".")
    if Int(name) != nil { return true }
    // `named: "pull"` with `.frames(at:)` gives "pull.t0.5"; a frame key alone is "t0.5".
    var candidate = name
    while true {
      if text.contains("\"\(candidate)\"") { return true }
      guard let dot = candidate.range(of: ".t", options: .backwards) else { break }
      candidate = String(candidate[..<dot.lowerBound])
    }
    return name.hasPrefix("t") && Double(name.dropFirst()) != nil && text.contains(".frames(at:")
  }
}
