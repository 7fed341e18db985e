import Foundation
import Testing

/// Paths stay where they belong: bundled assets by bare name, a scene's files inside its folder (unless
/// `--allow-outside-files`), a manifest's frames inside the manifest's folder. Each refusal is one
/// `Error:` line with the JSON path, and nothing is written.
@Suite("Limits: paths stay in their folders")
struct PathLimitsTests {
  /// A workspace with `doc/`, a real PNG `outside.png` beside it, and `doc/link.png` linking to it.
  static func setUp() throws -> (Workspace, String) {
    let workspace = try Workspace()
    let still = try FlipbookBinary.run(
      ["render", Workspace.sceneWithoutRefresh, "-o", workspace.path("outside.png"), "--scale", "1", "-q"])
    guard still.exitCode == 0 else { throw Workspace.RenderFailed(output: still) }
    try FileManager.default.createDirectory(atPath: workspace.path("doc"), withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(
      atPath: workspace.path("doc/link.png"), withDestinationPath: "../outside.png")
    // The folder as realpath spells it, which is how the messages name it.
    let real = URL(fileURLWithPath: workspace.path("doc")).resolvingSymlinksInPath().path
    return (workspace, real)
  }

  static func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  static func contents(_ value: String) -> String {
    ##"{"size": [10, 10], "layers": [{"frame": [0, 0, 10, 10], "contents": \##(value)}]}"##
  }

  @Test("An asset name with .. is refused, not read from outside the bundle")
  func assetEscape() throws {
    let (workspace, _) = try Self.setUp()
    defer { workspace.remove() }
    let path = workspace.path("doc/asset.json")
    try Self.write(Self.contents(##"{"asset": "../../Images/blueArrow"}"##), to: path)
    let result = try FlipbookBinary.run(["render", path, "-o", workspace.path("out.png")])
    #expect(
      result
        == FlipbookBinary.Output(
          exitCode: 1, stdout: "",
          stderr:
            ##"Error: \##(path): $.layers[0].contents.asset: "../../Images/blueArrow" is not an asset name: names are bare, with no "/" or "..""##
            + "\n"))
    #expect(!FileManager.default.fileExists(atPath: workspace.path("out.png")))
  }

  @Test(
    "A file outside the document's folder is refused by .., absolute path or link; --allow-outside-files reads it",
    arguments: ["../outside.png", "ABSOLUTE", "link.png"])
  func fileEscape(name: String) throws {
    let (workspace, folder) = try Self.setUp()
    defer { workspace.remove() }
    let outside = URL(fileURLWithPath: workspace.path("outside.png")).resolvingSymlinksInPath().path
    let file = name == "ABSOLUTE" ? outside : name
    let path = workspace.path("doc/scene.json")
    try Self.write(Self.contents(##"{"file": "\##(file)"}"##), to: path)
    let why =
      name == "link.png"
      ? "\"link.png\" is a symbolic link to \(outside), outside the document's folder \(folder)"
      : "\"\(file)\" lies outside the document's folder \(folder)"
    for command in [["render", path, "-o", workspace.path("out.png")], ["inspect", path]] {
      let result = try FlipbookBinary.run(command)
      #expect(
        result
          == FlipbookBinary.Output(
            exitCode: 1, stdout: "",
            stderr: "Error: \(path): $.layers[0].contents.file: \(why); pass --allow-outside-files to read it\n"))
    }
    #expect(!FileManager.default.fileExists(atPath: workspace.path("out.png")))
    let allowed = try FlipbookBinary.run(
      ["render", path, "-o", workspace.path("out.png"), "--allow-outside-files", "-q"])
    #expect(allowed == FlipbookBinary.Output(exitCode: 0, stdout: "", stderr: ""))
    #expect(FileManager.default.fileExists(atPath: workspace.path("out.png")))
  }

  @Test(
    "A manifest's file entries must be plain names in its folder, for preview (exit 1) and diff (exit 2)",
    arguments: ["../outside.png", "/etc/passwd", ""])
  func manifestEscape(name: String) throws {
    let (workspace, _) = try Self.setUp()
    defer { workspace.remove() }
    let frames = try workspace.render(Workspace.pullScript, to: "0.05")
    let manifest = (frames as NSString).appendingPathComponent("manifest.json")
    let text = try String(contentsOfFile: manifest, encoding: .utf8)
      .replacingOccurrences(of: "\"frame_000001.png\"", with: "\"\(name)\"")
    try Self.write(text, to: manifest)
    let problem =
      name.isEmpty
      ? "\"file\" is empty"
      : "\"file\": \"\(name)\" is not a file name in the manifest's folder (no \"/\" or \"..\")"
    let preview = try FlipbookBinary.run(["preview", frames, "--apng", workspace.path("p.png")])
    #expect(
      preview == FlipbookBinary.Output(exitCode: 1, stdout: "", stderr: "Error: \(manifest): frames[1]: \(problem)\n"))
    let other = try workspace.render(Workspace.pullScript, to: "0.05", into: "other")
    let diff = try FlipbookBinary.run(["diff", other, frames])
    #expect(
      diff == FlipbookBinary.Output(exitCode: 2, stdout: "", stderr: "Error: \(manifest): frames[1]: \(problem)\n"))
    #expect(try workspace.contents() == ["doc", "frames", "other", "outside.png"])
  }

  @Test("A frame that is a symbolic link out of the manifest's folder is refused by preview")
  func manifestLink() throws {
    let (workspace, _) = try Self.setUp()
    defer { workspace.remove() }
    let frames = try workspace.render(Workspace.pullScript, to: "0.05")
    let frame = (frames as NSString).appendingPathComponent("frame_000001.png")
    try FileManager.default.removeItem(atPath: frame)
    try FileManager.default.createSymbolicLink(atPath: frame, withDestinationPath: "../outside.png")
    let outside = URL(fileURLWithPath: workspace.path("outside.png")).resolvingSymlinksInPath().path
    let manifest = (frames as NSString).appendingPathComponent("manifest.json")
    let result = try FlipbookBinary.run(["preview", frames, "--apng", workspace.path("p.png")])
    #expect(
      result
        == FlipbookBinary.Output(
          exitCode: 1, stdout: "",
          stderr: "Error: \(manifest): frames[1]: \"frame_000001.png\" is a symbolic link to \(outside), outside the "
            + "manifest's folder\n"))
    #expect(!FileManager.default.fileExists(atPath: workspace.path("p.png")))
  }
}
