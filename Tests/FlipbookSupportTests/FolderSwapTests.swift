import Foundation
import Testing

@testable import FlipbookSupport

/// The swap is run with its system calls wrapped: after each one the test looks at the target, which is
/// exactly what a `kill -9` at that moment would leave.
@Suite("Folder swap")
struct FolderSwapTests {
  /// A scratch folder with `out` (the old output: `old.txt`) and `new` (the replacement: `new.txt`).
  final class Stage {
    let root: String
    var target: String { root + "/out" }
    var replacement: String { root + "/new" }
    var aside: String { root + "/aside" }
    /// The system calls made, by name, and what the target held after each.
    var calls: [String] = []
    var seen: [String] = []

    init(withTarget: Bool = true) throws {
      root = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-swap-\(UUID().uuidString)").path
      try FileManager.default.createDirectory(atPath: replacement, withIntermediateDirectories: true)
      try Data("new".utf8).write(to: URL(fileURLWithPath: replacement + "/new.txt"))
      if withTarget {
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
        try Data("old".utf8).write(to: URL(fileURLWithPath: target + "/old.txt"))
      }
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// What `folder` holds: "old", "new" (its one file's name) or "missing".
    func content(_ folder: String) -> String {
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return "missing" }
      return names.sorted().map { $0.replacingOccurrences(of: ".txt", with: "") }.joined(separator: ",")
    }

    /// Notes a system call and what the target held right after it.
    private func record(_ name: String, _ result: Int32) -> Int32 {
      calls.append(name)
      seen.append(content(target))
      return result
    }

    /// The system calls, each followed by a look at the target; `exchange` may be replaced.
    func calls(exchange: ((String, String) -> Int32)? = nil) -> FolderSwap.Calls {
      let system = FolderSwap.Calls.system
      return FolderSwap.Calls(
        exists: system.exists,
        exchange: { self.record("exchange", (exchange ?? system.exchange)($0, $1)) },
        renameNoReplace: { self.record("renameNoReplace", system.renameNoReplace($0, $1)) },
        rename: { self.record("rename", system.rename($0, $1)) })
    }

    func swap(exchange: ((String, String) -> Int32)? = nil) throws -> FolderSwap.Outcome {
      try FolderSwap.replace(target, with: replacement, aside: aside, calls: calls(exchange: exchange))
    }
  }

  @Test("an existing target is replaced by one exchange: old before it, new after it, never missing")
  func exchange() throws {
    let stage = try Stage()
    #expect(try stage.swap() == .exchanged)
    #expect(stage.calls == ["exchange"])
    #expect(stage.seen == ["new"])
    // The old folder now has the replacement's name, for the caller to remove.
    #expect(stage.content(stage.replacement) == "old")
    #expect(stage.content(stage.aside) == "missing")
  }

  @Test("a missing target gets the new folder by one rename that would not replace anything")
  func noTarget() throws {
    let stage = try Stage(withTarget: false)
    #expect(try stage.swap() == .moved)
    #expect(stage.calls == ["renameNoReplace"])
    #expect(stage.seen == ["new"])
    #expect(stage.content(stage.replacement) == "missing")
  }

  @Test("a target that appears after the check is exchanged with, not overwritten or refused")
  func targetAppearsMeanwhile() throws {
    let stage = try Stage()
    var calls = stage.calls()
    calls.exists = { _ in false }
    #expect(
      try FolderSwap.replace(stage.target, with: stage.replacement, aside: stage.aside, calls: calls) == .exchanged)
    #expect(stage.calls == ["renameNoReplace", "exchange"])
    #expect(stage.seen == ["old", "new"])
    #expect(stage.content(stage.replacement) == "old")
  }

  @Test("where the file system cannot exchange (EINVAL), two renames; the target is missing between them")
  func fallback() throws {
    let stage = try Stage()
    #expect(try stage.swap(exchange: { _, _ in EINVAL }) == .renamedAside)
    #expect(stage.calls == ["exchange", "rename", "rename"])
    #expect(stage.seen == ["old", "missing", "new"])
    #expect(stage.content(stage.aside) == "old")
  }

  @Test("a kernel without renameat2 (ENOSYS) falls back the same way")
  func noRenameat2() throws {
    let stage = try Stage()
    #expect(try stage.swap(exchange: { _, _ in ENOSYS }) == .renamedAside)
    #expect(stage.content(stage.target) == "new")
  }

  @Test("a failed exchange leaves the target as it was and says why in one line")
  func exchangeFails() throws {
    let stage = try Stage()
    #expect(
      throws: FileError.file(path: stage.target, reason: "cannot move the new output into place: Permission denied")
    ) {
      try stage.swap(exchange: { _, _ in EACCES })
    }
    #expect(stage.content(stage.target) == "old")
    #expect(stage.content(stage.replacement) == "new")
  }

  @Test("a missing replacement is refused and the target is untouched")
  func missingReplacement() throws {
    let stage = try Stage()
    try FileManager.default.removeItem(atPath: stage.replacement)
    #expect(
      throws: FileError.file(
        path: stage.target, reason: "cannot move the new output into place: No such file or directory")
    ) {
      try stage.swap()
    }
    #expect(stage.content(stage.target) == "old")
  }

  @Test("the real file system here exchanges folders (the tests above are not only of the fallback)")
  func systemExchanges() throws {
    let stage = try Stage()
    #expect(try FolderSwap.replace(stage.target, with: stage.replacement, aside: stage.aside) == .exchanged)
    #expect(stage.content(stage.target) == "new")
  }
}
