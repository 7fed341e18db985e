import Foundation
import Testing

// MARK: - Numbering unnamed snapshots

/// Numbers unnamed snapshots 1, 2, 3 within one test (per test run): per Swift Testing test and case when
/// one is running, else per file and test name (an XCTest method).
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
