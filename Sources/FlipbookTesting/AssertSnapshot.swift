import Foundation
import Testing

// MARK: - assertSnapshot

/// Asserts that `value`, snapshotted `as` a strategy, matches its reference file
/// `__Snapshots__/<TestFile>/<testName>.<name>.<ext>` beside the test file; records it when it is missing
/// (see `RecordMode`). Works in Swift Testing (failures become issues, files become attachments) and in
/// XCTest (failures are recorded as issues too; use the returned message to fail an XCTest yourself).
///
/// ```swift
/// @Test func pulled() throws {
///   assertSnapshot(of: headerLayer, as: .image, named: "pulling")
///   assertSnapshot(of: .file("examples/scripts/pull.json"), as: .animation(fps: 10), named: "pull")
/// }
/// ```
///
/// - Parameters:
///   - named: names the reference; without it, snapshots in a test are numbered 1, 2, 3 in order.
///   - record: overrides the record mode from traits, `SNAPSHOT_TESTING_RECORD` and `CI`.
/// - Returns: the failure message, or nil when the snapshot matches.
@discardableResult
public func assertSnapshot<Value, Format>(
  of value: @autoclosure () throws -> Value, as strategy: Snapshotting<Value, Format>, named name: String? = nil,
  record: RecordMode? = nil, filePath: String = #filePath, testName: String = #function,
  sourceLocation: SourceLocation = #_sourceLocation
) -> String? {
  let resolved: Value
  do {
    resolved = try value()
  } catch {
    let message = "The value to snapshot could not be made: \(error)"
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    return message
  }
  let location = ReferenceLocation(
    testFile: URL(fileURLWithPath: filePath), testName: testName,
    name: name ?? String(SnapshotCounter.next(file: filePath, test: testName)), pathExtension: strategy.pathExtension)
  let result = verify(resolved, as: strategy, location: location, record: RecordMode.resolve(record))
  guard let message = result.message else { return nil }
  for (fileName, data) in result.attachments {
    Attachment.record(Array(data), named: fileName, sourceLocation: sourceLocation)
  }
  Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
  return message
}

/// Asserts several strategies at once, each under its own name: `<name>.<key>` (or `<key>` alone).
/// `.frames(at:)` is a set like this, one reference per time.
@discardableResult
public func assertSnapshots<Value, Format>(
  of value: @autoclosure () throws -> Value, as strategies: [String: Snapshotting<Value, Format>],
  named name: String? = nil, record: RecordMode? = nil, filePath: String = #filePath, testName: String = #function,
  sourceLocation: SourceLocation = #_sourceLocation
) -> [String] {
  let resolved: Value
  do {
    resolved = try value()
  } catch {
    let message = "The value to snapshot could not be made: \(error)"
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    return [message]
  }
  return strategies.keys.sorted().compactMap { key in
    assertSnapshot(
      of: resolved, as: strategies[key]!, named: name.map { "\($0).\(key)" } ?? key, record: record,
      filePath: filePath, testName: testName, sourceLocation: sourceLocation)
  }
}

/// Numbers unnamed snapshots 1, 2, 3 within one test (per test run).
enum SnapshotCounter {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var counts: [String: Int] = [:]

  static func next(file: String, test: String) -> Int {
    let key = "\(file)#\(test)#\(Test.current?.id.description ?? "")#\(Test.Case.current.map { "\($0)" } ?? "")"
    lock.lock()
    defer { lock.unlock() }
    counts[key, default: 0] += 1
    return counts[key]!
  }
}
