import Foundation
import Testing

/// Numbers out of range, in documents and options, are refused before any work with one `Error:` line
/// naming the file and the JSON path (exit 1) or the option (exit 64), and nothing is written.
@Suite("Limits: numbers in documents and options")
struct LimitsTests {
  /// A one-layer scene whose layer has `layer`'s keys.
  static func scene(_ layer: String) -> String {
    ##"{"size": [10, 10], "layers": [{"frame": [0, 0, 5, 5], "backgroundColor": "#FF0000", \##(layer)}]}"##
  }

  @Test(
    "Extreme document numbers are one Error: line with the JSON path, exit 1, nothing written",
    arguments: [
      (
        scene(##""animations": [{"keyPath": "opacity", "to": 0, "beginTime": 1e300}]"##),
        "$.layers[0].animations[0].beginTime: 1e+300 is beyond ±1e9, the largest number a document may hold"
      ),
      (
        scene(##""animations": [{"keyPath": "opacity", "to": 0, "speed": 1e-300}]"##),
        "$.layers[0].animations[0].speed: speed 1e-300 must be 0 or from 0.001 to 1000 either side of 0"
      ),
      (
        scene(##""speed": 1e-300"##),
        "$.layers[0].speed: speed 1e-300 must be 0 or from 0.001 to 1000 either side of 0"
      ),
      (
        scene(##""animations": [{"keyPath": "opacity", "to": 0, "timeOffset": 90000}]"##),
        "$.layers[0].animations[0].timeOffset: 90000 s is beyond ±86400 s (a day), the longest a render runs"
      ),
      (
        ##"{"size": [10, 10], "layers": [{"type": "shape", "path": "M 0 0 L 1e309 5"}]}"##,
        "$.layers[0].path: bad path: 1e309 at offset 8 is beyond ±1e9, the largest coordinate a path may hold"
      ),
      (
        scene(##""contents": {"file": "picture@nanx.png"}"##),
        "$.layers[0].contents.file: the file name's scale @nanx must be a number from 0.1 to 10"
      ),
    ])
  func documentNumbers(document: String, expected: String) throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let path = workspace.path("doc.json")
    try Data(document.utf8).write(to: URL(fileURLWithPath: path))
    for output in ["frames", "still.png"] {
      let result = try FlipbookBinary.run(["render", path, "-o", workspace.path(output)])
      #expect(result == FlipbookBinary.Output(exitCode: 1, stdout: "", stderr: "Error: \(path): \(expected)\n"))
    }
    #expect(try workspace.contents() == ["doc.json"])
  }

  @Test(
    "Non-finite and out-of-range option values are usage errors, exit 64, never \"(null)\"",
    arguments: [
      (["--to", "inf"], "Error: The value 'inf' is invalid for '--to <to>'"),
      (["--to", "nan"], "Error: The value 'nan' is invalid for '--to <to>'"),
      (["--fps", "inf"], "Error: The value 'inf' is invalid for '--fps <fps>'"),
      (["--from", "nan"], "Error: The value 'nan' is invalid for '--from <from>'"),
      (["--to", "1e9"], "Error: --to must be a time from 0 to 86400 seconds (got 1000000000)"),
    ])
  func options(options: [String], firstLine: String) throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let result = try FlipbookBinary.run(["render", Workspace.pullScript, "-o", workspace.path("frames")] + options)
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stdout == "")
    #expect(result.stderr.split(separator: "\n").first.map(String.init) == firstLine, "\(result.stderr)")
    #expect(!result.stderr.contains("(null)"))
    #expect(try workspace.contents().isEmpty)
  }

  @Test("--at nan on a still and on inspect is a usage error")
  func atNaN() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    for arguments in [
      ["render", Workspace.pullScript, "-o", workspace.path("still.png"), "--at", "nan"],
      ["inspect", Workspace.pullScript, "--at", "nan"],
    ] {
      let result = try FlipbookBinary.run(arguments)
      #expect(result.exitCode == 64, "\(result)")
      #expect(result.stderr.hasPrefix("Error: The value 'nan' is invalid for '--at <at>'"), "\(result.stderr)")
    }
    #expect(try workspace.contents().isEmpty)
  }

  @Test("A huge --times is named in exponent form, not as three hundred digits")
  func hugeTimes() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let frames = try workspace.render(Workspace.pullScript, to: "0.05")
    let result = try FlipbookBinary.run(["preview", frames, "--sheet", workspace.path("s.png"), "--times", "1e300"])
    #expect(result.exitCode == 64, "\(result)")
    #expect(
      result.stderr.split(separator: "\n").first
        == "Error: --times 1e+300 is outside the frames, which run from 0 to 0.05 s", "\(result.stderr)")
    #expect(try workspace.contents() == ["frames"])
  }
}
