import FlipbookGraphics
import Foundation
import Testing

/// Compares a rendered image with a reviewed reference PNG in `__Snapshots__/<TestFile>/<name>.png`.
///
/// Small tolerances absorb rounding differences between Cairo and pixman builds: a pixel matches when no
/// channel moves more than `channelTolerance`, and the images match when at most `maxDifferingPixels`
/// pixels do not. A missing reference is written and the test fails, naming the file; an existing
/// reference is rewritten only when `FLIPBOOK_RECORD=1` is set (never under `CI`). The snapshot library
/// of a later issue replaces this helper.
func expectMatchesReference(
  _ image: Image, named name: String, channelTolerance: Int = 2, maxDifferingPixels: Int = 0,
  filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let testFile = URL(fileURLWithPath: filePath)
  let folder = testFile.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
    .appendingPathComponent(testFile.deletingPathExtension().lastPathComponent)
  let reference = folder.appendingPathComponent("\(name).png")
  let environment = ProcessInfo.processInfo.environment
  let record = environment["FLIPBOOK_RECORD"] == "1" && environment["CI"] == nil
  let exists = FileManager.default.fileExists(atPath: reference.path)
  if !exists || record {
    guard environment["CI"] == nil else {
      Issue.record("Missing reference \(reference.path) (not recorded under CI)", sourceLocation: sourceLocation)
      return
    }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try image.writePNG(toFile: reference.path, options: .smallest)
    if !exists {
      Issue.record(
        "Recorded a new reference at \(reference.path); review it and run again", sourceLocation: sourceLocation)
    }
    return
  }
  let expected = try Image(contentsOfFile: reference.path)
  guard expected.width == image.width, expected.height == image.height else {
    Issue.record(
      "Size differs from \(reference.path): expected \(expected.width)x\(expected.height), got \(image.width)x\(image.height)",
      sourceLocation: sourceLocation)
    return
  }
  var differing = 0
  var worst = 0
  var first: (Int, Int)?
  for y in 0..<image.height {
    for x in 0..<image.width {
      let d = image.pixel(x: x, y: y).distance(to: expected.pixel(x: x, y: y))
      if d > channelTolerance {
        differing += 1
        worst = max(worst, d)
        if first == nil { first = (x, y) }
      }
    }
  }
  if differing > maxDifferingPixels, let first {
    let failed = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("\(name).actual.png")
    try? image.writePNG(toFile: failed.path)
    let message =
      "\(differing) pixels differ from \(reference.lastPathComponent) (first at \(first.0),\(first.1); largest channel "
      + "difference \(worst)); actual image written to \(failed.path)"
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
  }
}
