import FlipbookGraphics
import FlipbookSnapshotHygiene
import FlipbookSupport
import Foundation

// MARK: - ReferenceLocation

/// Where a reference lives: `<folder of the test file>/__Snapshots__/<TestFile>/<testName>.<name>.<ext>`,
/// and where a failure's files go: `$SNAPSHOT_ARTIFACTS/<TestFile>/` (or a temporary folder).
struct ReferenceLocation {
  let testFile: URL
  let testName: String
  let name: String
  let pathExtension: String

  /// The test name as a file name (see `SnapshotFileName.sanitize`).
  static func sanitize(_ text: String) -> String { SnapshotFileName.sanitize(text) }

  var fileStem: String { testFile.deletingPathExtension().lastPathComponent }

  var folder: URL {
    testFile.deletingLastPathComponent().appendingPathComponent("__Snapshots__").appendingPathComponent(fileStem)
  }

  var fileName: String { "\(Self.sanitize(testName)).\(Self.sanitize(name)).\(pathExtension)" }

  var reference: URL { folder.appendingPathComponent(fileName) }

  /// The variable naming the folder for failure files, as in swift-snapshot-testing.
  static let artifactsVariable = "SNAPSHOT_ARTIFACTS"

  /// Where failure files go; `SNAPSHOT_ARTIFACTS` if set.
  static func artifactsRoot(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
    if let path = environment[artifactsVariable], !path.isEmpty { return URL(fileURLWithPath: path) }
    return FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-snapshots")
  }

  func artifactsFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
    Self.artifactsRoot(environment: environment).appendingPathComponent(fileStem)
  }

  /// An artifact's file name: the reference's name with the role before the extension.
  func artifactName(role: String, pathExtension: String) -> String {
    "\(Self.sanitize(testName)).\(Self.sanitize(name)).\(role).\(pathExtension)"
  }
}

/// Writes a file through a temporary sibling and a rename, so a reference is never half-written.
func writeAtomically(_ data: Data, to url: URL) throws {
  try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
  do {
    try writeFileAtomically(url.path, data)
  } catch {
    throw SnapshotError("cannot write \(error)")
  }
}
