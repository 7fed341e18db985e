import FlipbookLive
import Foundation
import Testing

@testable import FlipbookCLI

/// The manual's "Watching a document while you edit it" shows a real session: its command line is
/// accepted as written, and run (with `--port 0`, so the test never needs port 8173 free) it prints the
/// lines the section shows, timings aside: the URL line, the render, the quoted error of a bad save, and
/// the render of the fix.
@Suite("Manual: watching a document", .serialized)
struct ManualWatchTests {
  static func section() throws -> String { try ManualText.article("WatchingADocument") }

  /// Timings vary from run to run; everything else must be as the article prints it.
  static func maskingTimes(_ line: some StringProtocol) -> String {
    String(line).replacingOccurrences(
      of: #"in [0-9.]+ s, [0-9]+ frames/s"#, with: "in T s, F frames/s", options: .regularExpression)
  }

  @Test("The article's session is what the command prints")
  func session() throws {
    let section = try Self.section()
    let command = try #require(ManualText.blocks("sh", in: section).first?.split(separator: "\n").first)
    let words = command.split(separator: " ").map(String.init)
    #expect(words.first == "flipbook" && words.dropFirst().first == "watch")
    #expect(throws: Never.self) {
      try WatchCommand.validate(try CommandLineParser(spec: WatchCommand.spec).parse(Array(words.dropFirst(2))))
    }
    let shown = try #require(ManualText.blocks("text", in: section).first).split(separator: "\n")
    #expect(shown.count == 4)

    // The same command in a folder holding the same relative paths.
    let workspace = try Workspace()
    defer { workspace.remove() }
    let document = workspace.url.appendingPathComponent(words[2])
    try FileManager.default.createDirectory(
      at: document.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: workspace.path("out"), withIntermediateDirectories: true)
    let good = try String(
      contentsOf: ManualText.repository.appendingPathComponent(words[2]), encoding: .utf8)
    try good.write(to: document, atomically: true, encoding: .utf8)
    let run = try WatchRun(Array(words.dropFirst(2)) + ["--port", "0"], in: workspace.url)
    let events = try #require(LoopbackClient.Events(port: run.port, timeoutSeconds: 60))
    #expect(events.awaitRender(1) != nil)
    try saveByRename(good.replacingOccurrences(of: "\"fps\": 60", with: "\"fps\": \"sixty\""), to: document.path)
    _ = try run.wait(for: "the Error: line") { run.stderr.isEmpty ? nil : true }
    try saveByRename(good, to: document.path)
    #expect(events.awaitRender(2) != nil)
    let printed = try run.wait(for: "the second render's line") { () -> [Substring]? in
      let lines = run.stdout.split(separator: "\n")
      return lines.count >= 3 ? lines : nil
    }
    #expect(try run.interrupt(with: SIGINT) == 130)

    let root = URL(fileURLWithPath: workspace.url.path).standardizedFileURL.path
    let urlLine = printed[0].replacingOccurrences(of: root, with: "/home/me/flipbook")
      .replacingOccurrences(of: ":\(run.port)/", with: ":8173/")
    #expect(urlLine == shown[0])
    #expect(Self.maskingTimes(printed[1]) == Self.maskingTimes(shown[1]))
    #expect(run.stderr == shown[2] + "\n")
    #expect(Self.maskingTimes(printed[2]) == Self.maskingTimes(shown[3]))
  }
}
