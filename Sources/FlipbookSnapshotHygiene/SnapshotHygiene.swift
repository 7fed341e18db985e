import Foundation

// MARK: - Hygiene

/// Finds reference files that no test uses any more, so renamed and deleted tests do not leave pictures
/// behind in the repository. Used by the library's users in a test of their own, and by
/// `flipbook snapshots orphans DIR [--delete]`.
public enum SnapshotHygiene {
  /// Every `__Snapshots__/<TestFile>/<test>.<name>.<ext>` under `testsDirectory` that its test file
  /// `<TestFile>.swift` (beside the `__Snapshots__` folder) does not account for: the file must declare
  /// `func <test>(`, and `<name>` (written with dashes for its dots: `pull-t1-25`) must read as a sequence of
  /// numbers (unnamed snapshots, arrays of strategies), string literals of the file (`named: "pull"`,
  /// dictionary keys) and — when that test's function uses `.frames(at:`, or `.frames(atProgress:` or `.frames()`
  /// (lottie-ios's default points) — time keys `t1-25` or progress keys `p0-25`. Names built at
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
  /// Every string literal in the file, as file names show them, split at their dashes.
  let literals: [[Substring]]

  init(text: String) {
    self.text = text
    literals = Set(Self.stringLiterals(in: text).map(SnapshotFileName.sanitize)).sorted()
      .map { $0.split(separator: "-") }.filter { !$0.isEmpty }
  }

  /// The source of `func <name>(` up to the next `func`: where that test's sampling strategies appear.
  func body(ofFunction name: Substring) -> Substring? {
    guard let start = text.range(of: "func \(name)(") else { return nil }
    let end = text.range(of: "func ", range: start.upperBound..<text.endIndex)?.lowerBound ?? text.endIndex
    return text[start.lowerBound..<end]
  }

  /// Whether `<test>.<name>.<ext>` is one this source writes. The name was sanitized as a whole, so the dots
  /// between its parts (`pull.t0.5`) became dashes (`pull-t0-5`), like every other non-word character: it
  /// is accounted for when its dash-separated tokens can be read as a sequence of numbers, literals of the
  /// file and (when the test samples them) time or progress keys.
  func accounts(for file: String) -> Bool {
    var parts = file.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count >= 3 else { return false }
    parts.removeLast()  // the extension
    let test = parts.removeFirst()
    // A parameterized test `f(a:b:)` is written as `f-a-b`.
    let function = test.split(separator: "-").first ?? test
    guard let body = body(ofFunction: function) else { return false }
    let tokens = parts.flatMap { $0.split(separator: "-", omittingEmptySubsequences: false) }
    var prefixes: Set<Character> = []
    if body.contains(".frames(at:") { prefixes.insert("t") }
    if body.contains(".frames(atFrames:") { prefixes.insert("f") }
    // `.frames()` and `.frames(scale:…)`/`.frames(tolerance:…)` sample lottie-ios's default progress points.
    if body.contains(".frames(atProgress:") || body.contains(".frames()") || body.contains(".frames(scale:")
      || body.contains(".frames(tolerance:")
    {
      prefixes.insert("p")
    }
    return readable(tokens, samplePrefixes: prefixes)
  }

  /// Whether `tokens` split into known pieces, found by marking every position a reading can reach.
  private func readable(_ tokens: [Substring], samplePrefixes: Set<Character>) -> Bool {
    guard !tokens.isEmpty else { return false }
    var reachable = [Bool](repeating: false, count: tokens.count + 1)
    reachable[0] = true
    func isDigits(_ token: Substring) -> Bool { !token.isEmpty && token.allSatisfy { $0.isASCII && $0.isNumber } }
    for start in tokens.indices where reachable[start] {
      let token = tokens[start]
      if isDigits(token) { reachable[start + 1] = true }
      if let prefix = token.first, samplePrefixes.contains(prefix), isDigits(token.dropFirst()) {
        reachable[start + 1] = true
        // `t1-25`: the fraction's digits are the next token.
        if start + 1 < tokens.count, isDigits(tokens[start + 1]) { reachable[start + 2] = true }
      }
      for literal in literals where start + literal.count <= tokens.count {
        if Array(tokens[start..<(start + literal.count)]) == literal { reachable[start + literal.count] = true }
      }
    }
    return reachable[tokens.count]
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
