import Foundation
import Testing

/// Renders of the longest example interrupted while their frames are being written: by a signal the CLI
/// catches (it removes its temporaries and exits 128 + the signal), and by `kill -9` (its partial folder
/// stays, and the next run removes it and says so). The earlier output must come through byte for byte.
@Suite("Interrupted renders", .serialized)
struct InterruptionTests {
  /// 270 frames at 320x480, about 2 s in a debug build: long enough to be caught in the middle.
  static let script = Workspace.examples.appendingPathComponent("scripts/ego/full-refresh.json").path

  /// A workspace holding `out`, a complete render of `script`, and its bytes.
  struct Rendered {
    let workspace: Workspace
    let out: String
    let reference: [String: Data]

    init() throws {
      workspace = try Workspace()
      out = workspace.path("out")
      let first = try FlipbookBinary.run(InterruptionTests.arguments(to: workspace.path("out")))
      guard first.exitCode == 0 else { throw Workspace.RenderFailed(output: first) }
      reference = try snapshotOfFolder(out)
    }

    /// The partial folder of the run with `pid`.
    func partial(_ pid: pid_t) -> String { workspace.path(".out.\(pid).partial.tmp") }

    /// Frame files written so far into the partial folder of the run with `pid`.
    func framesWritten(_ pid: pid_t) -> Int {
      ((try? FileManager.default.contentsOfDirectory(atPath: partial(pid))) ?? []).filter { $0.hasPrefix("frame_") }
        .count
    }
  }

  static func arguments(to out: String, quiet: Bool = true) -> [String] {
    ["render", script, "-o", out, "--scale", "1", "--jobs", "1"] + (quiet ? ["-q"] : [])
  }

  /// Where in the render the signal comes: the partial folder just made, some frames written, nearly all.
  static let moments = [0, 4, 200]

  @Test(
    "a caught signal removes the partial folder, exits 128 + its number and leaves the earlier output whole",
    arguments: [(SIGINT, 130), (SIGTERM, 143), (SIGHUP, 129)] as [(Int32, Int32)])
  func caught(signal: Int32, exitCode: Int32) throws {
    let rendered = try Rendered()
    defer { rendered.workspace.remove() }
    for frames in Self.moments {
      let run = try BackgroundRun(Self.arguments(to: rendered.out))
      try run.wait(for: "\(frames) frames in the partial folder") {
        FileManager.default.fileExists(atPath: rendered.partial(run.pid)) && rendered.framesWritten(run.pid) >= frames
      }
      let ended = try run.interrupt(with: signal)
      #expect(ended.exitCode == exitCode && ended.killedBy == nil, "after \(frames) frames")
      #expect(ended.stderr == "", "after \(frames) frames")
      #expect(try rendered.workspace.contents() == ["out"], "after \(frames) frames: no temporary left")
      #expect(try snapshotOfFolder(rendered.out) == rendered.reference, "after \(frames) frames")
    }
  }

  @Test("kill -9 leaves the earlier output whole and a partial folder, which the next run removes and names")
  func killed() throws {
    let rendered = try Rendered()
    defer { rendered.workspace.remove() }
    var leftover = ""
    for frames in Self.moments {
      let run = try BackgroundRun(Self.arguments(to: rendered.out))
      try run.wait(for: "\(frames) frames in the partial folder") {
        FileManager.default.fileExists(atPath: rendered.partial(run.pid)) && rendered.framesWritten(run.pid) >= frames
      }
      #expect(try run.interrupt(with: SIGKILL).killedBy == SIGKILL)
      // Each killed run had already removed the one before's.
      leftover = rendered.partial(run.pid)
      #expect(try rendered.workspace.contents() == [(leftover as NSString).lastPathComponent, "out"])
      #expect(try snapshotOfFolder(rendered.out) == rendered.reference, "after \(frames) frames")
    }
    let next = try FlipbookBinary.run(Self.arguments(to: rendered.out, quiet: false))
    #expect(next.exitCode == 0)
    #expect(next.stderr == "Removed 1 leftover of an interrupted run: \(leftover)\n")
    #expect(try rendered.workspace.contents() == ["out"])
    #expect(try snapshotOfFolder(rendered.out) == rendered.reference)
  }

  @Test("kill -9 at any moment: the target is always there and always complete")
  func killedAnywhere() throws {
    let rendered = try Rendered()
    defer { rendered.workspace.remove() }
    // Spread over the whole run, the swap and the removal of the old folder at its end included.
    for delay in [0.0, 0.05, 0.3, 0.8, 1.2, 1.6, 2.0, 2.4, 3.0] {
      let run = try BackgroundRun(Self.arguments(to: rendered.out))
      usleep(UInt32(delay * 1_000_000))
      _ = try run.interrupt(with: SIGKILL)
      #expect(try snapshotOfFolder(rendered.out) == rendered.reference, "killed after \(delay) s")
    }
    let next = try FlipbookBinary.run(Self.arguments(to: rendered.out))
    #expect(next == FlipbookBinary.Output(exitCode: 0, stdout: "", stderr: ""), "quiet: the removal is not told")
    #expect(try rendered.workspace.contents() == ["out"])
    #expect(try snapshotOfFolder(rendered.out) == rendered.reference)
  }

  @Test("a live run's partial folder is not taken for a leftover by a second run into the same folder")
  func liveRunKept() throws {
    let rendered = try Rendered()
    defer { rendered.workspace.remove() }
    let first = try BackgroundRun(Self.arguments(to: rendered.out))
    try first.wait(for: "a frame in the partial folder") { rendered.framesWritten(first.pid) >= 1 }
    kill(first.pid, SIGSTOP)
    let second = try FlipbookBinary.run(Self.arguments(to: rendered.out, quiet: false))
    #expect(second.exitCode == 0)
    #expect(second.stderr == "")
    #expect(FileManager.default.fileExists(atPath: rendered.partial(first.pid)))
    kill(first.pid, SIGCONT)
    #expect(try first.interrupt(with: SIGTERM).exitCode == 143)
    #expect(try rendered.workspace.contents() == ["out"])
    #expect(try snapshotOfFolder(rendered.out) == rendered.reference)
  }
}
