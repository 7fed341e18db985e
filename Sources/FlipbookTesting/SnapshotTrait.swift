import Testing

// MARK: - Trait

/// `@Suite(.snapshots(record: .failed))` or `@Test(.snapshots(record: .all))`: the record mode for the
/// snapshots taken inside, as pointfree's trait does.
public struct SnapshotsTrait: TestTrait, SuiteTrait, TestScoping {
  public let record: RecordMode

  public var isRecursive: Bool { true }

  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    try await RecordMode.$current.withValue(record) { try await function() }
  }
}

extension Trait where Self == SnapshotsTrait {
  /// Sets the record mode for the snapshots of a test or a suite.
  public static func snapshots(record: RecordMode) -> SnapshotsTrait { SnapshotsTrait(record: record) }
}
