import FlipbookSupport
import Foundation
import Testing

@testable import FlipbookCLI

/// A render replaces its output folder whole, so the folder it may replace is only a new one, an empty one
/// or an earlier output of the same kind: never a folder of the user's own, nor the current folder.
@Suite("Only an earlier output is replaced")
struct OutputReplacementTests {
  static let quick = ["--scale", "1", "--to", "0.1", "-q"]

  @Test("A one-character output name in the current folder renders (Foundation's path call trapped on it)")
  func oneCharacterName() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let result = try FlipbookBinary.run(
      ["render", Workspace.pullScript, "-o", "x"] + Self.quick, in: workspace.path(""))
    #expect(result.exitCode == 0, "\(result)")
    #expect(FileManager.default.fileExists(atPath: workspace.path("x/manifest.json")))
    #expect(try workspace.contents() == ["x"])
  }

  @Test(
    "The parent folder of one-character and odd paths",
    arguments: [
      ("x", ""), (".", ""), ("é", ""), ("x/", ""), ("a/b", "a"), ("a/b/", "a"), ("a//b", "a"), ("/b", "/"), ("/", "/"),
      ("//b", "/"), ("ab/c", "ab"),
    ])
  func parentFolder(path: String, folder: String) {
    #expect(ParentFolder.of(path) == folder)
  }

  @Test("A folder of the user's own is refused, named with what it holds, and left as it was")
  func foreignFolder() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let mine = workspace.path("mine")
    try FileManager.default.createDirectory(atPath: mine, withIntermediateDirectories: false)
    try Data("notes".utf8).write(to: URL(fileURLWithPath: mine + "/notes.txt"))
    try Data("more".utf8).write(to: URL(fileURLWithPath: mine + "/todo.txt"))
    let result = try FlipbookBinary.run(["render", Workspace.pullScript, "-o", mine] + Self.quick)
    #expect(
      result
        == FlipbookBinary.Output(
          exitCode: 1, stdout: "",
          stderr: "Error: \(mine): holds no manifest.json, so it is not an earlier output (it holds notes.txt and 1 "
            + "more); refusing to replace it: give a new folder, or remove this one first\n"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: mine).sorted() == ["notes.txt", "todo.txt"])
    #expect(try workspace.contents() == ["mine"], "no partial folder left beside it")
  }

  @Test("An earlier render and an empty folder are replaced")
  func earlierOutput() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let frames = try workspace.render(Workspace.pullScript, to: "0.1")
    try Data("stale".utf8).write(to: URL(fileURLWithPath: frames + "/stale.txt"))
    #expect(try FlipbookBinary.run(["render", Workspace.pullScript, "-o", frames] + Self.quick).exitCode == 0)
    #expect(!FileManager.default.fileExists(atPath: frames + "/stale.txt"), "the old folder went whole")
    let empty = workspace.path("empty")
    try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: false)
    #expect(try FlipbookBinary.run(["render", Workspace.pullScript, "-o", empty] + Self.quick).exitCode == 0)
    #expect(FileManager.default.fileExists(atPath: empty + "/manifest.json"))
  }

  @Test("The current folder, or one holding it, is refused even when it is an earlier render", arguments: [".", ".."])
  func currentFolder(output: String) throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let frames = try workspace.render(Workspace.pullScript, to: "0.1")
    let before = try FileManager.default.contentsOfDirectory(atPath: frames).sorted()
    let result = try FlipbookBinary.run(["render", Workspace.pullScript, "-o", output] + Self.quick, in: frames)
    let target = output == "." ? frames : workspace.path("")
    #expect(result.exitCode == 1, "\(result)")
    #expect(
      result.stderr
        == "Error: \(URL(fileURLWithPath: target).standardizedFileURL.path): is the current folder or holds it; "
        + "give a folder beside it instead\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: frames).sorted() == before)
  }

  @Test("diff -o refuses a folder that is not an earlier report, with trouble (exit 2)")
  func diffReportFolder() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let expected = try workspace.render(Workspace.pullScript, to: "0.1", into: "expected")
    let actual = try workspace.render(Workspace.sceneWithoutRefresh, to: "0.1", into: "actual")
    let mine = workspace.path("mine")
    try FileManager.default.createDirectory(atPath: mine, withIntermediateDirectories: false)
    try Data("notes".utf8).write(to: URL(fileURLWithPath: mine + "/notes.txt"))
    let result = try FlipbookBinary.run(["diff", expected, actual, "-o", mine])
    #expect(result.exitCode == 2, "\(result)")
    #expect(
      result.stderr.hasPrefix(
        "Error: \(mine): holds no report.html, so it is not an earlier output (it holds notes.txt); "), "\(result)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: mine) == ["notes.txt"])
  }

  @Test("A batch refuses a user's folder where a render would go, before its first render")
  func batchForeignFolder() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let short = Workspace.examples.appendingPathComponent("scripts/apl/short-pull.json").path
    let out = workspace.path("out")
    let mine = out + "/ego/short-pull"
    try FileManager.default.createDirectory(atPath: mine, withIntermediateDirectories: true)
    try Data("notes".utf8).write(to: URL(fileURLWithPath: mine + "/notes.txt"))
    let result = try FlipbookBinary.run(["render", short, Workspace.pullScript, "-o", out] + Self.quick)
    #expect(result.exitCode == 1, "\(result)")
    #expect(
      result.stderr.hasPrefix("Error: \(mine): holds no manifest.json, so it is not an earlier output"), "\(result)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["ego"], "apl/short-pull not rendered first")
    #expect(try FileManager.default.contentsOfDirectory(atPath: mine) == ["notes.txt"])
  }
}
