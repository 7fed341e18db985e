import Foundation
import Testing

/// Issue 13's literal check, through the binary: the custom re-expressions of the airplane and EGO
/// render frames that `flipbook diff` finds identical to the built-ins' (exit 0), and an altered one
/// that it does not (exit 1), so the check can fail.
@Suite("Custom refresh views, diffed end to end")
struct CustomRefreshDiffTests {
  @Test(
    "examples/custom renders every frame as the built-in style does",
    arguments: [("airplane", "6.5", 195), ("ego", "4.5", 270)])
  func identical(component: String, duration: String, frames: Int) throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let custom = try workspace.render(
      Workspace.examples.appendingPathComponent("custom/\(component).json").path, to: duration, into: "custom")
    let builtIn = try workspace.render(
      Workspace.examples.appendingPathComponent("scripts/\(component)/full-refresh.json").path, to: duration,
      into: "built-in")
    let result = try FlipbookBinary.run(["diff", builtIn, custom])
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout.hasPrefix("Match: all \(frames) frames are identical"), "\(result.stdout)")
  }

  @Test("A custom airplane with a 3 pt oval differs: diff exits 1")
  func altered() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let source = try String(
      contentsOf: Workspace.examples.appendingPathComponent("custom/airplane.json"), encoding: .utf8)
    let altered = source.replacingOccurrences(of: #""lineWidth": 4"#, with: #""lineWidth": 3"#)
    #expect(altered != source)
    let script = workspace.path("thin-oval.json")
    try Data(altered.utf8).write(to: URL(fileURLWithPath: script))
    let custom = try workspace.render(script, to: "6.5", into: "custom")
    let builtIn = try workspace.render(
      Workspace.examples.appendingPathComponent("scripts/airplane/full-refresh.json").path, to: "6.5",
      into: "built-in")
    let result = try FlipbookBinary.run(["diff", builtIn, custom])
    #expect(result.exitCode == 1, "\(result)")
    #expect(result.stdout.hasPrefix("Differ: "), "\(result.stdout)")
  }
}
