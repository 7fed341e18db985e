import XCTest

@testable import FlipbookTesting

/// Under XCTest, each failure case fails the running test case through XCTest's own failure path, with its
/// message, at the assertion's line. swift-corelibs-xctest has no `XCTExpectFailure`, so this case captures
/// its own failures by overriding `recordFailure` while a failing assertion runs, and fails for real when
/// nothing (or more than one failure) was recorded.
final class XCTestVerdictTests: XCTestCase {
  private var captured: [(description: String, file: String, line: Int)] = []
  private var isCapturing = false

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
  ) {
    if isCapturing {
      captured.append((description, filePath, lineNumber))
    } else {
      super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
  }

  func testMissingReferenceFailsAndRecords() throws { try expectFailure(.missingReference) }
  func testMismatchFails() throws { try expectFailure(.mismatch) }
  func testCorruptReferenceFails() throws { try expectFailure(.corruptReference) }
  func testMissingReferenceOnCIFailsAndWritesOnlyTheArtifact() throws { try expectFailure(.missingOnCI) }

  func testMatchingSnapshotPasses() throws {
    let sandbox = Sandbox()
    try writeAtomically(try squareImage().pngData(), to: sandbox.reference("x"))
    isCapturing = true
    let message = assertSnapshot(
      of: try squareImage(), as: .image, named: "x", filePath: sandbox.testFile, testName: "check()")
    isCapturing = false
    XCTAssertNil(message)
    XCTAssertTrue(captured.isEmpty, "a matching snapshot failed the test: \(captured)")
  }

  func testAValueThatCannotBeMadeFails() throws {
    struct Broken: Error {}
    let sandbox = Sandbox()
    isCapturing = true
    let line = #line + 1
    assertSnapshot(
      of: try { () throws -> Image in throw Broken() }(), as: .image, filePath: sandbox.testFile, testName: "check()")
    isCapturing = false
    XCTAssertEqual(captured.map(\.description), ["failed - The value to snapshot could not be made: Broken()"])
    XCTAssertEqual(captured.first?.line, line)
  }

  /// Runs `failure` and checks that it failed this test case exactly once, with its message, here.
  private func expectFailure(_ failure: FailureCase) throws {
    let sandbox = Sandbox()
    captured = []
    isCapturing = true
    var assertionLine = 0
    try failure.run(in: sandbox) { image, record, environment in
      assertionLine = #line + 1
      return assertSnapshot(
        of: image, as: .image, named: "x", record: record, filePath: sandbox.testFile, testName: "check()",
        environment: environment)
    }
    isCapturing = false
    XCTAssertEqual(captured.count, 1, "expected exactly one XCTest failure, got \(captured)")
    guard let recorded = captured.first else { return }
    for fragment in failure.expectedFragments(in: sandbox) {
      XCTAssertTrue(recorded.description.contains(fragment), "missing \(fragment) in \(recorded.description)")
    }
    XCTAssertEqual(recorded.file, #filePath)
    XCTAssertEqual(recorded.line, assertionLine)
    XCTAssertEqual(
      FileManager.default.fileExists(atPath: sandbox.reference("x").path), failure.referenceExistsAfterwards())
  }
}
