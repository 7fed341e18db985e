import Foundation

// MARK: - Hygiene

/// Finds reference files that no test uses any more, so renamed and deleted tests do not leave pictures
/// behind in the repository. Used by the library's users in a test of their own, and by
/// `flipbook snapshots orphans DIR [--delete]`.
public enum SnapshotHygiene {
  /// Every `__Snapshots__/<TestFile>/<test>.<name>.<ext>` under `testsDirectory` that its test file
  /// `<TestFile>.swift` (beside the `__Snapshots__` folder) does not account for: the file must declare
  /// `func <test>(`, and each dot-separated part of `<name>` must be a number (unnamed snapshots, arrays of
  /// strategies), a string literal of the file (`named: "pull"`, a dictionary key), or — when that test's
  /// function uses `.frames(at:` or `.frames(atProgress:` — a time key `t1-25` or a progress key `p0-25`. Names built at
  /// run time from variables cannot be seen this way and are reported. Paths are relative to
  /// `testsDirectory`, sorted.
  public static func orphanedReferences(in testsDirectory: URL) throws -> [String] {
    let fm = FileManager.default
    guard let walker = fm.enumerator(at: testsDirectory, includingPropertiesForKeys: nil) else { return [] }
    var snapshotFolders: [URL] = []
    for case let url as URL in walker where url.lastPathComponent == "__Snapshots__" { snapshotFolders.append(url) }
    let root = testsDirectory.standardizedFileURL.path
    var orphans: [String] = []
    for folder in snapshotFolders {
      for testFile in try fm.contentsOfDirectory(atPath: folder.path).sorted() {
        let references = folder.appendingPathComponent(testFile)
        var isFolder: ObjCBool = false
        guard fm.fileExists(atPath: references.path, isDirectory: &isFolder), isFolder.boolValue else { continue }
        let source = folder.deletingLastPathComponent().appendingPathComponent("\(testFile).swift")
        let usage = SourceUsage(text: (try? String(contentsOf: source, encoding: .utf8)) ?? "")
        for file in try fm.contentsOfDirectory(atPath: references.path).sorted() where !file.hasPrefix(".") {
          guard !usage.accounts(for: file) else { continue }
          let path = references.appendingPathComponent(file).standardizedFileURL.path
          orphans.append(path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path)
        }
      }
    }
    return orphans.sorted()
  }

  /// Deletes what `orphanedReferences(in:)` finds, and the `<TestFile>` folders left empty; returns the
  /// deleted files, relative to `testsDirectory`.
  public static func deleteOrphanedReferences(in testsDirectory: URL) throws -> [String] {
    let orphans = try orphanedReferences(in: testsDirectory)
    let fm = FileManager.default
    for orphan in orphans {
      let file = testsDirectory.appendingPathComponent(orphan)
      try fm.removeItem(at: file)
      let folder = file.deletingLastPathComponent()
      if (try? fm.contentsOfDirectory(atPath: folder.path))?.isEmpty == true { try? fm.removeItem(at: folder) }
    }
    return orphans
  }

  /// Whether a reference file name is accounted for by the test source `text`.
  static func isUsed(_ file: String, by text: String) -> Bool { SourceUsage(text: text).accounts(for: file) }
}

/// What a test file's source says about the references it may write.
struct SourceUsage {
  let text: String
  /// Every string literal in the file, as file names show them.
  let literals: Set<String>

  init(text: String) {
    self.text = text
    literals = Set(Self.stringLiterals(in: text).map(SnapshotFileName.sanitize))
  }

  /// The source of `func <name>(` up to the next `func`: where that test's sampling strategies appear.
  func body(ofFunction name: Substring) -> Substring? {
    guard let start = text.range(of: "func \(name)(") else { return nil }
    let end = text.range(of: "func ", range: start.upperBound..<text.endIndex)?.lowerBound ?? text.endIndex
    return text[start.lowerBound..<end]
  }

  func accounts(for file: String) -> Bool {
    var parts = file.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count >= 3 else { return false }
    parts.removeLast()  // the extension
    let test = parts.removeFirst()
    // A parameterized test `f(a:b:)` is written as `f-a-b`.
    let function = test.split(separator: "-").first ?? test
    guard let body = body(ofFunction: function) else { return false }
    let samplesTimes = body.contains(".frames(at:")
    let samplesProgress = body.contains(".frames(atProgress:")
    return parts.allSatisfy { component in
      if Int(component) != nil || literals.contains(String(component)) { return true }
      if samplesTimes, SnapshotFileName.isSampleKey(component, prefix: "t") { return true }
      if samplesProgress, SnapshotFileName.isSampleKey(component, prefix: "p") { return true }
      return false
    }
  }

  /// The contents of the `"…"` literals of Swift source, escapes kept as written (good enough for names).
  static func stringLiterals(in text: String) -> [String] {
    var literals: [String] = []
    var current: String?
    var escaped = false
    for character in text {
      guard var literal = current else {
        if character == "\"" { current = "" }
        continue
      }
      if escaped {
        literal.append(character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == "\"" {
        literals.append(literal)
        current = nil
        continue
      } else if character == "\n" {
        current = nil
        continue
      } else {
        literal.append(character)
      }
      current = literal
    }
    return literals
  }
}
