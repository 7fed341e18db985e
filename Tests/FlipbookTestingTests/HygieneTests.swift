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

  @Test("Every name the strategies write is understood: fractional times, progress points, dictionary keys")
  func strategyNames() throws {
    let sandbox = Sandbox()
    let folder = sandbox.root.appendingPathComponent("__Snapshots__/FakeTests")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try """
    @Test func pull() { assertSnapshots(of: d, as: .frames(at: [0.5, 1.25]), named: "pull") }
    @Test func progress() { assertSnapshots(of: d, as: .frames(atProgress: [0, 0.25])) }
    @Test func themes() { assertSnapshots(of: l, as: ["light": .image, "dark": .image], named: "header.row") }
    @Test func strategies(kind: Int) { assertSnapshots(of: l, as: [.image, .inspection]) }
    """.write(to: sandbox.root.appendingPathComponent("FakeTests.swift"), atomically: true, encoding: .utf8)
    let used = [
      "pull.pull.t0-5.png", "pull.pull.t1-25.png", "progress.p0.png", "progress.p0-25.png",
      "themes.header-row.light.png", "themes.header-row.dark.png", "strategies-kind.1.png", "strategies-kind.2.txt",
    ]
    let unused = ["pull.pull.p0-5.png", "progress.t0.png", "themes.header-row.sepia.png", "pull.t0-5x.png"]
    for name in used + unused { try Data().write(to: folder.appendingPathComponent(name)) }
    #expect(
      try SnapshotHygiene.orphanedReferences(in: sandbox.root)
        == unused.sorted().map { "__Snapshots__/FakeTests/\($0)" })
    #expect(
      try SnapshotHygiene.deleteOrphanedReferences(in: sandbox.root)
        == unused.sorted().map { "__Snapshots__/FakeTests/\($0)" })
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == used.sorted())
  }

  @Test("The repository's own test targets and the consumer example have no orphaned references")
  func repository() throws {
    let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    #expect(try SnapshotHygiene.orphanedReferences(in: tests) == [])
    let consumer = tests.deletingLastPathComponent().appendingPathComponent("examples/consumer/Tests")
    #expect(FileManager.default.fileExists(atPath: consumer.path))
    #expect(try SnapshotHygiene.orphanedReferences(in: consumer) == [])
  }
}
