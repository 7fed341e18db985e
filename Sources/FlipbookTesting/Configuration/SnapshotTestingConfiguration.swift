// MARK: - Scoped settings

/// The settings a `withSnapshotTesting` scope or a `.snapshots` trait gives the snapshots taken inside
/// it. A task-local value, so it reaches every assertion in the scope under XCTest and Swift Testing alike,
/// and concurrent tests never see each other's settings. An inner scope overrides only what it sets.
public struct SnapshotTestingConfiguration: Sendable {
  /// The record mode for the scope; nil leaves the outer scope's (or the default) in force.
  public var record: RecordMode?
  /// The command printed in each failure to open the expected and actual files side by side.
  public var diffTool: SnapshotDiffTool?

  /// Settings for a scope; what is left nil comes from the scope around it.
  public init(record: RecordMode? = nil, diffTool: SnapshotDiffTool? = nil) {
    self.record = record
    self.diffTool = diffTool
  }

  /// The settings of the innermost scope around the running code.
  @TaskLocal public static var current = SnapshotTestingConfiguration()

  /// This scope's settings laid over `outer`: what this one leaves nil comes from outside.
  func overriding(_ outer: SnapshotTestingConfiguration) -> SnapshotTestingConfiguration {
    SnapshotTestingConfiguration(record: record ?? outer.record, diffTool: diffTool ?? outer.diffTool)
  }
}
