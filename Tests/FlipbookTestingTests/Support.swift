import FlipbookGraphics
import Foundation
import Testing

@testable import FlipbookTesting

/// A throwaway folder standing in for a test target: snapshot assertions are pointed at a fake test file
/// inside it, so the library's own tests never touch the repository's references.
final class Sandbox {
  let root: URL
  init() {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-testing-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
  }
  deinit { try? FileManager.default.removeItem(at: root) }

  /// The fake test file's path (it need not exist).
  var testFile: String { root.appendingPathComponent("FakeTests.swift").path }
  var artifacts: URL { root.appendingPathComponent("artifacts") }
  func reference(_ name: String, test: String = "check", ext: String = "png") -> URL {
    root.appendingPathComponent("__Snapshots__/FakeTests/\(test).\(name).\(ext)")
  }

  func location(_ name: String, test: String = "check()", ext: String = "png") -> ReferenceLocation {
    ReferenceLocation(testFile: URL(fileURLWithPath: testFile), testName: test, name: name, pathExtension: ext)
  }
}

/// `assertSnapshot` pointed at the sandbox's fake test file instead of the caller's, failing the running
/// test (Swift Testing or XCTest) at the caller's line as the public function does.
@discardableResult
func assertSnapshot<Value, Format>(
  of value: @autoclosure () throws -> Value, as strategy: Snapshotting<Value, Format>, named name: String? = nil,
  record: RecordMode? = nil, filePath: String, testName: String,
  environment: [String: String] = ProcessInfo.processInfo.environment, fileID: StaticString = #fileID,
  reportedFile: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> String? {
  SnapshotAssertion(
    testFile: filePath, testName: testName,
    site: SnapshotCallSite(fileID: fileID, filePath: reportedFile, line: line, column: column),
    environment: environment
  ).assert(value, as: strategy, named: name, record: record)
}

/// A 20x10 image: white with a black square at (x, 2), 4x4, drawn with anti-aliasing at fractional x.
func squareImage(x: Double = 4, colour: Color = .black) throws -> Image {
  try Image.drawing(pixelWidth: 20, pixelHeight: 10, scale: 1) { canvas throws(GraphicsError) in
    canvas.fillAll(.white, replace: true)
    canvas.fill(CGRect(x: x, y: 2, width: 4, height: 4), color: colour)
  }
}

/// The texts of the issues a block records (errors it throws count too), collected instead of failing.
func recordedMessages(_ body: () throws -> Void) -> [String] {
  let box = MessageBox()
  withKnownIssue(isIntermittent: true) {
    do {
      try body()
    } catch {
      box.append("thrown: \(error)")
    }
  } matching: { issue in
    box.append(issue.comments.map(\.rawValue).joined(separator: "\n"))
    return true
  }
  return box.messages
}

/// Messages gathered from the known-issue matcher, which may run on another thread.
final class MessageBox: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [String] = []
  func append(_ message: String) {
    lock.lock()
    stored.append(message)
    lock.unlock()
  }
  var messages: [String] {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }
}
