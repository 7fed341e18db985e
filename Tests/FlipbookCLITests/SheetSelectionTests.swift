import Foundation
import Testing

/// `preview --times` and `--progress` ask for frames the folder must have; asking for others is a
/// usage error (exit 64), never a quiet pick of the nearest frame.
@Suite("preview --times and --progress are checked against the frames")
struct SheetSelectionTests {
  static func usage(_ message: String) -> String {
    "Error: \(message)\nUsage: flipbook preview [<options>] <frames>\n  See 'flipbook preview --help' for more information.\n"
  }

  /// `flipbook preview <frames> --sheet <workspace>/s.png` with `selection`.
  static func sheet(_ frames: String, in workspace: Workspace, _ selection: [String]) throws -> FlipbookBinary.Output {
    try FlipbookBinary.run(["preview", frames, "--sheet", workspace.path("s.png")] + selection)
  }

  @Test(
    "A time outside the frames names the time and the range",
    arguments: [("0,5", "5"), ("1.1", "1.1"), ("-1", "-1"), ("0,-0.5,1", "-0.5")])
  func timeOutside(times: String, shown: String) throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let frames = try workspace.render(Workspace.pullScript)
    let result = try Self.sheet(frames, in: workspace, ["--times", times])
    #expect(
      result
        == FlipbookBinary.Output(
          exitCode: 64, stdout: "",
          stderr: Self.usage("--times \(shown) is outside the frames, which run from 0 to 1 s")))
    #expect(try workspace.contents() == ["frames"], "no sheet is written")
  }

  @Test("Times within the frames, their end included, make the sheet")
  func timesInside() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let frames = try workspace.render(Workspace.pullScript)
    let result = try Self.sheet(frames, in: workspace, ["--times", "0,0.5,1"])
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout.hasPrefix("Wrote \(workspace.path("s.png")) (contact sheet): "))
  }

  @Test("--progress on frames rendered without a refresh component is a usage error saying so")
  func progressWithoutRefresh() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let frames = try workspace.render(Workspace.sceneWithoutRefresh, to: "0.5")
    let result = try Self.sheet(frames, in: workspace, ["--progress", "0,0.5,1"])
    #expect(
      result
        == FlipbookBinary.Output(
          exitCode: 64, stdout: "",
          stderr: Self.usage(
            "--progress needs refreshProgress in \(frames)/manifest.json, which has none (the scene has no refresh "
              + "component); use --times or --every")))
    #expect(try workspace.contents() == ["frames"], "no sheet is written")
  }

  @Test("--progress on a pull's frames makes the sheet")
  func progressWithRefresh() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let frames = try workspace.render(Workspace.pullScript)
    let result = try Self.sheet(frames, in: workspace, ["--progress", "0,0.5,1"])
    #expect(result.exitCode == 0, "\(result)")
  }
}
