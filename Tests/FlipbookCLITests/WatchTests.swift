import FlipbookGraphics
import FlipbookLive
import Foundation
import Testing

@testable import FlipbookCLI

/// `flipbook watch` as a designer uses it, through the real binary: the first render and its page, a
/// save by rename re-rendered within a second, a bad edit that keeps the last good output served, the
/// recovery, and Ctrl-C.
@Suite("flipbook watch", .serialized)
struct WatchTests {
  /// The pull script cut to 0.1 s at scale 1: 6 frames, a render that takes a fraction of a second.
  static let options = ["--scale", "1", "--to", "0.1", "--jobs", "1"]

  static func script() throws -> String {
    try String(contentsOfFile: Workspace.pullScript, encoding: .utf8)
  }

  @Test("Render, serve, re-render on a save, keep the last good output on a bad edit, recover, stop on Ctrl-C")
  func endToEnd() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let document = workspace.path("doc.json")
    let out = workspace.path("out")
    let good = try Self.script()
    try good.write(toFile: document, atomically: true, encoding: .utf8)
    let run = try WatchRun([document, "-o", out, "--port", "0"] + Self.options)
    let events = try #require(LoopbackClient.Events(port: run.port, timeoutSeconds: 60))
    #expect(events.awaitRender(1) != nil)

    // The page is the player with the live script; the frames are the render's files.
    let page = try #require(LoopbackClient.get("/", port: run.port))
    #expect(page.status == 200 && page.headers["content-type"] == "text/html; charset=utf-8")
    #expect(page.text.contains("id=\"flipbook-data\"") && page.text.contains("var loaded = 1,"))
    #expect(page.text.contains("\"src\": \"frame_000005.png\""))
    let frame = try #require(LoopbackClient.get("/frame_000005.png", port: run.port))
    let onDisk = try Data(contentsOf: URL(fileURLWithPath: out + "/frame_000005.png"))
    #expect(frame.status == 200 && frame.headers["content-type"] == "image/png" && Data(frame.body) == onDisk)
    #expect(LoopbackClient.get("/frame_000006.png", port: run.port)?.status == 404)

    // The same bytes as `flipbook render` with the same options.
    let reference = workspace.path("reference")
    let rendered = try FlipbookBinary.run(["render", document, "-o", reference, "-q"] + Self.options)
    #expect(rendered.exitCode == 0)
    #expect(try snapshotOfFolder(out) == snapshotOfFolder(reference))

    // A save by rename: a new generation within a second.
    let moved = good.replacingOccurrences(
      of: "\"Section 0\"", with: "\"Section Zero\"")
    #expect(moved != good)
    let saved = ContinuousClock.now
    try saveByRename(moved, to: document)
    #expect(events.awaitRender(2) != nil)
    let latency = saved.duration(to: .now)
    #expect(latency < .seconds(1), "save to new generation: \(latency)")
    let second = try snapshotOfFolder(out)
    #expect(try second != snapshotOfFolder(reference))

    // A bad edit: one Error: line, render's own message; the last good frames are still served.
    let bad = moved.replacingOccurrences(of: "\"fps\": 60", with: "\"fps\": \"sixty\"")
    try saveByRename(bad, to: document)
    let failure = try #require(events.next())
    #expect(failure.name == "render" && LoopbackClient.Events.generation(of: failure.data) == 2)
    let message = try #require(events.next())
    #expect(message.name == "failure" && message.data.contains("$.fps: expected a number"))
    let renderError = try FlipbookBinary.run(["render", document, "-o", workspace.path("bad-out")] + Self.options)
    let errorLines = try run.wait(for: "the Error: line") { () -> [Substring]? in
      let lines = run.stderr.split(separator: "\n").filter { $0.hasPrefix("Error:") }
      return lines.isEmpty ? nil : lines
    }
    #expect(errorLines == [Substring(renderError.stderr.trimmingCharacters(in: .newlines))])
    #expect(try snapshotOfFolder(out) == second)
    #expect(LoopbackClient.get("/frame_000005.png", port: run.port).map { Data($0.body) } == second["frame_000005.png"])
    let waiting = try #require(LoopbackClient.get("/status", port: run.port))
    #expect(waiting.text.contains("\"generation\": 2") && waiting.text.contains("expected a number"))

