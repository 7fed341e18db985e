import Foundation
import Testing

@testable import FlipbookTesting

@Suite("Record modes")
struct RecordModeTests {
  @Test("Default missing; SNAPSHOT_TESTING_RECORD chooses; CI forces never; an explicit argument wins")
  func resolution() {
    #expect(RecordMode.resolve(environment: [:]) == .missing)
    #expect(RecordMode.resolve(environment: ["SNAPSHOT_TESTING_RECORD": "all"]) == .all)
    #expect(RecordMode.resolve(environment: ["SNAPSHOT_TESTING_RECORD": "FAILED"]) == .failed)
    #expect(RecordMode.resolve(environment: ["SNAPSHOT_TESTING_RECORD": "bogus"]) == .missing)
    #expect(RecordMode.resolve(environment: ["CI": "true", "SNAPSHOT_TESTING_RECORD": "all"]) == .never)
    #expect(RecordMode.resolve(environment: ["CI": "false"]) == .missing)
    #expect(RecordMode.resolve(.all, environment: ["CI": "1"]) == .all)
    #expect(RecordMode.resolve(.never, environment: ["SNAPSHOT_TESTING_RECORD": "all"]) == .never)
  }

  @Test("A trait sets the mode for the test", .snapshots(record: .failed))
  func trait() {
    #expect(RecordMode.resolve(environment: [:]) == .failed)
    #expect(RecordMode.resolve(environment: ["CI": "1"]) == .never)
  }

  @Test(
    "SNAPSHOT_TESTING_RECORD beats the trait, so re-recording is never silently overruled", .snapshots(record: .missing)
  )
  func variableBeatsTrait() {
    #expect(RecordMode.resolve(environment: ["SNAPSHOT_TESTING_RECORD": "failed"]) == .failed)
    withSnapshotTesting(record: .never) {
      #expect(RecordMode.resolve(environment: ["SNAPSHOT_TESTING_RECORD": "all"]) == .all)
    }
  }

  @Test("withSnapshotTesting scopes nest: the inner one wins for what it sets, the outer fills the rest")
  func scopes() {
    withSnapshotTesting(record: .all, diffTool: "ksdiff") {
      #expect(RecordMode.resolve(environment: [:]) == .all)
      withSnapshotTesting(record: .failed) {
        #expect(RecordMode.resolve(environment: [:]) == .failed)
        #expect(SnapshotTestingConfiguration.current.diffTool == "ksdiff")
      }
      #expect(RecordMode.resolve(environment: ["CI": "true"]) == .never)
    }
    #expect(RecordMode.resolve(environment: [:]) == .missing)
  }

  @Test("The asynchronous scope reaches code after a suspension")
  func asyncScope() async {
    await withSnapshotTesting(record: .all) {
      await Task.yield()
      #expect(RecordMode.resolve(environment: [:]) == .all)
    }
    #expect(RecordMode.resolve(environment: [:]) == .missing)
  }

  @Test("The scope reaches the assertion: a failure prints the scope's diff tool")
  func diffToolInFailure() throws {
    let sandbox = Sandbox()
    try writeAtomically(try squareImage().pngData(), to: sandbox.reference("x"))
    let message = withSnapshotTesting(diffTool: "ksdiff") {
      verify(
        try! squareImage(x: 10), as: .image, location: sandbox.location("x"), record: .never,
        environment: ["SNAPSHOT_ARTIFACTS": sandbox.artifacts.path]
      ).message ?? ""
    }
    let actual = sandbox.artifacts.appendingPathComponent("FakeTests/check.x.png").path
    #expect(message.contains("\nDiff tool: ksdiff \(sandbox.reference("x").path) \(actual)\n"), "\(message)")
  }

  @Test("Diff tool templates fill their placeholders with shell-quoted paths")
  func diffToolTemplates() {
    let tool = SnapshotDiffTool("flipbook diff {expected} {actual} -o {artifacts}")
    #expect(
      tool.command(expected: "/a/ref.png", actual: "/tmp/my run/new.png", artifacts: "/tmp/it's")
        == "flipbook diff /a/ref.png '/tmp/my run/new.png' -o '/tmp/it'\\''s'")
    #expect(SnapshotDiffTool("ksdiff").command(expected: "/a", actual: "/b", artifacts: "/c") == "ksdiff /a /b")
  }
}
