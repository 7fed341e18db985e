import Foundation

// MARK: - One assertion's work

/// What every public assertion does once it knows where it was written: resolve the value, pick the
/// reference, verify, and fail the running test through `SnapshotFailureReporter` (unless `site` is nil,
/// as for `verifySnapshot`, which only returns the message).
struct SnapshotAssertion {
  /// The test file's path: references live beside it.
  var testFile: String
  var testName: String
  var site: SnapshotCallSite?
  /// Where `CI`, `SNAPSHOT_TESTING_RECORD` and `SNAPSHOT_ARTIFACTS` are read (the process's, but for tests).
  var environment: [String: String] = ProcessInfo.processInfo.environment

  func assert<Value, Format>(
    _ value: () throws -> Value, as strategy: Snapshotting<Value, Format>, named name: String?, record: RecordMode?
  ) -> String? {
    let resolved: Value
    switch Result(catching: value) {
    case .success(let made): resolved = made
    case .failure(let error): return unresolvable(error)
    }
    return check(resolved, as: strategy, named: name, record: record)
  }

  func assertAll<Value, Format>(
    _ value: () throws -> Value, as strategies: [String: Snapshotting<Value, Format>], named name: String?,
    record: RecordMode?
  ) -> [String] {
    let resolved: Value
    switch Result(catching: value) {
    case .success(let made): resolved = made
    case .failure(let error): return [unresolvable(error)]
    }
    return strategies.keys.sorted().compactMap { key in
      check(resolved, as: strategies[key]!, named: name.map { "\($0).\(key)" } ?? key, record: record)
    }
  }

  func assertAll<Value, Format>(
    _ value: () throws -> Value, as strategies: [Snapshotting<Value, Format>], named name: String?,
    record: RecordMode?
  ) -> [String] {
    let resolved: Value
    switch Result(catching: value) {
    case .success(let made): resolved = made
    case .failure(let error): return [unresolvable(error)]
    }
    return strategies.enumerated().compactMap { index, strategy in
      check(resolved, as: strategy, named: name.map { "\($0).\(index + 1)" }, record: record)
    }
  }

  /// One snapshot: the reference named `name` (or the next number), checked and reported.
  private func check<Value, Format>(
    _ value: Value, as strategy: Snapshotting<Value, Format>, named name: String?, record: RecordMode?
  ) -> String? {
    let location = ReferenceLocation(
      testFile: URL(fileURLWithPath: testFile), testName: testName,
      name: name ?? String(SnapshotCounter.next(file: testFile, test: testName)), pathExtension: strategy.pathExtension)
    let result = verify(
      value, as: strategy, location: location, record: RecordMode.resolve(record, environment: environment),
      environment: environment)
    guard let message = result.message else { return nil }
    if let site { SnapshotFailureReporter.report(message, attachments: result.attachments, at: site) }
    return message
  }

  /// Reports the error a value threw while being made.
  private func unresolvable(_ error: any Error) -> String {
    let message = "The value to snapshot could not be made: \(error)"
    if let site { SnapshotFailureReporter.report(message, at: site) }
    return message
  }
}
