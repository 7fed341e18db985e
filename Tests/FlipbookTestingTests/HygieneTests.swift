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
    @Test func lottie() { assertSnapshots(of: a, as: .frames(), named: "fade") }
    """.write(to: sandbox.root.appendingPathComponent("FakeTests.swift"), atomically: true, encoding: .utf8)
    // The names exactly as the assertions write them.
    func file(_ test: String, _ name: String, _ ext: String = "png") -> String {
      ReferenceLocation(
        testFile: sandbox.root.appendingPathComponent("FakeTests.swift"), testName: test, name: name,
        pathExtension: ext
      ).fileName
    }
    let used = [
      file("pull()", "pull.t0.5"), file("pull()", "pull.t1.25"), file("progress()", "p0"),
      file("progress()", "p0.25"), file("themes()", "header.row.light"), file("themes()", "header.row.dark"),
      file("strategies(kind:)", "1"), file("strategies(kind:)", "2", "txt"), file("lottie()", "fade.p0.75"),
      file("lottie()", "fade.p1"),
    ]
    #expect(used.first == "pull.pull-t0-5.png")
    let unused = [
      file("pull()", "pull.p0.5"), file("progress()", "t0"), file("themes()", "header.row.sepia"),
      file("pull()", "t0.5x"), file("lottie()", "fade.t1"),
    ]
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