    // Fixed: it recovers.
    try saveByRename(good, to: document)
    #expect(events.awaitRender(3) != nil)
    #expect(try snapshotOfFolder(out) == snapshotOfFolder(reference))
    #expect(run.stderr.split(separator: "\n").count == 1)

    // Ctrl-C: render's exit code, no temporaries, the port closed.
    #expect(try run.interrupt(with: SIGINT) == 130)
    #expect(try workspace.contents() == ["doc.json", "out", "reference"])
    #expect(LoopbackClient.connect(port: run.port) == nil)
  }

  @Test("A contents image the scene reads is watched: replacing it re-renders; SIGTERM exits 143")
  func watchesImages() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    func square(_ red: UInt8) throws {
      let rgba = (0..<(4 * 4)).flatMap { _ -> [UInt8] in [red, 0, 0, 255] }
      let temporary = workspace.path(".dot.png.tmp")
      try Image(width: 4, height: 4, rgba: rgba).writePNG(toFile: temporary)
      #expect(rename(temporary, workspace.path("dot.png")) == 0)
    }
    try square(255)
    let document = workspace.path("scene.json")
    try #"{"size": [4, 4], "duration": 0.05, "layers": [{"frame": [0, 0, 4, 4], "contents": {"file": "dot.png"}}]}"#
      .write(toFile: document, atomically: true, encoding: .utf8)
    let out = workspace.path("out")
    let run = try WatchRun([document, "-o", out, "--port", "0", "--scale", "1", "-q"])
    let events = try #require(LoopbackClient.Events(port: run.port, timeoutSeconds: 60))
    #expect(events.awaitRender(1) != nil)
    let first = try snapshotOfFolder(out)
    try square(128)
    #expect(events.awaitRender(2) != nil)
    #expect(try snapshotOfFolder(out)["frame_000000.png"] != first["frame_000000.png"])
    // Another file in the folder is no reason to render.
    try "{}".write(toFile: workspace.path("notes.json"), atomically: false, encoding: .utf8)
    usleep(300_000)
    #expect(LoopbackClient.get("/status", port: run.port)?.text.contains("\"generation\": 2") == true)
    #expect(try run.interrupt(with: SIGTERM) == 143)
    #expect(run.stdout.split(separator: "\n").count == 1, "quiet: only the URL line")
  }

  @Test("Ctrl-C during a render: exit 130, the partial folder removed, the earlier output whole")
  func interruptedRender() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let document = workspace.path("doc.json")
    let script = Workspace.examples.appendingPathComponent("scripts/ego/full-refresh.json").path
    try String(contentsOfFile: script, encoding: .utf8).write(toFile: document, atomically: true, encoding: .utf8)
    let out = workspace.path("out")
    let run = try WatchRun([document, "-o", out, "--port", "0", "--scale", "1", "--jobs", "1", "-q"])
    let events = try #require(LoopbackClient.Events(port: run.port, timeoutSeconds: 60))
    #expect(events.awaitRender(1) != nil)
    let first = try snapshotOfFolder(out)
    // Touched: a render of 270 frames starts; stop it once frames are being written.
    #expect(utimes(document, nil) == 0)
    _ = try run.wait(for: "frames in the partial folder") { () -> Bool? in
      let hidden = (try? workspace.contents())?.first { $0.hasSuffix(".partial.tmp") }
      let frames = hidden.flatMap { try? FileManager.default.contentsOfDirectory(atPath: workspace.path($0)) }
      return (frames?.count ?? 0) > 3 ? true : nil
    }
    #expect(try run.interrupt(with: SIGINT) == 130)
    #expect(try workspace.contents() == ["doc.json", "out"])
    #expect(try snapshotOfFolder(out) == first)
  }

  @Test("A document that fails from the start: one Error: line, a waiting page, the first good save renders")
  func badFromTheStart() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let document = workspace.path("doc.json")
    try "{\"viewport\": ".write(toFile: document, atomically: true, encoding: .utf8)
    let run = try WatchRun([document, "-o", workspace.path("out"), "--port", "0", "-q"] + Self.options)
    let events = try #require(LoopbackClient.Events(port: run.port, timeoutSeconds: 60))
    let failure = try #require(events.awaitRender(0) != nil ? events.next() : nil)
    #expect(failure.name == "failure" && failure.data.contains("line 1"))
    let page = try #require(LoopbackClient.get("/", port: run.port))
    #expect(page.status == 200 && page.text.contains("No render yet.") && page.text.contains("var loaded = 0,"))
    #expect(LoopbackClient.get("/frame_000000.png", port: run.port)?.status == 404)
    try saveByRename(try Self.script(), to: document)
    #expect(events.awaitRender(1) != nil)
    #expect(LoopbackClient.get("/frame_000000.png", port: run.port)?.status == 200)
    #expect(run.stderr.split(separator: "\n").count == 1 && run.stderr.hasPrefix("Error: \(document): line 1"))
    #expect(try run.interrupt(with: SIGINT) == 130)
  }

  @Test("A document with variants renders the batch; / lists the renders and each has its player")
  func variants() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let out = workspace.path("out")
    let run = try WatchRun(
      [BatchRenderTests.matrix, "-o", out, "--port", "0", "--scale", "1", "--fps", "10", "--to", "0.2", "-q"])
    let events = try #require(LoopbackClient.Events(port: run.port, timeoutSeconds: 120))
    #expect(events.awaitRender(1) != nil)
    let index = try #require(LoopbackClient.get("/", port: run.port))
    let name = "language=en,viewport=320x480@2,arrowColor=blue"
    let links = index.text.components(separatedBy: "<li><a href=").count - 1
    #expect(links == 12)
    #expect(index.text.contains(name))
    let folder = "ego-matrix/" + name
    #expect(FileManager.default.fileExists(atPath: out + "/" + folder + "/manifest.json"))
    let player = try #require(LoopbackClient.get("/" + folder + "/", port: run.port))
    #expect(player.status == 200 && player.text.contains("id=\"flipbook-data\""))
    #expect(LoopbackClient.get("/" + folder, port: run.port)?.headers["location"] == "/" + folder + "/")
    #expect(try run.interrupt(with: SIGINT) == 130)
  }

  @Test(
    "Usage errors: a bad port, a still, a second document",
    arguments: [
      (["watch", "a.json", "-o", "out", "--port", "70000"], "--port must be from 0 to 65535 (got 70000)"),
      (["watch", "a.json", "-o", "out.png"], "watch renders frames; write to a folder, not a .png file"),
      (["watch", "a.json", "-o", "out", "--at", "1"], "Unknown option '--at'"),
    ])
  func usage(arguments: [String], message: String) {
    let result = Flipbook.run(arguments)
    #expect(result.exitCode == CommandResult.usageFailure)
    #expect(result.stderr.hasPrefix("Error: \(message)"), "\(result.stderr)")
  }

  @Test("A port in use is one Error: line, exit 1, nothing rendered")
  func portInUse() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let server = try HTTPServer(port: 0) { _ in .response(.error(.notFound, "")) }
    let result = try FlipbookBinary.run([
      "watch", Workspace.pullScript, "-o", workspace.path("out"), "--port", String(server.port),
    ])
    #expect(result.exitCode == 1)
    #expect(
      result.stderr
        == "Error: cannot listen on 127.0.0.1:\(server.port): it is in use (pick another with --port, or --port 0)\n")
    #expect(try workspace.contents() == [])
  }
}
