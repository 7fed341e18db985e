import Foundation

/// A temporary folder for one test, with the example scripts and small scenes the CLI tests render.
struct Workspace {
  static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("examples")
  /// A pull that reaches the refresh threshold; its manifest records refreshProgress.
  static let pullScript = examples.appendingPathComponent("scripts/ego/short-pull.json").path
  /// A scene with no refresh component; its manifest has no refreshProgress.
  static let sceneWithoutRefresh = examples.appendingPathComponent("scenes/ego-flip.json").path

  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// The names in the folder, hidden ones (partial files) included.
  func contents() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
  }

  /// Renders `document` at scale 1 up to `to` seconds into the folder `name`, quietly.
  func render(_ document: String, to: String = "1", into name: String = "frames") throws -> String {
    let folder = path(name)
    let result = try FlipbookBinary.run(["render", document, "-o", folder, "--scale", "1", "--to", to, "-q"])
    guard result.exitCode == 0 else { throw RenderFailed(output: result) }
    return folder
  }

  func remove() { try? FileManager.default.removeItem(at: url) }

  struct RenderFailed: Error, CustomStringConvertible {
    let output: FlipbookBinary.Output
    var description: String { "render failed: \(output)" }
  }
}
