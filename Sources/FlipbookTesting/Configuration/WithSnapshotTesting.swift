// MARK: - withSnapshotTesting

/// Runs `operation` with a record mode and a diff tool for every snapshot inside it, as
/// swift-snapshot-testing's function of the same name does:
///
/// ```swift
/// withSnapshotTesting(record: .failed, diffTool: "ksdiff") {
///   assertSnapshot(of: layer, as: .image)
/// }
/// ```
///
/// The scope's record mode gives way to `SNAPSHOT_TESTING_RECORD` (what a person types to re-record is
/// never silently overruled by code) and to a `record:` argument on the assertion; see `RecordMode`.
public func withSnapshotTesting<Result>(
  record: RecordMode? = nil, diffTool: SnapshotDiffTool? = nil, operation: () throws -> Result
) rethrows -> Result {
  let configuration = SnapshotTestingConfiguration(record: record, diffTool: diffTool)
    .overriding(SnapshotTestingConfiguration.current)
  return try SnapshotTestingConfiguration.$current.withValue(configuration, operation: operation)
}

/// `withSnapshotTesting` for asynchronous code.
public func withSnapshotTesting<Result>(
  record: RecordMode? = nil, diffTool: SnapshotDiffTool? = nil, isolation: isolated (any Actor)? = #isolation,
  operation: () async throws -> Result
) async rethrows -> Result {
  let configuration = SnapshotTestingConfiguration(record: record, diffTool: diffTool)
    .overriding(SnapshotTestingConfiguration.current)
  return try await SnapshotTestingConfiguration.$current.withValue(configuration, operation: operation)
}
