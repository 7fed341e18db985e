import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The bad-input corpus, `__Fixtures__/bad/`: malformed and hostile inputs for every command, each with
/// the answer issue 12 requires in `expected.json`. Arguments name places with placeholders: `{bad}` the
/// corpus, `{fixtures}` the CLI fixtures, `{out}` a folder holding an earlier output (`earlier.png`,
/// `earlier-frames/`) that must come through untouched, `{special}` a folder of special files the test
/// makes (a FIFO, links to `/dev/zero`, a folder named like a document), which are never committed.
enum BadInputCorpus {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "__Fixtures__")
  static let folder = fixtures.appendingPathComponent("bad")

  /// Peak resident memory an answer may take (the issue's bound).
  static let memoryLimit = 100 * 1024 * 1024
  /// Wall time an answer may take (the issue's bound).
  static let timeLimit = 2.0

  struct Entry: Decodable, Sendable, CustomStringConvertible {
    /// The corpus file (or folder) this entry feeds in, relative to `bad/`; `#` tells apart entries
    /// that feed one file with different options.
    var file: String
    var args: [String]
    var exit: Int32
    /// What the `Error:` line must name; by default the file's last path component.
    var names: String?
    /// Further text the `Error:` line must hold (a JSON path, usually).
    var contains: [String]?
    /// The part of issue 12 whose fix makes this entry pass (`limits`, `reading`, `paths`); until then
    /// its failure is a known issue.
    var pendingOn: String?

    var description: String { file }
    var expectedName: String { names ?? URL(fileURLWithPath: String(file.split(separator: "#")[0])).lastPathComponent }
  }

  struct Table: Decodable { var entries: [Entry] }

  static func load() throws -> [Entry] {
    try JSONDecoder().decode(Table.self, from: Data(contentsOf: folder.appendingPathComponent("expected.json")))
      .entries
  }

  /// The entries, or none when the table does not decode (which `BadInputCorpusTests` then reports).
  static let entries: [Entry] = (try? load()) ?? []

  /// One entry's folder: `out/` with an earlier output in it, and `special/`.
  struct Sandbox {
    let url: URL
    var out: URL { url.appendingPathComponent("out") }
    var special: URL { url.appendingPathComponent("special") }

    init() throws {
      let manager = FileManager.default
      url = manager.temporaryDirectory.appendingPathComponent("flipbook-bad-\(UUID().uuidString)")
      try manager.createDirectory(at: url, withIntermediateDirectories: true)
      let earlier = fixtures.appendingPathComponent("pixelmatch/alpha-change-a.png")
      try manager.createDirectory(at: out.appendingPathComponent("earlier-frames"), withIntermediateDirectories: true)
      try manager.copyItem(at: earlier, to: out.appendingPathComponent("earlier.png"))
      try manager.copyItem(at: earlier, to: out.appendingPathComponent("earlier-frames/frame_000000.png"))
      try manager.copyItem(at: folder.appendingPathComponent("special"), to: special)
      guard mkfifo(special.appendingPathComponent("fifo.png").path, 0o644) == 0,
        mkfifo(special.appendingPathComponent("fifo.json").path, 0o644) == 0
      else { throw CocoaError(.fileWriteUnknown) }
      for link in ["zero.png", "zero.json", "frames-zero/frame_000001.png"] {
        try manager.createSymbolicLink(
          atPath: special.appendingPathComponent(link).path, withDestinationPath: "/dev/zero")
      }
      try manager.createDirectory(at: special.appendingPathComponent("folder.json"), withIntermediateDirectories: false)
    }

    func arguments(_ entry: Entry) -> [String] {
      entry.args.map {
        $0.replacingOccurrences(of: "{bad}", with: folder.path)
          .replacingOccurrences(of: "{fixtures}", with: fixtures.path)
          .replacingOccurrences(of: "{out}", with: out.path)
          .replacingOccurrences(of: "{special}", with: special.path)
      }
    }

    /// Every name under `out/` with its bytes (nil for a folder), hidden names included.
    func snapshot() -> [String: Data?] {
      var result: [String: Data?] = [:]
      let enumerator = FileManager.default.enumerator(atPath: out.path)
      while let name = enumerator?.nextObject() as? String {
        let path = out.appendingPathComponent(name).path
        var isFolder: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        result[name] = isFolder.boolValue ? nil : FileManager.default.contents(atPath: path)
      }
      return result
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
  }

  /// Runs one entry and lists every way its answer falls short of the issue's; empty when it is right.
  static func problems(_ entry: Entry) throws -> [String] {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let before = sandbox.snapshot()
    let run = try MeasuredRun.run(sandbox.arguments(entry), in: sandbox.url)
    var problems: [String] = []
    if run.wasKilled { problems.append("still running after \(MeasuredRun.killDeadline); killed") }
    if let signal = run.signal, !run.wasKilled { problems.append("died by signal \(signal)") }
    if run.exitCode != entry.exit { problems.append("exit \(run.exitCode), expected \(entry.exit)") }
    let errorLines = run.stderr.split(separator: "\n").filter { $0.hasPrefix("Error:") }
    if errorLines.count != 1 {
      problems.append("\(errorLines.count) Error: lines, expected 1")
    } else {
      let line = errorLines[0]
      if !line.contains(entry.expectedName) { problems.append("the Error: line does not name \(entry.expectedName)") }
      for text in entry.contains ?? [] where !line.contains(text) {
        problems.append("the Error: line does not say \(text)")
      }
    }
    if run.seconds > timeLimit { problems.append(String(format: "took %.2f s", run.seconds)) }
    if run.peakMemory > memoryLimit { problems.append("peak memory \(run.peakMemory / 1_048_576) MB") }
    if sandbox.snapshot() != before { problems.append("the output folder changed") }
    if !problems.isEmpty { problems.append("stderr: \(run.stderr.prefix(400))") }
    return problems
  }
}
