import Foundation

// MARK: - assertSnapshot

/// Asserts that `value`, snapshotted `as` a strategy, matches its reference file
/// `__Snapshots__/<TestFile>/<testName>.<name>.<ext>` beside the test file; records it when it is missing
/// (see `RecordMode`). A failure fails the running test, in Swift Testing (an issue, with the failure files
/// attached) or in XCTest (`XCTFail`); an XCTest file needs only `import FlipbookTesting`.
///
/// ```swift
/// @Test func pulled() {
///   assertSnapshot(of: headerLayer, as: .image, named: "pulling")
///   assertSnapshot(of: SnapshotDocument.file("pull.json"), as: .animation(fps: 10), named: "pull")
/// }
/// ```
///
/// - Parameters:
///   - value: the value to snapshot; an autoclosure, so an error it throws fails this assertion alone.
///   - strategy: how the value becomes a reference file and how two of them compare, e.g. `.image`.
///   - name: names the reference; without it, snapshots in a test are numbered 1, 2, 3 in order.
///   - record: the record mode for this assertion alone; it beats `SNAPSHOT_TESTING_RECORD`, scopes, traits
///     and `CI`.
///   - fileID: the calling file's ID, which Swift Testing needs to place the issue; leave the default.
///   - filePath: the calling file's path, beside which `__Snapshots__` is found; leave the default.
///   - testName: the calling test's name, which names the reference; leave the default.
///   - line: the calling line, where the failure is reported; leave the default.
///   - column: the calling column, where Swift Testing reports the failure; leave the default.
/// - Returns: the failure message, or nil when the snapshot matches.
@discardableResult
public func assertSnapshot<Value, Format>(
  of value: @autoclosure () throws -> Value, as strategy: Snapshotting<Value, Format>, named name: String? = nil,
  record: RecordMode? = nil, fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
  testName: String = #function, line: UInt = #line, column: UInt = #column
) -> String? {
  let site = SnapshotCallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  return SnapshotAssertion(testFile: "\(filePath)", testName: testName, site: site)
    .assert(value, as: strategy, named: name, record: record)
}

/// Asserts one value against several strategies, each under its own name `<name>.<key>` (or `<key>` alone):
/// `.frames(at:)` and `.frames(atProgress:)` are sets like this, one reference per time or progress point.
///
/// - Returns: the failure messages, empty when every snapshot matches.
@discardableResult
public func assertSnapshots<Value, Format>(
  of value: @autoclosure () throws -> Value, as strategies: [String: Snapshotting<Value, Format>],
  named name: String? = nil, record: RecordMode? = nil, fileID: StaticString = #fileID,
  file filePath: StaticString = #filePath, testName: String = #function, line: UInt = #line, column: UInt = #column
) -> [String] {
  let site = SnapshotCallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  return SnapshotAssertion(testFile: "\(filePath)", testName: testName, site: site)
    .assertAll(value, as: strategies, named: name, record: record)
}

/// Asserts one value against several strategies in order, each numbered as an unnamed snapshot is (or
/// `<name>.1`, `<name>.2` with a name), as swift-snapshot-testing's array form does.
@discardableResult
public func assertSnapshots<Value, Format>(
  of value: @autoclosure () throws -> Value, as strategies: [Snapshotting<Value, Format>], named name: String? = nil,
  record: RecordMode? = nil, fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
  testName: String = #function, line: UInt = #line, column: UInt = #column
) -> [String] {
  let site = SnapshotCallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  return SnapshotAssertion(testFile: "\(filePath)", testName: testName, site: site)
    .assertAll(value, as: strategies, named: name, record: record)
}

/// Checks a snapshot as `assertSnapshot` does — recording by the same rules, writing the same failure
/// files — but returns the failure message instead of failing the test, for a caller that decides itself.
public func verifySnapshot<Value, Format>(
  of value: @autoclosure () throws -> Value, as strategy: Snapshotting<Value, Format>, named name: String? = nil,
  record: RecordMode? = nil, file filePath: StaticString = #filePath, testName: String = #function
) -> String? {
  SnapshotAssertion(testFile: "\(filePath)", testName: testName, site: nil)
    .assert(value, as: strategy, named: name, record: record)
}
