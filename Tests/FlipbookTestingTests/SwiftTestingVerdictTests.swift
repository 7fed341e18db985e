import Foundation
import Testing

@testable import FlipbookTesting

/// Under Swift Testing, each failure case records exactly one issue on the running test, with its message,
/// at the assertion's line; `withKnownIssue` (not intermittent) fails this test if none is recorded.
@Suite("Verdicts under Swift Testing")
struct SwiftTestingVerdictTests {
  @Test("A failing snapshot records one issue on the running test, with its message", arguments: FailureCase.allCases)
  func failingSnapshotRecordsAnIssue(_ failure: FailureCase) throws {
    let sandbox = Sandbox()
    let issues = IssueBox()
    try withKnownIssue {
      try failure.run(in: sandbox) { image, record, environment in
        assertSnapshot(
          of: image, as: .image, named: "x", record: record, filePath: sandbox.testFile, testName: "check()",
          environment: environment)
      }
    } matching: { issue in
      issues.append(issue)
      return true
    }
    let recorded = issues.all
    try #require(recorded.count == 1)
    let message = recorded[0].comments.map(\.rawValue).joined(separator: "\n")
    for fragment in failure.expectedFragments(in: sandbox) {
      #expect(message.contains(fragment), "\(message)")
    }
    #expect(recorded[0].sourceLocation?.fileName == "SwiftTestingVerdictTests.swift")
    #expect(FileManager.default.fileExists(atPath: sandbox.reference("x").path) == failure.referenceExistsAfterwards())
  }

  @Test("A matching snapshot records nothing")
  func matchingSnapshotPasses() throws {
    let sandbox = Sandbox()
    try writeAtomically(try squareImage().pngData(), to: sandbox.reference("x"))
    #expect(
      assertSnapshot(of: try squareImage(), as: .image, named: "x", filePath: sandbox.testFile, testName: "check()")
        == nil)
  }

  @Test("verifySnapshot returns the failure message and records no issue")
  func verifyReturnsTheMessage() throws {
    // Recording no issue is the verdict here: an issue recorded outside `withKnownIssue` fails this test.
    let message = verifySnapshot(
      of: try squareImage(), as: .image, named: "never-\(UUID().uuidString)", record: .never)
    #expect(message?.hasPrefix("No reference was found at ") == true)
    #expect(message?.contains("It was not recorded because recording is off") == true)
  }
}

/// Issues gathered from the known-issue matcher, which may run on another thread.
final class IssueBox: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [Issue] = []
  func append(_ issue: Issue) {
    lock.lock()
    stored.append(issue)
    lock.unlock()
  }
  var all: [Issue] {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }
}
