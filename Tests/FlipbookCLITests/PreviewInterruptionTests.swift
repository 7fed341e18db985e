import Foundation
import Testing

@testable import FlipbookSupport

/// Previews interrupted while they are written: the earlier preview stays byte for byte, and after the
/// next run no temporary remains beside it.
@Suite("Interrupted previews", .serialized)
struct PreviewInterruptionTests {
  /// A workspace with the frames of the longest example in `frames` and a complete `preview.png` beside
  /// them.
  struct Previewed {
    let workspace: Workspace
    let frames: String
    let apng: String
    let reference: Data

    init() throws {
      workspace = try Workspace()
      frames = try workspace.render(InterruptionTests.script, to: "4.5")
      apng = workspace.path("preview.png")
      let first = try FlipbookBinary.run(["preview", frames, "--apng", apng, "-q"])
      guard first.exitCode == 0 else { throw Workspace.RenderFailed(output: first) }
      reference = try Data(contentsOf: URL(fileURLWithPath: apng))
    }

    func temporaries() throws -> [String] {
      try workspace.contents().filter { $0.hasSuffix(".tmp") }
    }
  }

  @Test("kill -9 or SIGTERM at any moment of an APNG leaves the earlier one whole, and no .tmp after the next run")
  func apng() throws {
    let previewed = try Previewed()
    defer { previewed.workspace.remove() }
    for (signal, delay) in [(SIGKILL, 0.2), (SIGTERM, 0.5), (SIGKILL, 1.0), (SIGINT, 1.5), (SIGKILL, 2.5)] {
      let run = try BackgroundRun(["preview", previewed.frames, "--apng", previewed.apng, "-q"])
      usleep(UInt32(delay * 1_000_000))
      let ended = try run.interrupt(with: signal)
      if signal != SIGKILL, let code = ended.exitCode {
        // Either caught (128 + the signal) or too late: the preview was already written.
        #expect(code == 128 + signal || code == 0, "signal \(signal) after \(delay) s")
        #expect(try previewed.temporaries() == [], "signal \(signal) after \(delay) s")
      }
      #expect(try Data(contentsOf: URL(fileURLWithPath: previewed.apng)) == previewed.reference)
    }
    let next = try FlipbookBinary.run(["preview", previewed.frames, "--apng", previewed.apng, "-q"])
    #expect(next == FlipbookBinary.Output(exitCode: 0, stdout: "", stderr: ""))
    #expect(try previewed.temporaries() == [])
    #expect(try Data(contentsOf: URL(fileURLWithPath: previewed.apng)) == previewed.reference)
  }

  @Test("a dead run's temporary beside a preview is removed and named; a live process's is kept")
  func deadTemporaryRemoved() throws {
    let previewed = try Previewed()
    defer { previewed.workspace.remove() }
    let ended = Process()
    ended.executableURL = URL(fileURLWithPath: "/bin/true")
    try ended.run()
    ended.waitUntilExit()
    let dead = previewed.workspace.path(".preview.png.\(ended.processIdentifier).1234.tmp")
    let live = previewed.workspace.path(".preview.png.\(getpid()).5678.tmp")
    for path in [dead, live] { #expect(FileManager.default.createFile(atPath: path, contents: Data("half".utf8))) }

    let next = try FlipbookBinary.run(["preview", previewed.frames, "--apng", previewed.apng])
    #expect(next.exitCode == 0)
    #expect(next.stderr == "Removed 1 leftover of an interrupted run: \(dead)\n")
    #expect(try previewed.temporaries() == [(live as NSString).lastPathComponent])
    try FileManager.default.removeItem(atPath: live)
  }

  @Test("SIGTERM while ffmpeg encodes: ffmpeg is killed, its video and log removed, the earlier video kept")
  func video() throws {
    guard ExternalTool.ffmpeg.exists else { return }
    let previewed = try Previewed()
    defer { previewed.workspace.remove() }
    let video = previewed.workspace.path("preview.mp4")
    let first = try FlipbookBinary.run(["preview", previewed.frames, "--mp4", video, "-q"])
    #expect(first.exitCode == 0)
    let reference = try Data(contentsOf: URL(fileURLWithPath: video))

    let run = try BackgroundRun(["preview", previewed.frames, "--mp4", video, "-q"])
    let temporary = previewed.workspace.path(".preview.mp4.\(run.pid).video.tmp")
    try run.wait(for: "ffmpeg's video") { FileManager.default.fileExists(atPath: temporary) }
    let children = run.children()
    #expect(children.count == 1, "ffmpeg runs as the one child")
    let ended = try run.interrupt(with: SIGTERM)
    #expect(ended.exitCode == 143)
    for child in children { #expect(Leftovers.hasEnded(child), "ffmpeg (\(child)) has ended") }
    #expect(try previewed.temporaries() == [])
    #expect(try Data(contentsOf: URL(fileURLWithPath: video)) == reference)

    // kill -9 cannot be caught: the video and the log stay, and the next run removes them.
    let killed = try BackgroundRun(["preview", previewed.frames, "--mp4", video, "-q"])
    let killedVideo = previewed.workspace.path(".preview.mp4.\(killed.pid).video.tmp")
    try killed.wait(for: "ffmpeg's video") { FileManager.default.fileExists(atPath: killedVideo) }
    let orphans = killed.children()
    #expect(try killed.interrupt(with: SIGKILL).killedBy == SIGKILL)
    // The orphaned ffmpeg sees its input close and ends on its own.
    for orphan in orphans {
      try killed.wait(for: "the orphaned ffmpeg's end", orUntilEnded: false) { Leftovers.hasEnded(orphan) }
    }
    let next = try FlipbookBinary.run(["preview", previewed.frames, "--mp4", video])
    #expect(next.exitCode == 0)
    let log = previewed.workspace.path(".preview.mp4.\(killed.pid).log.tmp")
    #expect(next.stderr == "Removed 2 leftovers of an interrupted run: \(log), \(killedVideo)\n")
    #expect(try previewed.temporaries() == [])
  }
}
