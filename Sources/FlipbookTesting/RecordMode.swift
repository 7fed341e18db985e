import Foundation

// MARK: - RecordMode

/// When references are written (pointfree's four modes, same names, same variable):
///
/// - `missing` (default): a missing reference is recorded, and the test fails so it gets reviewed.
/// - `all`: every snapshot is recorded, and the test fails.
/// - `failed`: a mismatching snapshot replaces its reference, and the test fails.
/// - `never`: nothing is written; a missing reference fails.
public enum RecordMode: String, CaseIterable, Sendable {
  /// Every snapshot is recorded, and the test fails so the new references get reviewed.
  case all
  /// A missing reference is recorded (and the test fails); an existing one is compared. The default.
  case missing
  /// A snapshot that does not match replaces its reference, and the test fails.
  case failed
  /// Nothing is written; a missing reference fails. What CI always uses, so a job cannot pass by recording.
  case never

  /// The environment variable that sets the mode, as in swift-snapshot-testing.
  public static let environmentVariable = "SNAPSHOT_TESTING_RECORD"

  /// The mode in force, strongest first:
  ///
  /// 1. `explicit`, the assertion's own `record:` argument: it beats everything, `CI` included.
  /// 2. `SNAPSHOT_TESTING_RECORD`: what a person types to re-record is never silently overruled by a
  ///    trait or a scope written in the code.
  /// 3. The innermost `withSnapshotTesting(record:)` scope or `.snapshots(record:)` trait.
  /// 4. `missing`.
  ///
  /// Then, when `CI` is set (and is not `0` or `false`), any mode from 2–4 becomes `never`, so a retried CI
  /// job can never pass by recording.
  public static func resolve(
    _ explicit: RecordMode? = nil, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> RecordMode {
    if let explicit { return explicit }
    if isCI(environment) { return .never }
    if let value = environment[environmentVariable], let mode = RecordMode(rawValue: value.lowercased()) { return mode }
    return SnapshotTestingConfiguration.current.record ?? .missing
  }

  /// Whether the `CI` variable says this is a CI run.
  static func isCI(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
    environment["CI"].map { !$0.isEmpty && $0 != "0" && $0.lowercased() != "false" } ?? false
  }
}
