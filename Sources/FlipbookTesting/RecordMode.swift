import Foundation

// MARK: - RecordMode

/// When references are written (pointfree's four modes, same names, same variable):
///
/// - `missing` (default): a missing reference is recorded, and the test fails so it gets reviewed.
/// - `all`: every snapshot is recorded, and the test fails.
/// - `failed`: a mismatching snapshot replaces its reference, and the test fails.
/// - `never`: nothing is written; a missing reference fails. Chosen automatically when the `CI`
///   environment variable is set, so a retried CI job can never pass by recording.
public enum RecordMode: String, CaseIterable, Sendable {
  case all, missing, failed, never

  /// The environment variable that sets the mode, as in swift-snapshot-testing.
  public static let environmentVariable = "SNAPSHOT_TESTING_RECORD"

  /// The mode set by a `.snapshots(record:)` trait around the running test.
  @TaskLocal public static var current: RecordMode?

  /// The mode in force: an explicit argument, else the test's trait, else `SNAPSHOT_TESTING_RECORD`,
  /// else `never` when `CI` is set, else `missing`. Under `CI`, a mode that would write is downgraded to
  /// `never` too unless it was passed explicitly.
  public static func resolve(
    _ explicit: RecordMode? = nil, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> RecordMode {
    if let explicit { return explicit }
    let onCI = environment["CI"].map { !$0.isEmpty && $0 != "0" && $0.lowercased() != "false" } ?? false
    if onCI { return .never }
    if let current { return current }
    if let value = environment[environmentVariable], let mode = RecordMode(rawValue: value.lowercased()) { return mode }
    return .missing
  }
}
