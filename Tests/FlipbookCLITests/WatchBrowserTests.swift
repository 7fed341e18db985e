import FlipbookLive
import Foundation
import Testing

/// The served page in a real browser: headless Chromium opens it, the script is saved (by rename, as an
/// editor does), and the same tab reloads itself onto the new render; a bad edit shows as an error over
/// the last good render, and the fix reloads it again. Skipped where Chromium is not installed.
@Suite("flipbook watch in headless Chromium", .serialized)
struct WatchBrowserTests {
  static let chromium = "/usr/bin/chromium"
  static var haveChromium: Bool { FileManager.default.isExecutableFile(atPath: chromium) }

  /// Headless Chromium showing one page, read from outside through its DevTools HTTP endpoint
  /// (`/json/list` gives every tab's id and title, and the page's live script keeps its render in the
  /// title), so no DevTools client is needed.
  final class Browser {
    private let process = Process()
    private let profile: URL
    private(set) var devToolsPort: UInt16 = 0

    init(opening url: String) throws {
      profile = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-watch-chromium-\(UUID())")
      try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
      process.executableURL = URL(fileURLWithPath: WatchBrowserTests.chromium)
      // A profile of its own, so parallel runs do not fight over one profile lock; port 0: any free port,
      // which Chromium writes into DevToolsActivePort.
      process.arguments = [
        "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
        "--user-data-dir=\(profile.path)", "--remote-debugging-port=0", url,
      ]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      let file = profile.appendingPathComponent("DevToolsActivePort").path
      let deadline = ContinuousClock.now + WatchRun.patience
      while ContinuousClock.now < deadline {
        if let text = try? String(contentsOfFile: file, encoding: .utf8),
          let port = text.split(separator: "\n").first.flatMap({ UInt16($0) })
        {
          devToolsPort = port
          return
        }
        usleep(20_000)
      }
      throw WatchRun.Timeout(description: "Chromium wrote no DevToolsActivePort")
    }

    deinit {
      process.terminate()
      process.waitUntilExit()
      try? FileManager.default.removeItem(at: profile)
    }

    /// The tabs showing a page under `prefix`, as (id, title).
    func pages(under prefix: String) -> [(id: String, title: String)] {
      guard let response = LoopbackClient.get("/json/list", port: devToolsPort),
        let list = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [[String: Any]]
      else { return [] }
      return list.compactMap { target in
        guard target["type"] as? String == "page", let url = target["url"] as? String, url.hasPrefix(prefix),
          let id = target["id"] as? String, let title = target["title"] as? String
        else { return nil }
        return (id, title)
      }
    }

    /// Waits until the one tab under `prefix` has `title`; returns its id.
    func awaitTitle(_ title: String, under prefix: String) throws -> String {
      let deadline = ContinuousClock.now + WatchRun.patience
      var last: [(id: String, title: String)] = []
      while ContinuousClock.now < deadline {
        last = pages(under: prefix)
        if last.count == 1, last[0].title == title { return last[0].id }
        usleep(20_000)
      }
      throw WatchRun.Timeout(description: "no tab titled \(title); tabs: \(last)")
    }
  }

  @Test(
    "The page reloads itself in the same tab on a save, shows a bad edit's error, and reloads on the fix",
    .enabled(if: haveChromium, "Chromium is not installed at /usr/bin/chromium: browser check skipped"))
  func reloads() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let document = workspace.path("doc.json")
    let good = try WatchTests.script()
    try good.write(toFile: document, atomically: true, encoding: .utf8)
    let run = try WatchRun([document, "-o", workspace.path("out"), "--port", "0", "-q"] + WatchTests.options)
    let events = try #require(LoopbackClient.Events(port: run.port, timeoutSeconds: 60))
    #expect(events.awaitRender(1) != nil)

    let browser = try Browser(opening: run.url)
    let tab = try browser.awaitTitle("Flipbook · out · render 1", under: run.url)
    // The page's event stream is connected (the test's own stream is the other listener).
    _ = try run.wait(for: "the page's event stream") { () -> Bool? in
      (LoopbackClient.get("/status", port: run.port)?.text.contains("\"listeners\": 2") ?? false) ? true : nil
    }

    try saveByRename(good.replacingOccurrences(of: "\"Section 0\"", with: "\"Section Zero\""), to: document)
    #expect(try browser.awaitTitle("Flipbook · out · render 2", under: run.url) == tab)

    try saveByRename(good.replacingOccurrences(of: "\"fps\": 60", with: "\"fps\": \"sixty\""), to: document)
    #expect(try browser.awaitTitle("Flipbook · out · render 2 · error", under: run.url) == tab)

    try saveByRename(good, to: document)
    #expect(try browser.awaitTitle("Flipbook · out · render 3", under: run.url) == tab)
    #expect(try run.interrupt(with: SIGINT) == 130)
  }
}
