import Foundation
import Testing

@testable import FlipbookCLI

/// Outputs into folders that do not exist fail at once, in one line naming the folder, and write
/// nothing; an empty output path is a usage error.
@Suite("Output paths are checked before any work")
struct OutputPathTests {
  @Test(
    "A missing folder is one Error: line naming it, exit 1, nothing on stdout",
    arguments: [
      (
        ["render", Workspace.pullScript, "-o", "/nonexistent/dir/out.png"], "/nonexistent/dir/out.png",
        "/nonexistent/dir"
      ),
      (["render", Workspace.pullScript, "-o", "/nonexistent/frames"], "/nonexistent/frames", "/nonexistent"),
      (["render", Workspace.pullScript, "-o", "/nonexistent/frames/"], "/nonexistent/frames/", "/nonexistent"),
      // The frames folder does not exist either: the output is checked before the folder is read.
      (["preview", "frames", "--apng", "/nonexistent/dir/a.png"], "/nonexistent/dir/a.png", "/nonexistent/dir"),
      (["preview", "frames", "--gif", "/nonexistent/a.gif"], "/nonexistent/a.gif", "/nonexistent"),
      (["preview", "frames", "--sheet", "/nonexistent/s.png"], "/nonexistent/s.png", "/nonexistent"),
      (["preview", "frames", "--html", "/nonexistent/p.html"], "/nonexistent/p.html", "/nonexistent"),
      (["preview", "frames", "--mp4", "/nonexistent/v.mp4"], "/nonexistent/v.mp4", "/nonexistent"),
      (["preview", "frames", "--webm", "/nonexistent/v.webm"], "/nonexistent/v.webm", "/nonexistent"),
      (["diff", "a.png", "b.png", "-o", "/nonexistent/dir/report"], "/nonexistent/dir/report", "/nonexistent/dir"),
    ])
  func missingFolder(arguments: [String], output: String, folder: String) throws {
    let result = try FlipbookBinary.run(arguments)
    // For diff it is trouble (2): its exit 1 means only that the inputs differ.
    #expect(
      result
        == FlipbookBinary.Output(
          exitCode: arguments[0] == "diff" ? 2 : 1, stdout: "",
          stderr: "Error: cannot write \(output): the folder \(folder) does not exist\n"))
  }

  @Test("Nothing is written when the folder is missing, not even a partial file")
  func writesNothing() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let still = workspace.path("missing/out.png")
    let frames = workspace.path("missing/frames")
    #expect(try FlipbookBinary.run(["render", Workspace.pullScript, "-o", still]).exitCode == 1)
    #expect(try FlipbookBinary.run(["render", Workspace.pullScript, "-o", frames]).exitCode == 1)
    #expect(try workspace.contents().isEmpty)
  }

  @Test("A file where the folder should be is named as not a folder")
  func fileInTheWay() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let file = workspace.path("file.txt")
    try Data("x".utf8).write(to: URL(fileURLWithPath: file))
    let result = try FlipbookBinary.run(["render", Workspace.pullScript, "-o", file + "/out.png"])
    #expect(
      result
        == FlipbookBinary.Output(
          exitCode: 1, stdout: "", stderr: "Error: cannot write \(file)/out.png: \(file) is not a folder\n"))
  }

  @Test(
    "An empty output path is a usage error",
    arguments: [
      (["render", "scene.json", "-o", ""], "--output", "render"),
      (["render", "scene.json", "--output="], "--output", "render"),
      (["preview", "frames", "--apng", ""], "--apng", "preview"),
      (["preview", "frames", "--sheet", "s.png", "--gif", ""], "--gif", "preview"),
      (["diff", "a.png", "b.png", "-o", ""], "--output", "diff"),
    ])
  func emptyPath(arguments: [String], option: String, command: String) throws {
    let result = try FlipbookBinary.run(arguments)
    #expect(result.exitCode == 64)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr.hasPrefix("Error: \(option) must be a path, not empty\nUsage: flipbook \(command) "),
      "\(result.stderr)")
  }

  @Test(
    "An empty input path is a usage error naming the argument",
    arguments: [
      (["render", "", "-o", "out"], "<scene> ...", "render"),
      (["render", "a.json", "", "-o", "out"], "<scene> ...", "render"),
      (["preview", "", "--apng", "a.png"], "<frames>", "preview"),
      (["diff", "", "b.png"], "<a>", "diff"),
      (["diff", "a.png", ""], "<b> ...", "diff"),
      (["plot", "", "-o", "p.svg"], "<document>", "plot"),
      (["inspect", ""], "<scene>", "inspect"),
      (["snapshots", "orphans", ""], "<dir>", "snapshots"),
    ])
  func emptyInput(arguments: [String], argument: String, command: String) throws {
    let result = try FlipbookBinary.run(arguments)
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr.hasPrefix("Error: \(argument) must be a path, not empty\nUsage: flipbook \(command) "),
      "\(result.stderr)")
  }

  @Test("An output in the current folder needs no folder check")
  func bareFileName() throws {
    #expect(throws: Never.self) { try OutputPaths.requireFolder(of: "out.png") }
  }
}
