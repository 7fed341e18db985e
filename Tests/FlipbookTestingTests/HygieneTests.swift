import Foundation
import Testing

@testable import FlipbookTesting

@Suite("Snapshot hygiene")
struct HygieneTests {
  @Test("Files no test accounts for are orphans")
  func detection() throws {
    let sandbox = Sandbox()
    let folder = sandbox.root.appendingPathComponent("__Snapshots__/FakeTests")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try """
    @Test func pulled() { assertSnapshot(of: x, as: .image, named: "arrow") }
    @Test func numbered() { assertSnapshot(of: x, as: .image) }
    @Test func sampled() { assertSnapshots(of: d, as: .frames(at: [0, 1]), named: "pull") }
    """.write(to: sandbox.root.appendingPathComponent("FakeTests.swift"), atomically: true, encoding: .utf8)
    for name in [
      "pulled.arrow.png", "numbered.1.png", "sampled.pull.t0.png", "sampled.pull.t1.5.png", "pulled.spinner.png",
      "removed.arrow.png",
    ] {
      try Data().write(to: folder.appendingPathComponent(name))
    }
    #expect(
      try SnapshotHygiene.orphanedReferences(in: sandbox.root)
        == ["__Snapshots__/FakeTests/pulled.spinner.png", "__Snapshots__/FakeTests/removed.arrow.png"])
  }

  @Test("The repository's own test targets have no orphaned references")
  func repository() throws {
    let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    #expect(try SnapshotHygiene.orphanedReferences(in: tests) == [])
  }
}
