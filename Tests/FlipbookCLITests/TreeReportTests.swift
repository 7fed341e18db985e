import FlipbookGraphics
import FlipbookJSON
import Foundation
import Testing

@testable import FlipbookCLI
@testable import FlipbookDiff

/// `flipbook diff REFS OUT -o DIR` over trees of renders and `diff --merge … -o DIR`: one page over the
/// batch, linked to a report of each differing render, copied across shards by the merge.
@Suite("Tree diff reports")
struct TreeReportTests {
  static let changed = "variants/ego-matrix/language=en,viewport=320x480@2,arrowColor=gray"

  /// The links of a page and its `<body>` attributes, read by Python's HTML parser (not by our writer).
  static func links(ofPage page: String) throws -> (body: [String: String], links: [String]) {
    let script = """
      import json, sys
      from html.parser import HTMLParser
      class P(HTMLParser):
          def __init__(self):
              super().__init__(); self.links = []; self.body = {}
          def handle_starttag(self, tag, attrs):
              if tag == 'a': self.links.append(dict(attrs)['href'])
              if tag == 'body': self.body = dict(attrs)
      p = P(); p.feed(open(sys.argv[1], encoding='utf-8').read())
      print(json.dumps({'body': p.body, 'links': p.links}))
      """
    let out = try ExternalTool(path: "/usr/bin/python3").run(["-c", script, page])
    let value = try JSONParser.parse(Data(out))
    guard case .object(let body) = value["body"], case .array(let links) = value["links"] else {
      throw ExternalTool.Failure(description: "unexpected parser output")
    }
    return (
      Dictionary(uniqueKeysWithValues: body.compactMap { key, v in Self.string(v).map { (key, $0) } }),
      links.compactMap { Self.string($0) }
    )
  }

  static func string(_ value: JSONValue?) -> String? {
    if case .string(let text) = value { text } else { nil }
  }

  /// Blackens frame `frame` of `render` in the tree `out`.
  static func blacken(_ render: String, frame: Int, in out: String) throws {
    try Image(width: 320, height: 480).writePNG(toFile: out + "/" + render + String(format: "/frame_%06d.png", frame))
  }

