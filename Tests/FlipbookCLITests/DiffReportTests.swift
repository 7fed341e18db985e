import FlipbookGraphics
import FlipbookImageFormats
import Foundation
import Testing

/// `flipbook diff -o DIR`: report.html and the images it shows, its structure, and its controls working
/// in headless Chromium.
@Suite("flipbook diff's report.html", .serialized)
struct DiffReportTests {
  let dir: URL

  init() throws {
    dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-report-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
  }

  /// Two frame folders of three 16x12 frames; in the actual one frame_000002.png has `dots` black pixels.
  func folders(dots: Int) throws -> (String, String) {
    for (side, count) in [("a", 0), ("b", dots)] {
      let url = dir.appendingPathComponent(side)
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      for index in 0..<3 {
        var rgba = [UInt8](repeating: 255, count: 16 * 12 * 4)
        if index == 2 { for x in 0..<count { for c in 0..<3 { rgba[(5 * 16 + x * 2) * 4 + c] = 0 } } }
        try Image(width: 16, height: 12, rgba: rgba).writePNG(
          toFile: url.appendingPathComponent(String(format: "frame_%06d.png", index)).path)
      }
    }
    return (dir.appendingPathComponent("a").path, dir.appendingPathComponent("b").path)
  }

  func occurrences(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

  @Test("An index of every frame with the differing one first, and its views with their controls")
  func structure() throws {
    defer { try? FileManager.default.removeItem(at: dir) }
    let (a, b) = try folders(dots: 3)
    let report = dir.appendingPathComponent("report").path
    let result = try FlipbookBinary.run(["diff", a, b, "-o", report])
    #expect(result.exitCode == 1)
    #expect(result.stdout.hasSuffix("Wrote report.html and the diff images to \(report)\n"), "\(result)")
    let files = try FileManager.default.contentsOfDirectory(atPath: report).sorted()
    #expect(files == ["0000-actual.png", "0000-diff.png", "0000-expected.png", "0000-strip.png", "report.html"])
    let html = try String(contentsOfFile: report + "/report.html", encoding: .utf8)

    // The index: three rows, the differing frame first with its count, then the matches in order.
    let rows = html.components(separatedBy: "<tr class=\"").dropFirst().map { $0.prefix(80) }
    #expect(rows.count == 3)
    #expect(rows[0].hasPrefix("differ\"><td><a href=\"#frame-2\">frame_000002.png</a></td>"), "\(rows)")
    #expect(rows[1].hasPrefix("match\"><td>frame_000000.png</td>") && rows[2].hasPrefix("match\"><td>frame_000001.png"))
    #expect(html.contains("<td>differ</td><td>3</td><td>1.562 %</td><td>0.966</td><td>0</td>"))

    // One section, for the differing frame, with the three views and the three controls.
    #expect(occurrences("<section class=\"frame\"", in: html) == 1)
    #expect(html.contains("<section class=\"frame\" id=\"frame-2\""))
    for control in [
      "class=\"swipe-range\" type=\"range\"", "class=\"fade-range\" type=\"range\"", "class=\"zoom\" type=\"range\"",
    ] {
      #expect(occurrences(control, in: html) == 1, "\(control)")
    }
    for view in ["<figure class=\"side\">", "<figure class=\"swipe\">", "<figure class=\"onion\">"] {
      #expect(html.contains(view))
    }
    // Every image it shows is a file beside it; nothing comes from the network.
    let sources = html.components(separatedBy: "src=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    #expect(Set(sources) == ["0000-expected.png", "0000-diff.png", "0000-actual.png"])
    #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("<link"))
  }

  @Test("A match writes no report unless --report-all, which writes the index alone")
  func reportAll() throws {
    defer { try? FileManager.default.removeItem(at: dir) }
    let (a, b) = try folders(dots: 0)
    let report = dir.appendingPathComponent("report").path
    let quiet = try FlipbookBinary.run(["diff", a, b, "-o", report])
    #expect(quiet.exitCode == 0 && quiet.stdout == "Match: all 3 frames are identical\n", "\(quiet)")
    #expect(!FileManager.default.fileExists(atPath: report))
    let all = try FlipbookBinary.run(["diff", a, b, "-o", report, "--report-all", "--json"])
    #expect(all.exitCode == 0, "\(all)")
    #expect(all.stdout.contains("\"report\": \"\(report)/report.html\""), "\(all)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: report) == ["report.html"])
    let html = try String(contentsOfFile: report + "/report.html", encoding: .utf8)
    #expect(html.contains("<body data-verdict=\"match\">"))
    #expect(occurrences("<tr class=\"match\">", in: html) == 3 && !html.contains("<section"))
  }

  @Test(
    "In headless Chromium the images load from the folder and swipe, fade and zoom change the views",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium"), "Chromium is not installed"))
  func inBrowser() throws {
    defer { try? FileManager.default.removeItem(at: dir) }
    let (a, b) = try folders(dots: 4)
    let report = dir.appendingPathComponent("report")
    _ = try FlipbookBinary.run(["diff", a, b, "-o", report.path])
    let page = report.appendingPathComponent("report.html").absoluteString
    let initial = try Chromium.dom(of: page)
    #expect(initial.contains("data-images-loaded=\"7\"") && initial.contains("data-images=\"7\""), "\(initial)")
    #expect(initial.contains("data-swipe=\"50\" data-fade=\"50\" data-zoom=\"1\""))

    let changed = try Chromium.dom(of: page + "#test=swipe:30,fade:70,zoom:8")
    #expect(changed.contains("data-swipe=\"30\" data-fade=\"70\" data-zoom=\"8\""), "\(changed)")
    #expect(changed.contains("clip-path: inset(0px 0px 0px 30%)"), "the swipe reveals actual right of 30 %")
    #expect(changed.contains("opacity: 0.7"), "the onion skin shows actual at 70 %")
    #expect(changed.contains("--zoom: 8") && changed.contains("<output class=\"zoom-value\">8×</output>"))
  }
}

/// Headless Chromium's DOM of a page after its load event (`--dump-dom`), with a fresh profile.
enum Chromium {
  static func dom(of url: String) throws -> String {
    let profile = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-profile-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: profile) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/chromium")
    process.arguments = [
      "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(profile.path)",
      "--dump-dom", url,
    ]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: output, as: UTF8.self)
  }
}
