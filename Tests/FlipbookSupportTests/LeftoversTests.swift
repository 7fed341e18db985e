import Foundation
import Testing

@testable import FlipbookSupport

@Suite("Temporary names and leftovers")
struct LeftoversTests {
  @Test(
    "a temporary's name gives its target, pid and tag, parsed from the right",
    arguments: [
      (".out.812.partial.tmp", "out", 812, "partial"),
      (".ego.png.99.3141592653.tmp", "ego.png", 99, "3141592653"),
      (".a.b.c.7.log.tmp", "a.b.c", 7, "log"),
      (".out.partial-4242", "out", 4242, "partial"),
      (".my.frames.previous-17", "my.frames", 17, "previous"),
    ])
  func parses(name: String, target: String, pid: Int32, tag: String) {
    #expect(TemporaryName(parsing: name) == TemporaryName(target: target, pid: pid, tag: tag))
  }

  @Test(
    "names that are not temporaries are not taken for them",
    arguments: [
      "out", ".out", ".out.tmp", ".out.12.tmp", "out.12.partial.tmp", ".out.x12.partial.tmp", ".out.0.partial.tmp",
      ".out.-3.partial.tmp", ".out.12.Partial.tmp", ".out.12..tmp", "..12.partial.tmp", ".out.12.partial.tmp.png",
      ".out.partial-", ".out.partial-x", ".out.other-12", ".partial-12", ".out.99999999999.partial.tmp",
    ])
  func rejects(name: String) {
    #expect(TemporaryName(parsing: name) == nil)
  }

  @Test("the name written is the name parsed, beside the target")
  func roundTrip() {
    let path = TemporaryName.path(besideTarget: "out/ego.png", tag: "123")
    #expect(path == "out/.ego.png.\(getpid()).123.tmp")
    #expect(TemporaryName(parsing: String(path.dropFirst(4))) == TemporaryName(target: "ego.png", tag: "123"))
    #expect(TemporaryName.path(besideTarget: "ego.png", tag: "log") == ".ego.png.\(getpid()).log.tmp")
  }

  @Test("only the target's temporaries whose process is gone are removed, and they are listed")
  func removesDeadOnly() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-left-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let dead = try deadPID()
    let live = getppid()
    let me = getpid()
    let inFlight = folder.appendingPathComponent(".out.\(me).7.tmp").path
    let names = [
      ".out.\(dead).partial.tmp", ".out.\(dead).1234.tmp", ".out.partial-\(dead)",  // dead: removed
      ".out.\(me).previous.tmp",  // this pid, not in flight: an earlier process's
      ".out.\(live).partial.tmp",  // a live process's: kept
      ".other.\(dead).partial.tmp", ".out.png.\(dead).1.tmp", "out",  // not the target's
    ]
    for name in names {
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent(name), withIntermediateDirectories: false)
      try Data("x".utf8).write(to: folder.appendingPathComponent(name).appendingPathComponent("frame.png"))
    }
    #expect(InFlight.creating(inFlight) { FileManager.default.createFile(atPath: inFlight, contents: nil) } == true)
    defer { InFlight.finished(inFlight) }

    let removed = Leftovers.collecting { Leftovers.remove(besideTarget: folder.path + "/out") }
    let expected = [
      ".out.\(dead).1234.tmp", ".out.\(dead).partial.tmp", ".out.\(me).previous.tmp", ".out.partial-\(dead)",
    ]
    .sorted().map { folder.path + "/" + $0 }
    #expect(removed.value == expected)
    #expect(removed.removed == expected)
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(
      left
        == [
          ".other.\(dead).partial.tmp", ".out.\(live).partial.tmp", ".out.\(me).7.tmp", ".out.png.\(dead).1.tmp", "out",
        ].sorted())
  }

  @Test("a dead run's folder moved aside with no target beside it is put back, not removed")
  func asideRestored() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-aside-\(UUID().uuidString)")
    let aside = folder.appendingPathComponent(".out.\(try deadPID()).previous.tmp")
    try FileManager.default.createDirectory(at: aside, withIntermediateDirectories: true)
    try Data("old".utf8).write(to: aside.appendingPathComponent("frame.png"))
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(Leftovers.remove(besideTarget: folder.path + "/out") == [])
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out"])
    #expect(FileManager.default.contents(atPath: folder.path + "/out/frame.png") == Data("old".utf8))
  }

  @Test("a target in a folder that does not exist, or an empty path, has no leftovers and is no error")
  func nothingToLookAt() {
    #expect(Leftovers.remove(besideTarget: "no-such-folder-\(UUID().uuidString)/out") == [])
    #expect(Leftovers.remove(besideTarget: "") == [])
  }

  @Test("the notice is one line, whatever the number of leftovers")
  func notice() {
    #expect(Leftovers.notice([]) == nil)
    #expect(Leftovers.notice(["o/.a.9.partial.tmp"]) == "Removed 1 leftover of an interrupted run: o/.a.9.partial.tmp")
    #expect(Leftovers.notice(["x", "y"]) == "Removed 2 leftovers of an interrupted run: x, y")
    #expect(
      Leftovers.notice((1...8).map { "f\($0)" })
        == "Removed 8 leftovers of an interrupted run: f1, f2, f3, f4, f5 and 3 more")
  }

  @Test("liveness: this process and its parent are alive, an ended child is gone")
  func liveness() throws {
    #expect(!Leftovers.hasEnded(getpid()))
    #expect(!Leftovers.hasEnded(getppid()))
    #expect(Leftovers.hasEnded(try deadPID()))
  }

  /// The pid of a process that has run and been reaped (and, with pids handed out in increasing order,
  /// not yet given to another).
  private func deadPID() throws -> pid_t {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/true")
    try process.run()
    process.waitUntilExit()
    return process.processIdentifier
  }
}
