import FlipbookGraphics
import FlipbookJSON
import Foundation
import Testing

@testable import FlipbookPreview

/// The JSON the page embeds for its script, parsed back.
func embeddedData(in page: String) throws -> JSONValue {
  let open = #"<script type="application/json" id="\#(HTMLPlayer.dataElementID)">"#
  let start = try #require(page.range(of: open)).upperBound
  let end = try #require(page.range(of: "</script>", range: start..<page.endIndex)).lowerBound
  return try JSONParser.parse(Data(page[start..<end].utf8))
}

func occurrences(of needle: String, in text: String) -> Int {
  text.components(separatedBy: needle).count - 1
}

@Suite("HTML player page")
struct HTMLPlayerTests {
  static let entries = [
    #""refreshState": "idle", "refreshProgress": 0, "contentOffset": [0, 0], "contentInset": [0, 0, 0, 0], "dragging": false, "decelerating": false"#,
    #""refreshState": "pulling", "refreshProgress": 0.5, "contentOffset": [0, -32.5], "contentInset": [0, 0, 0, 0], "dragging": true, "decelerating": false"#,
    #""refreshState": "loading", "refreshProgress": 1, "contentOffset": [0, -65], "contentInset": [65, 0, 0, 0], "dragging": false, "decelerating": false"#,
  ]

  @Test("Every frame is embedded once as a data URL, with the controls and the manifest entries")
  func structure() throws {
    let images = [try solid(200, 0, 0), try solid(0, 200, 0), try solid(0, 0, 200)]
    let folder = try writeFrameFolder(images, extra: Self.entries)
    defer { try? FileManager.default.removeItem(at: folder) }
    let sequence = try FrameSequence.load(folder: folder.path)
    let page = try HTMLPlayer.page(for: sequence)
    for frame in sequence.frames {
      let base64 = try Data(contentsOf: folder.appendingPathComponent(frame.file)).base64EncodedString()
      #expect(occurrences(of: "data:image/png;base64," + base64, in: page) == 1, "\(frame.file)")
    }
    for control in [
      #"id="frame""#, #"id="play""#, #"id="scrubber" type="range" min="0" max="2""#, #"id="back""#,
      #"id="forward""#, #"data-speed="0.25""#, #"data-speed="0.5""#, #"data-speed="1""#, #"data-speed="2""#,
      #"id="entry""#, "ArrowLeft", "ArrowRight", "window.flipbook", "document.body.dataset.frame", "test-step",
    ] {
      #expect(page.contains(control), "missing \(control)")
    }
    // Self-contained: nothing loaded from a network.
    #expect(!page.contains("http://") && !page.contains("https://") && !page.contains("<link"))
    #expect(occurrences(of: "<script", in: page) == 2 && occurrences(of: "</script>", in: page) == 2)

    let data = try embeddedData(in: page)
    guard case .array(let frames)? = data["frames"] else {
      Issue.record("no frames list in the embedded data")
      return
    }
    #expect(frames.count == 3)
    #expect(data["fps"] == .number(10))
    for (frame, embedded) in zip(sequence.frames, frames) {
      #expect(embedded["entry"] == frame.entry)
      #expect(embedded["time"] == .number(frame.time))
    }
    #expect(frames[1]["entry"]?["refreshState"] == .string("pulling"))
  }

  @Test("A held frame is embedded once and marked the same as the one before")
  func heldFrames() throws {
    let red = try solid(200, 0, 0)
    let folder = try writeFrameFolder([red, red, red, try solid(0, 0, 200)])
    defer { try? FileManager.default.removeItem(at: folder) }
    let page = try HTMLPlayer.page(for: try FrameSequence.load(folder: folder.path))
    #expect(occurrences(of: "data:image/png;base64,", in: page) == 2)
    let data = try embeddedData(in: page)
    guard case .array(let frames)? = data["frames"] else { throw PreviewError("no frames") }
    #expect(frames.map { $0["same"] == .bool(true) } == [false, true, true, false])
  }

  @Test("Without embedding, frames are referenced by their file names")
  func referencedFrames() throws {
    let folder = try writeFrameFolder([try solid(1, 2, 3), try solid(4, 5, 6)])
    defer { try? FileManager.default.removeItem(at: folder) }
    let page = try HTMLPlayer.page(for: try FrameSequence.load(folder: folder.path), embedFrames: false)
    #expect(!page.contains("data:image"))
    #expect(page.contains(#""src": "frame_000000.png""#) && page.contains(#""src": "frame_000001.png""#))
    #expect(HTMLPlayer.relativeURL("a b#1.png") == "a%20b%231.png")
  }

