import Foundation
import Testing

/// `flipbook snapshots orphans`: lists (exit 1) or deletes (exit 0) references no test accounts for.
@Suite struct SnapshotsCommandTests {
  /// A tests folder with one used and one orphaned reference.
  static func testsFolder() throws -> Workspace {
    let workspace = try Workspace()
    let references = workspace.url.appendingPathComponent("__Snapshots__/PullTests")
    try FileManager.default.createDirectory(at: references, withIntermediateDirectories: true)
    try #"@Test func pull() { assertSnapshots(of: d, as: .frames(at: [0.5]), named: "pull") }"#
      .write(to: workspace.url.appendingPathComponent("PullTests.swift"), atomically: true, encoding: .utf8)
    for name in ["pull.pull-t0-5.png", "gone.pull.png"] {
      try Data().write(to: references.appendingPathComponent(name))
    }
    return workspace
  }

  @Test func orphansAreListedWithExitOne() throws {
    let workspace = try Self.testsFolder()
    let result = try FlipbookBinary.run(["snapshots", "orphans", workspace.url.path])
    #expect(result == .init(exitCode: 1, stdout: "__Snapshots__/PullTests/gone.pull.png\n", stderr: ""))
  }

  @Test func deleteRemovesOnlyTheOrphans() throws {
    let workspace = try Self.testsFolder()
    let result = try FlipbookBinary.run(["snapshots", "orphans", workspace.url.path, "--delete"])
    #expect(
      result
        == .init(
          exitCode: 0, stdout: "Deleted 1 orphaned reference:\n__Snapshots__/PullTests/gone.pull.png\n", stderr: ""))
    let left = try FileManager.default.contentsOfDirectory(
      atPath: workspace.url.appendingPathComponent("__Snapshots__/PullTests").path)
    #expect(left == ["pull.pull-t0-5.png"])
    let again = try FlipbookBinary.run(["snapshots", "orphans", workspace.url.path])
    #expect(again == .init(exitCode: 0, stdout: "No orphaned references under \(workspace.url.path)\n", stderr: ""))
  }

  @Test func aMissingFolderIsTrouble() throws {
    let result = try FlipbookBinary.run(["snapshots", "orphans", "/nonexistent-flipbook-tests"])
    #expect(result == .init(exitCode: 2, stdout: "", stderr: "Error: /nonexistent-flipbook-tests: is not a folder\n"))
  }
}
