import Foundation
import Testing

/// `-q`/`--quiet` on every subcommand: nothing but errors, the closing summary line included; the
/// exit code still tells the outcome. `inspect` keeps printing its JSON, which is its product.
@Suite("--quiet on every subcommand")
struct QuietTests {
  static let silentSuccess = FlipbookBinary.Output(exitCode: 0, stdout: "", stderr: "")

  @Test("render -q: a still and a frame folder are written, nothing is printed")
  func render() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let still = workspace.path("still.png")
    #expect(
      try FlipbookBinary.run(["render", Workspace.pullScript, "-o", still, "--scale", "1", "-q"]) == Self.silentSuccess)
    #expect(FileManager.default.fileExists(atPath: still))
    let frames = workspace.path("frames")
    let result = try FlipbookBinary.run(
      ["render", Workspace.pullScript, "-o", frames, "--scale", "1", "--to", "0.5", "--quiet", "--preview", "apng"])
    #expect(result == Self.silentSuccess)
    #expect(FileManager.default.fileExists(atPath: frames + "/preview.png"))
  }

  @Test("render -q silences the document's warnings too")
  func warnings() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let scene = workspace.path("scene.json")
    try Data(
      #"{"size": [10, 10], "layers": [{"type": "shape", "name": "s", "animations": [{"keyPath": "path", "from": "M 0 0 L 5 5", "to": "M 0 0 L 5 5 L 0 5 Z"}]}]}"#
        .utf8
    ).write(to: URL(fileURLWithPath: scene))
    let loud = try FlipbookBinary.run(["render", scene, "-o", workspace.path("a.png")])
    #expect(loud.stderr.hasPrefix("warning: \(scene): "), "the scene does warn: \(loud)")
    #expect(try FlipbookBinary.run(["render", scene, "-o", workspace.path("b.png"), "-q"]) == Self.silentSuccess)
  }

  @Test("preview -q writes its outputs and prints nothing")
  func preview() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let frames = try workspace.render(Workspace.pullScript, to: "0.5")
    let result = try FlipbookBinary.run(
      ["preview", frames, "--apng", workspace.path("a.png"), "--gif", workspace.path("a.gif"), "-q"])
    #expect(result == Self.silentSuccess)
    #expect(try workspace.contents() == ["a.gif", "a.png", "frames"])
  }

  @Test("diff -q: the exit code alone says match (0) or differ (1); errors are still printed")
  func diff() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let a = try workspace.render(Workspace.pullScript, to: "0.5", into: "a")
    let b = try workspace.render(Workspace.pullScript, to: "0.5", into: "b")
    let other = try workspace.render(Workspace.sceneWithoutRefresh, to: "0.5", into: "other")
    #expect(try FlipbookBinary.run(["diff", a, b, "-q"]) == Self.silentSuccess)
    #expect(
      try FlipbookBinary.run(["diff", a, other, "--quiet"])
        == FlipbookBinary.Output(exitCode: 1, stdout: "", stderr: ""))
    let loud = try FlipbookBinary.run(["diff", a, other])
    #expect(loud.exitCode == 1 && loud.stdout.hasPrefix("Differ: "), "without -q the report is printed: \(loud)")
    let missing = try FlipbookBinary.run(["diff", a, "/nonexistent/b", "-q"])
    #expect(missing.exitCode == 2, "trouble, as cmp and diff say it")
    #expect(missing.stderr.hasPrefix("Error: /nonexistent/b: no such file or folder\n"), "\(missing.stderr)")
  }

  @Test("inspect -q still prints the JSON, the same as without it")
  func inspect() throws {
    let loud = try FlipbookBinary.run(["inspect", Workspace.pullScript])
    let quiet = try FlipbookBinary.run(["inspect", Workspace.pullScript, "-q"])
    #expect(loud.exitCode == 0 && loud.stdout.hasPrefix("{"))
    #expect(quiet == loud)
  }

  @Test("Errors are never silenced")
  func errors() throws {
    let result = try FlipbookBinary.run(["render", "/nonexistent/scene.json", "-o", "/tmp/x.png", "-q"])
    #expect(result.exitCode == 1)
    #expect(result.stderr.hasPrefix("Error: "), "\(result)")
    #expect(result.stderr.split(separator: "\n").count == 1)
  }
}