  @Test("The live page is the referencing page plus the live script before </body>, and only that")
  func liveReload() throws {
    let folder = try writeFrameFolder([try solid(1, 2, 3), try solid(4, 5, 6)])
    defer { try? FileManager.default.removeItem(at: folder) }
    let sequence = try FrameSequence.load(folder: folder.path)
    let plain = try HTMLPlayer.page(for: sequence, embedFrames: false)
    let live = LiveReload(generation: 7)
    let served = try HTMLPlayer.page(for: sequence, liveReload: live)
    #expect(!plain.contains("EventSource") && !plain.contains("live-error"))
    let end = try #require(plain.range(of: "</body>", options: .backwards))
    #expect(served == plain[..<end.lowerBound] + live.script + plain[end.lowerBound...])
    #expect(live.script.contains("var loaded = 7,") && live.script.contains(#"new EventSource("/events")"#))
    #expect(occurrences(of: "</script>", in: served) == 3)
  }

  @Test("Manifest text cannot end the script element early or inject markup")
  func escaping() throws {
    let folder = try writeFrameFolder(
      [try solid(1, 2, 3)], extra: [#""refreshState": "</script><b>x</b>", "refreshProgress": 0, "# + scrollAtRest])
    defer { try? FileManager.default.removeItem(at: folder) }
    let page = try HTMLPlayer.page(for: try FrameSequence.load(folder: folder.path))
    #expect(occurrences(of: "</script>", in: page) == 2 && !page.contains("<b>x"))
    guard case .array(let frames)? = try embeddedData(in: page)["frames"] else { throw PreviewError("no frames") }
    #expect(frames[0]["entry"]?["refreshState"] == .string("</script><b>x</b>"))
  }
}

// MARK: - In a real browser

/// Headless Chromium, when this machine has it. The tests never install it: without it they are
/// skipped with a note, since the page's structure is already checked above.
enum HeadlessChromium {
  static let path = "/usr/bin/chromium"
  static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: path) }

  /// The DOM of `url` after its load event, as `chromium --headless=new --dump-dom` prints it.
  /// With `virtualTime` (ms), timers run on Chromium's virtual clock and the dump waits for it to pass.
  static func dumpDOM(_ url: String, virtualTime: Int? = nil, timeout: TimeInterval = 90) throws -> String {
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-chromium-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }
    let output = work.appendingPathComponent("dom.html")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    let handle = try FileHandle(forWritingTo: output)
    defer { try? handle.close() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    // A profile of its own, so parallel runs do not fight over one profile lock.
    process.arguments =
      [
        "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
        "--user-data-dir=\(work.appendingPathComponent("profile").path)", "--dump-dom", url,
      ] + (virtualTime.map { ["--virtual-time-budget=\($0)"] } ?? [])
    process.standardOutput = handle
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
      throw PreviewError("chromium did not finish \(url) within \(Int(timeout)) s")
    }
    try handle.synchronize()
    return try String(contentsOf: output, encoding: .utf8)
  }
}

@Suite("HTML player in headless Chromium", .serialized)
struct HTMLPlayerBrowserTests {
  @Test(
    "The page's script runs from file://: #test-step=N steps N frames and fills the entry table",
    .enabled(if: HeadlessChromium.isInstalled, "Chromium is not installed at /usr/bin/chromium: browser check skipped"))
  func stepsInBrowser() throws {
    let folder = try writeFrameFolder(
      (0..<5).map { try solid(UInt8($0 * 40), 100, 100) }, extra: HTMLPlayerTests.entries)
    defer { try? FileManager.default.removeItem(at: folder) }
    let page = try HTMLPlayer.page(for: try FrameSequence.load(folder: folder.path))
    let file = folder.appendingPathComponent("player.html")
    try Data(page.utf8).write(to: file)

    let stepped = try HeadlessChromium.dumpDOM(file.absoluteString + "#test-step=3")
    #expect(stepped.contains(#"data-frame="3""#))
    // Frame 3 has the first entry again (entries cycle), shown as table rows by the script.
    #expect(stepped.contains("<th>refreshState</th><td>idle</td>"))
    #expect(stepped.contains("<th>file</th><td>frame_000003.png</td>"))
    #expect(stepped.contains("frame 4 / 5"))

    // Stepping past the end stops on the last frame (entry 2: pulling); no hook shows the first.
    let end = try HeadlessChromium.dumpDOM(file.absoluteString + "#test-step=99")
    #expect(end.contains(#"data-frame="4""#) && end.contains("<th>refreshState</th><td>pulling</td>"))
    #expect(end.contains("<th>contentOffset</th><td>[0, -32.5]</td>"))
    #expect(try HeadlessChromium.dumpDOM(file.absoluteString).contains(#"data-frame="0""#))

    // Frames referenced by name load beside the page just the same.
    let linked = folder.appendingPathComponent("linked.html")
    try Data(try HTMLPlayer.page(for: try FrameSequence.load(folder: folder.path), embedFrames: false).utf8).write(
      to: linked)
    #expect(try HeadlessChromium.dumpDOM(linked.absoluteString + "#test-step=2").contains(#"data-frame="2""#))
  }

