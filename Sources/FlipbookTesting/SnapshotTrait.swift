import Testing

// MARK: - Trait

/// `@Suite(.snapshots(record: .failed))` or `@Test(.snapshots(diffTool: "ksdiff"))`: the settings for the
/// snapshots taken inside, as pointfree's trait does; the same scope as `withSnapshotTesting`, so an inner
/// trait or scope overrides only what it sets. Like the scope, its record mode gives way to
/// `SNAPSHOT_TESTING_RECORD` and to an assertion's `record:` argument.
public struct SnapshotsTrait: TestTrait, SuiteTrait, TestScoping {
  /// The settings laid over the enclosing scope's for the test or suite.
  public let configuration: SnapshotTestingConfiguration

  public var isRecursive: Bool { true }

  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    let scoped = configuration.overriding(SnapshotTestingConfiguration.current)
    try await SnapshotTestingConfiguration.$current.withValue(scoped) { try await function() }
  }
}

extension Trait where Self == SnapshotsTrait {
  /// Sets the record mode and the diff tool for the snapshots of a test or a suite.
  public static func snapshots(record: RecordMode? = nil, diffTool: SnapshotDiffTool? = nil) -> SnapshotsTrait {
    SnapshotsTrait(configuration: SnapshotTestingConfiguration(record: record, diffTool: diffTool))
  }
}