  @Test("A differing tree's report: a page over the batch linking the differing render's own report")
  func differingTree() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let tests = TreeDiffTests()
    let refs = try tests.render(workspace, into: "refs")
    let out = try tests.render(workspace, into: "out")
    try Self.blacken(Self.changed, frame: 3, in: out)
    let report = workspace.path("report")
    let result = try FlipbookBinary.run(["diff", refs, out, "-o", report, "--json"])
    #expect(result.exitCode == 1, "\(result)")
    let json = try JSONParser.parse(result.stdout)
    #expect(json["report"] == .string(report + "/report.html"))
    guard case .array(let renders) = json["renders"] else { throw ExternalTool.Failure(description: "no renders") }
    let reported = renders.filter { $0["report"] != .null }
    #expect(reported.count == 1)
    #expect(reported.first?["report"] == .string(report + "/" + Self.changed + "/report.html"))
    let page = try Self.links(ofPage: report + "/report.html")
    #expect(page.body == ["data-verdict": "differ", "data-renders": "13"])
    #expect(page.links == [Self.changed + "/report.html"])
    let own = try Self.links(ofPage: report + "/" + Self.changed + "/report.html")
    #expect(own.body["data-verdict"] == "differ")
    let images = try FileManager.default.contentsOfDirectory(atPath: report + "/" + Self.changed).sorted()
    #expect(images == ["0000-actual.png", "0000-diff.png", "0000-expected.png", "0000-strip.png", "report.html"])
    let prose = try FlipbookBinary.run(["diff", refs, out, "-o", report])
    #expect(prose.stdout.hasSuffix("Wrote report.html and the reports of 1 render to \(report)\n"), "\(prose)")
  }

  @Test("A matching tree writes no report unless --report-all, which reports every render")
  func matchingTree() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let tests = TreeDiffTests()
    let refs = try tests.render(workspace, into: "refs")
    let out = try tests.render(workspace, into: "out")
    let report = workspace.path("report")
    let quiet = try FlipbookBinary.run(["diff", refs, out, "-o", report])
    #expect(quiet.exitCode == 0, "\(quiet)")
    #expect(!FileManager.default.fileExists(atPath: report))
    #expect(try workspace.contents() == ["out", "refs"], "no partial report folder left")
    let all = try FlipbookBinary.run(["diff", refs, out, "-o", report, "--report-all"])
    #expect(all.exitCode == 0, "\(all)")
    let page = try Self.links(ofPage: report + "/report.html")
    #expect(page.body["data-verdict"] == "match")
    #expect(page.links.count == 13)
    for link in page.links {
      let path = report + "/" + (link.removingPercentEncoding ?? link)
      #expect(FileManager.default.fileExists(atPath: path), "\(link)")
    }
  }

  @Test("--merge -o copies each shard's render reports into one folder; a report not found is named")
  func mergedReport() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let tests = TreeDiffTests()
    let refs = try tests.render(workspace, into: "refs")
    var files: [String] = []
    var changed: [String] = []
    for shard in 1...3 {
      let out = try tests.render(workspace, into: "out\(shard)", shard: "\(shard)/3")
      // The first matrix render of each of the first two shards differs.
      let index = try JSONParser.parse(
        Data(contentsOf: URL(fileURLWithPath: out + "/index-shard-\(shard)-of-3.json")))
      guard case .array(let renders) = index["renders"] else { throw ExternalTool.Failure(description: "index") }
      if shard < 3, let name = renders.compactMap({ Self.string($0["name"]) }).first(where: { $0.contains("320x480") })
      {
        try Self.blacken(name, frame: 2, in: out)
        changed.append(name)
      }
      // As the CI recipe runs it: the report folder and the JSON side by side in the job's folder.
      let result = try FlipbookBinary.run(
        ["diff", refs, out, "-o", "report-\(shard)", "--json"], in: workspace.path(""))
      #expect(result.exitCode == (shard < 3 ? 1 : 0), "\(result)")
      let file = workspace.path("report-\(shard).json")
      try result.stdout.write(toFile: file, atomically: true, encoding: .utf8)
      files.append(file)
    }
    #expect(changed.count == 2)
    let merged = workspace.path("merged")
    let result = try FlipbookBinary.run(["diff", "--merge"] + files + ["-o", merged])
    #expect(result.exitCode == 1, "\(result)")
    #expect(result.stdout.hasSuffix("Wrote report.html and the reports of 2 renders to \(merged)\n"), "\(result)")
    let page = try Self.links(ofPage: merged + "/report.html")
    #expect(page.body == ["data-verdict": "differ", "data-renders": "13"])
    #expect(page.links.sorted() == changed.sorted().map { $0 + "/report.html" })
    for name in changed {
      let own = try Self.links(ofPage: merged + "/" + name + "/report.html")
      #expect(own.body["data-verdict"] == "differ")
      #expect(FileManager.default.fileExists(atPath: merged + "/" + name + "/0000-diff.png"))
    }
    // Shard 2's report folder lost (an artifact not uploaded): the verdict stands, the page says what is missing.
    try FileManager.default.removeItem(atPath: workspace.path("report-2"))
    let lost = try FlipbookBinary.run(["diff", "--merge"] + files + ["-o", merged])
    #expect(lost.exitCode == 1, "\(lost)")
    #expect(lost.stdout.contains("1 render's report was not found beside their shards' JSON files: "))
    #expect(try String(contentsOfFile: merged + "/report.html", encoding: .utf8).contains("id=\"reports-not-found\""))
  }

  @Test("A render's link keeps a variant's name readable and escapes what would break it")
  func linkEncoding() {
    #expect(
      TreeReportPage.link(to: "variants/m/language=zh-Hant,viewport=375x667@3")
        == "variants/m/language=zh-Hant,viewport=375x667@3/report.html")
    #expect(TreeReportPage.link(to: "a b/c#d?e") == "a%20b/c%23d%3Fe/report.html")
  }
}