  @Test(
    "Playback follows the frame times and the speed",
    .enabled(if: HeadlessChromium.isInstalled, "Chromium is not installed at /usr/bin/chromium: browser check skipped"))
  func playsInBrowser() throws {
    // 20 frames at 10 fps; half speed for 1.1 s of (virtual) wall time is 0.55 s of animation: frame 5.
    let folder = try writeFrameFolder((0..<20).map { try solid(UInt8($0 * 10), 0, 0, width: 8, height: 8) }, fps: 10)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("player.html")
    try Data(try HTMLPlayer.page(for: try FrameSequence.load(folder: folder.path)).utf8).write(to: file)
    let halfSpeed = try HeadlessChromium.dumpDOM(
      file.absoluteString + "#test-speed=0.5&test-play=1100", virtualTime: 3000)
    #expect(halfSpeed.contains(#"data-frame="5""#))
    // Double speed for 1.125 s: the 2 s animation ends after 1 s and loops, 0.25 s in again: frame 2.
    let doubleSpeed = try HeadlessChromium.dumpDOM(
      file.absoluteString + "#test-speed=2&test-play=1125", virtualTime: 3000)
    #expect(doubleSpeed.contains(#"data-frame="2""#))
  }
}

// MARK: - Timeline tracks

@Suite("HTML player tracks")
struct HTMLPlayerTrackTests {
  @Test("The page embeds the frames' tracks for its script; a scene's frames, which have none, get null")
  func embedded() throws {
    let folder = try TrackFixture.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let sequence = try FrameSequence.load(folder: folder.path)
    let data = try embeddedData(in: try HTMLPlayer.page(for: sequence))
    #expect(data["tracks"] == (try MotionTracks(sequence: sequence)).json)
    guard case .array(let spans)? = data["tracks"]?["spans"] else {
      Issue.record("no spans in the tracks")
      return
    }
    #expect(spans.map { $0["state"] } == [.string("normal"), .string("pulling"), .string("loading")])
    #expect(data["tracks"]?["colors"]?["pulling"] == .string("#F6C453"))
    let scene = try writeFrameFolder([try solid(0, 0, 0), try solid(9, 9, 9)])
    defer { try? FileManager.default.removeItem(at: scene) }
    #expect(
      try embeddedData(in: try HTMLPlayer.page(for: try FrameSequence.load(folder: scene.path)))["tracks"] == .null)
  }
}

extension HTMLPlayerBrowserTests {
  /// The cursor's `x1` in a dumped DOM.
  static func cursorX(in dom: String) -> Double? {
    guard let range = dom.range(of: #"<line id="cursor" x1=""#) else { return nil }
    let rest = dom[range.upperBound...]
    return Double(rest.prefix { $0 != "\"" })
  }

  @Test(
    "The tracks' cursor follows stepping and playback, and a click on the tracks seeks to its time",
    .enabled(if: HeadlessChromium.isInstalled, "Chromium is not installed at /usr/bin/chromium: browser check skipped"))
  func tracksInBrowser() throws {
    // Frames 200 px wide at scale 1: the tracks are 200 px wide for the 0.6 s of six 10 fps frames.
    let folder = try TrackFixture.folder(width: 200)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("player.html")
    try Data(try HTMLPlayer.page(for: try FrameSequence.load(folder: folder.path)).utf8).write(to: file)
    func x(_ time: Double) -> Double { (time / 0.6 * 200 * 100).rounded() / 100 }

    let start = try HeadlessChromium.dumpDOM(file.absoluteString)
    #expect(Self.cursorX(in: start) == 0)
    #expect(occurrences(of: #"class="span""#, in: start) == 3 && start.contains(#"data-state="pulling""#))
    #expect(
      occurrences(of: #"class="curve""#, in: start) == 3 && occurrences(of: #"class="threshold""#, in: start) == 1)
    #expect(occurrences(of: #"class="touch""#, in: start) == 2)

    let stepped = try HeadlessChromium.dumpDOM(file.absoluteString + "#test-step=3")
    #expect(
      stepped.contains(#"data-frame="3""#) && Self.cursorX(in: stepped) == x(0.3), "\(Self.cursorX(in: stepped) ?? -1)")

    // Three quarters across is 0.45 s: frame 4 (0.4 s) is on screen then.
    let clicked = try HeadlessChromium.dumpDOM(file.absoluteString + "#test-click=0.75")
    #expect(clicked.contains(#"data-frame="4""#) && Self.cursorX(in: clicked) == x(0.4))
    #expect(clicked.contains("<th>refreshState</th><td>loading</td>"))

    // Playing for 0.25 s of virtual time at 1x: frame 2, and the cursor with it.
    let played = try HeadlessChromium.dumpDOM(file.absoluteString + "#test-speed=1&test-play=250", virtualTime: 3000)
    #expect(played.contains(#"data-frame="2""#) && Self.cursorX(in: played) == x(0.2))
  }
}
