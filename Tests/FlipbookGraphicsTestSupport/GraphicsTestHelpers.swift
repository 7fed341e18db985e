import FlipbookGraphics
import Foundation
import Testing

// MARK: - Shared test helpers

// Drawing's tests and the image formats' tests both make images from RGBA, check thrown errors and run tools;
// the helpers live in a module of their own so the two test targets share one copy.

/// A `width` x `height` image whose straight RGBA pixel at (x, y) is `color(x, y)`.
public func testImage(width: Int, height: Int, _ color: (Int, Int) -> [UInt8]) throws -> Image {
  var bytes: [UInt8] = []
  for y in 0..<height { for x in 0..<width { bytes += color(x, y) } }
  return try Image(width: width, height: height, rgba: bytes)
}

/// The `GraphicsError` that `body` throws, or nil; any other error is recorded as an issue.
public func thrownGraphicsError(_ body: () throws -> Void) -> GraphicsError? {
  do { try body() } catch let error as GraphicsError { return error } catch {
    Issue.record("unexpected error: \(error)")
  }
  return nil
}

/// The reason in `error`'s description when it starts with `prefix`, which names the case ("cannot
/// scale image: "); otherwise the whole description, so a different case fails the comparison.
public func reason(of error: GraphicsError?, after prefix: String) -> String? {
  guard let description = error?.description else { return nil }
  return description.hasPrefix(prefix) ? String(description.dropFirst(prefix.count)) : description
}

/// Runs `executable` and returns its exit status and its stdout and stderr together.
public func runTool(_ executable: String, _ arguments: [String]) throws -> (status: Int32, text: String) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = pipe
  try process.run()
  let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  return (process.terminationStatus, text)
}
