import Foundation

@testable import FlipbookTesting

/// The ways a snapshot assertion must fail, each set up in its own sandbox, so the Swift Testing and the
/// XCTest suites run exactly the same cases and expect exactly the same messages.
enum FailureCase: String, CaseIterable, Sendable {
  case missingReference, mismatch, corruptReference, missingOnCI

  /// Runs the failing assertion in `sandbox`; `assert` is the caller's sandboxed `assertSnapshot`, so the
  /// failure is reported from the caller's file and framework.
  func run(in sandbox: Sandbox, assert: (Image, RecordMode?, [String: String]) -> String?) throws {
    let artifacts = ["SNAPSHOT_ARTIFACTS": sandbox.artifacts.path]
    switch self {
    case .missingReference:
      _ = assert(try squareImage(), nil, artifacts)
    case .mismatch:
      try writeAtomically(try squareImage().pngData(), to: sandbox.reference("x"))
      _ = assert(try squareImage(x: 10), nil, artifacts)
    case .corruptReference:
      try writeAtomically(Data("not a png".utf8), to: sandbox.reference("x"))
      _ = assert(try squareImage(), nil, artifacts)
    case .missingOnCI:
      _ = assert(try squareImage(), nil, artifacts.merging(["CI": "true"]) { $1 })
    }
  }

  /// Texts the failure message must contain.
  func expectedFragments(in sandbox: Sandbox) -> [String] {
    let reference = sandbox.reference("x").path
    let actual = sandbox.artifacts.appendingPathComponent("FakeTests/check.x.png").path
    switch self {
    case .missingReference:
      return ["No reference was found on disk. Recorded snapshot \"x\" at \(reference). Review it and re-run the test."]
    case .mismatch:
      return [
        "Snapshot \"x\" does not match its reference.", "Reference: \(reference)", "Actual:    \(actual)",
        "Strip:     \(sandbox.artifacts.path)/FakeTests/check.x.strip.png",
        "Diff tool: flipbook diff \(reference) \(actual) -o \(sandbox.artifacts.path)/FakeTests",
      ]
    case .corruptReference:
      return ["Snapshot \"x\": the reference \(reference) cannot be read: cannot decode PNG reference: not a PNG file"]
    case .missingOnCI:
      return [
        "No reference was found at \(reference). It was not recorded because recording is off on CI (the CI "
          + "variable is set).",
        "The new snapshot was written to \(actual).",
        "Download it from the run's SNAPSHOT_ARTIFACTS folder (\(sandbox.artifacts.path)), review it, and commit "
          + "it as \(reference)",
      ]
    }
  }

  /// What the repository must hold afterwards: a recorded reference only when recording was allowed.
  func referenceExistsAfterwards() -> Bool { self != .missingOnCI }
}
