import FlipbookRender
import Foundation
import Testing

/// Progress bars for render, preview and diff: drawn on stderr only for a person at a terminal.
@Suite("Progress bars on a terminal")
struct ProgressOnTerminalTests {
  @Test(
    "The bar draws only on a TTY, outside CI, when not quiet",
    arguments: [
      (false, true, [:], true), (false, true, ["TERM": "xterm"], true), (false, true, ["CI": "true"], false),
      (false, true, ["CI": ""], false), (false, false, [:], false), (true, true, [:], false),
    ] as [(Bool, Bool, [String: String], Bool)])
  func decision(quiet: Bool, isTTY: Bool, environment: [String: String], draws: Bool) {
    #expect(ProgressBar(quiet: quiet, isTTY: isTTY, environment: environment).isEnabled == draws)
  }

  @Test("A titled bar counting its own unit, as preview and diff draw it")
  func titledBar() {
    final class Sink: @unchecked Sendable { var text = "" }
    let sink = Sink()
    let bar = ProgressBar(isTTY: true, environment: [:], width: 10, title: "GIF", unit: "frame pairs compared") {
      sink.text += $0
    }
    bar.update(done: 5, of: 10)
    #expect(sink.text.hasPrefix("\rGIF  [#####.....]  5/10 frame pairs compared  0."), "\(sink.text)")
    #expect(sink.text.hasSuffix(" s"))
  }

  /// Runs `command` under `script`, which gives it a terminal; stdout is sent to a file inside the
  /// command, so what `script` hands back is what the program wrote to stderr (the terminal).
  func onTerminal(_ arguments: [String], environment extra: [String: String] = [:]) throws -> (
    terminal: String, stdout: String, exitCode: Int32
  ) {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let stdoutFile = workspace.path("stdout")
    let words = [try FlipbookBinary.url().path] + arguments
    let command = words.map { "'\($0)'" }.joined(separator: " ") + " > '\(stdoutFile)'"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    process.arguments = ["-qec", command, "/dev/null"]
    var environment = ProcessInfo.processInfo.environment
    environment["CI"] = nil
    environment.merge(extra) { $1 }
    process.environment = environment
    let terminal = Pipe()
    process.standardOutput = terminal
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: terminal.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let stdout = (try? String(contentsOfFile: stdoutFile, encoding: .utf8)) ?? ""
    return (text, stdout, process.terminationStatus)
  }

  static let hasScript = FileManager.default.isExecutableFile(atPath: "/usr/bin/script")

  @Test("On a terminal, preview draws a bar per output and diff one for the frame pairs", .enabled(if: hasScript))
  func barsOnATerminal() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let frames = try workspace.render(Workspace.pullScript)
    let again = try workspace.render(Workspace.pullScript, into: "again")

    let preview = try onTerminal([
      "preview", frames, "--apng", workspace.path("a.png"), "--gif", workspace.path("a.gif"),
    ])
    #expect(preview.exitCode == 0, "\(preview)")
    // The APNG counts the frames it stores (repeats merged: 37 of the 60), the GIF its 50 fps frames, merged the same way (31).
    #expect(
      preview.terminal.contains("\rAPNG  [##############################]  37/37 frames  "), "\(preview.terminal)")
    #expect(preview.terminal.contains("\rGIF  [##############################]  31/31 frames  "), "\(preview.terminal)")
    #expect(preview.stdout.hasPrefix("Wrote \(workspace.path("a.png")) (animated PNG)"), "the report stays on stdout")

    let diff = try onTerminal(["diff", frames, again])
    #expect(diff.exitCode == 0, "\(diff)")
    #expect(diff.terminal.contains("]  60/60 frame pairs compared  "), "\(diff.terminal)")
    #expect(diff.stdout == "Match: all 60 frames are identical\n")

    let render = try onTerminal([
      "render", Workspace.pullScript, "-o", workspace.path("r"), "--scale", "1", "--to", "1",
    ])
    #expect(render.terminal.contains("]  60/60 frames  "), "\(render.terminal)")
  }

  @Test("No bar on a terminal with --quiet or in CI", .enabled(if: hasScript))
  func noBar() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let frames = try workspace.render(Workspace.pullScript, to: "0.5")
    let quiet = try onTerminal(["preview", frames, "--gif", workspace.path("a.gif"), "-q"])
    #expect(quiet.exitCode == 0 && quiet.terminal.isEmpty && quiet.stdout.isEmpty, "\(quiet)")
    let ci = try onTerminal(["diff", frames, frames], environment: ["CI": "1"])
    #expect(ci.exitCode == 0 && ci.terminal.isEmpty, "\(ci)")
    #expect(ci.stdout == "Match: all 30 frames are identical\n")
  }
}
