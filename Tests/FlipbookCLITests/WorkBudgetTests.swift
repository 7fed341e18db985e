import FlipbookBatch
import Foundation
import Testing

@testable import FlipbookCLI

/// A render's work is estimated before it starts and refused past the budget unless `--allow-large`:
/// one `Error:` line naming the estimate and the budget, exit 1, in well under a second, nothing written.
@Suite("Limits: the work budget")
struct WorkBudgetTests {
  static let hint = "; pass --allow-large to run it anyway"

  @Test("An hour at 240 fps is 864,000 frames: refused at once")
  func tooManyFrames() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let started = Date()
    let result = try FlipbookBinary.run(
      ["render", Workspace.pullScript, "-o", workspace.path("frames"), "--to", "3600", "--fps", "240"])
    #expect(Date().timeIntervalSince(started) < 2)
    #expect(
      result
        == FlipbookBinary.Output(
          exitCode: 1, stdout: "",
          stderr: "Error: \(Workspace.pullScript): the render would draw 864000 frames, more than the budget of "
            + "36000\(Self.hint)\n"))
    #expect(try workspace.contents().isEmpty)
  }

  @Test("A scene event at 86,400 s makes a day of frames: refused at once")
  func eventADayAway() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let path = workspace.path("late.json")
    try Data(
      ##"{"size": [10, 10], "layers": [{"name": "a", "frame": [0, 0, 5, 5]}], "events": [{"at": 86400, "set": {"a": {"opacity": 0}}}]}"##
        .utf8
    ).write(to: URL(fileURLWithPath: path))
    let result = try FlipbookBinary.run(["render", path, "-o", workspace.path("frames")])
    #expect(
      result
        == FlipbookBinary.Output(
          exitCode: 1, stdout: "",
          stderr: "Error: \(path): the render would draw 5184015 frames, more than the budget of 36000 (the scene "
            + "lasts 86400.25 s, until $.events[0] ends; give the document a \"duration\" to end sooner, or pass "
            + "--allow-large to run it anyway)\n"))
    #expect(try workspace.contents() == ["late.json"])
  }

  @Test("An animation repeating for a day is named as what made the scene long")
  func animationRepeatingForDays() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let path = workspace.path("days.json")
    try Data(
      ##"""
      {"size": [10, 10], "layers": [{"name": "a", "frame": [0, 0, 5, 5]},
        {"name": "b", "frame": [0, 0, 5, 5], "animations": [
          {"keyPath": "opacity", "from": 0, "to": 1, "duration": 1},
          {"keyPath": "opacity", "from": 0, "to": 1, "duration": 1, "repeatDuration": 86400}]}]}
      """##.utf8
    ).write(to: URL(fileURLWithPath: path))
    let refused = try FlipbookBinary.run(["render", path, "-o", workspace.path("frames")])
    #expect(
      refused.stderr
        == "Error: \(path): the render would draw 5184000 frames, more than the budget of 36000 (the scene lasts "
        + "86400 s, until $.layers[1].animations[1] ends; give the document a \"duration\" to end sooner, or pass "
        + "--allow-large to run it anyway)\n")
    // With a duration, or a range the command gives, the animation is not to blame.
    let ranged = try FlipbookBinary.run(["render", path, "-o", workspace.path("frames"), "--to", "3600"])
    #expect(ranged.stderr.hasSuffix("more than the budget of 36000\(Self.hint)\n"), "\(ranged.stderr)")
    #expect(try workspace.contents() == ["days.json"])
  }

  @Test("A script shown a day in is 5 million simulation ticks (60 a second, plus its one touch's two moments)")
  func ticksADayIn() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let expected =
      "Error: \(Workspace.pullScript): reaching the last frame takes 5184002 simulation ticks, more than the "
      + "budget of 216000 (an hour at 60 a second)\(Self.hint)\n"
    for arguments in [
      ["render", Workspace.pullScript, "-o", workspace.path("still.png"), "--at", "86400"],
      ["inspect", Workspace.pullScript, "--at", "86400"],
    ] {
      #expect(try FlipbookBinary.run(arguments) == FlipbookBinary.Output(exitCode: 1, stdout: "", stderr: expected))
    }
    #expect(try workspace.contents().isEmpty)
  }

  @Test("--allow-large lets a render past the budget start")
  func allowLarge() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let path = workspace.path("tiny.json")
    // 36,001 frames of 1x1 px: just past the frame budget.
    try Data(##"{"size": [1, 1], "scale": 1, "fps": 240, "duration": 150.004}"##.utf8)
      .write(to: URL(fileURLWithPath: path))
    let refused = try FlipbookBinary.run(["render", path, "-o", workspace.path("frames")])
    #expect(
      refused.stderr
        == "Error: \(path): the render would draw 36001 frames, more than the budget of 36000\(Self.hint)\n")
    // A script shown at 3601 s is 216,063 ticks, just past the tick budget: with the flag it runs and answers.
    let inspected = try FlipbookBinary.run(["inspect", Workspace.pullScript, "--at", "3601", "--allow-large", "-q"])
    #expect(inspected.exitCode == 0, "\(inspected)")
    #expect(inspected.stdout.hasPrefix("{\n  \"time\": 3601,"), "\(inspected.stdout.prefix(80))")
  }

  @Test("Every limit is far above what the bundled examples need")
  func budgetsAreGenerous() {
    // The largest example (ego/zh-hant-375x667.json) draws 270 frames of 1125x2001 px; the longest runs 5 s.
    let largest = RenderWork(frames: 300, pixelsPerFrame: 1125 * 2001, moments: 5 * 60 + 10)
    #expect(Double(largest.frames) < Double(RenderBudget.maxFrames) / 100)
    #expect(largest.pixels < RenderBudget.maxPixels / 25)
    #expect(largest.moments < RenderBudget.maxMoments / 100)
    #expect(throws: Never.self) { try RenderBudget.check(largest, document: "x.json", allowLarge: false) }
    let huge = RenderWork(frames: 864_000, pixelsPerFrame: 1, moments: 0)
    #expect(throws: Never.self) { try RenderBudget.check(huge, document: "x.json", allowLarge: true) }
  }
}
