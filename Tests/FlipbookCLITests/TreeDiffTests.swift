import FlipbookGraphics
import FlipbookImageFormats
import FlipbookJSON
import Foundation
import Testing

/// `flipbook diff REFS OUT` over trees of renders, shard by shard, and `diff --merge` of the shards'
/// reports, end to end.
@Suite("diff over render trees and --merge")
struct TreeDiffTests {
  static let documents = [
    BatchRenderTests.matrix, Workspace.examples.appendingPathComponent("scripts/ego/short-pull.json").path,
  ]

  /// Renders the documents (or one shard of them) into `name`.
  func render(_ workspace: Workspace, into name: String, shard: String? = nil) throws -> String {
    let out = workspace.path(name)
    let result = try FlipbookBinary.run(
      ["render"] + Self.documents + ["-o", out] + BatchRenderTests.quick + (shard.map { ["--shard", $0] } ?? []))
    guard result.exitCode == 0 else { throw Workspace.RenderFailed(output: result) }
    return out
  }

  func json(_ text: String) throws -> JSONValue { try JSONParser.parse(text) }

  @Test("Two equal trees match render by render; a changed frame and a missing render differ, named")
  func wholeTrees() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let refs = try render(workspace, into: "refs")
    let out = try render(workspace, into: "out")
    let same = try FlipbookBinary.run(["diff", refs, out])
    #expect(same.exitCode == 0, "\(same)")
    #expect(same.stdout == "Match: all 13 renders, 78 frames\n")
    // One frame turned black, one render removed.
    let changed = "ego-matrix/language=en,viewport=320x480@2,arrowColor=gray"
    let frame = out + "/variants/" + changed + "/frame_000003.png"
    try Image(width: 320, height: 480).writePNG(toFile: frame)
    try FileManager.default.removeItem(atPath: out + "/scripts/ego/short-pull")
    let differ = try FlipbookBinary.run(["diff", refs, out, "--json"])
    #expect(differ.exitCode == 1, "\(differ)")
    let report = try json(differ.stdout)
    #expect(report["verdict"] == .string("differ"))
    #expect(report["onlyInExpected"] == .array([.string("scripts/ego/short-pull")]))
    #expect(report["totals"]?["differingRenders"] == .number(1))
    #expect(report["totals"]?["differingFrames"] == .number(1))
    let prose = try FlipbookBinary.run(["diff", refs, out])
    #expect(prose.stdout.hasPrefix("Differ: 1 of 12 renders (first: variants/\(changed), Differ: 1 of 6 frames"))
    #expect(prose.stdout.contains("Missing from \(out): scripts/ego/short-pull\n"))
  }

  @Test("Each shard is compared for its own renders; the merged reports answer for the whole batch")
  func shardsMerge() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let refs = try render(workspace, into: "refs")
    var reports: [String] = []
    for shard in 1...3 {
      let out = try render(workspace, into: "out\(shard)", shard: "\(shard)/3")
      let result = try FlipbookBinary.run(["diff", refs, out, "--json"])
      #expect(result.exitCode == 0, "shard \(shard): \(result)")
      let report = try json(result.stdout)
      #expect(report["shards"] == .array([.string("\(shard)/3")]))
      #expect(report["onlyInExpected"] == .array([]))
      let file = workspace.path("report-\(shard).json")
      try result.stdout.write(toFile: file, atomically: true, encoding: .utf8)
      reports.append(file)
    }
    let merged = try FlipbookBinary.run(["diff", "--merge"] + reports)
    #expect(merged.exitCode == 0, "\(merged)")
    #expect(merged.stdout == "Match: all 13 renders, 78 frames\n")
    let mergedJSON = try json(try FlipbookBinary.run(["diff", "--merge", "--json"] + reports).stdout)
    #expect(mergedJSON["totals"]?["comparedRenders"] == .number(13))
    #expect(mergedJSON["shards"] == .array([.string("1/3"), .string("2/3"), .string("3/3")]))
    // A shard's report left out: its renders were compared by no one.
    let partial = try FlipbookBinary.run(["diff", "--merge"] + reports.dropLast())
    #expect(partial.exitCode == 1, "\(partial)")
    #expect(partial.stdout.contains("Missing from "), "\(partial)")
    // The same report twice cannot be merged: trouble.
    let twice = try FlipbookBinary.run(["diff", "--merge", reports[0], reports[0]])
    #expect(twice.exitCode == 2)
    #expect(twice.stderr.hasPrefix("Error: \(reports[0]): compares "), "\(twice)")
  }

  @Test("A shard with no render of its own is a tree that matches, its renders all another shard's")
  func emptyShard() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let pull = Workspace.examples.appendingPathComponent("scripts/ego/short-pull.json").path
    var outputs: [String] = []
    for (name, shard) in [("refs", ["--shard", "1/1"]), ("out", ["--shard", "2/2"])] {
      outputs.append(workspace.path(name))
      let result = try FlipbookBinary.run(
        ["render", pull, "-o", workspace.path(name)] + BatchRenderTests.quick + shard)
      #expect(result.exitCode == 0, "\(result)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: outputs[1]) == ["index-shard-2-of-2.json"])
    let result = try FlipbookBinary.run(["diff", outputs[0], outputs[1], "--json"])
    #expect(result.exitCode == 0, "\(result)")
    #expect(try json(result.stdout)["otherShards"] == .array([.string("short-pull")]))
  }

  @Test("--merge refuses what is not a tree report, and a tree against a folder is trouble")
  func trouble() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let bad = workspace.path("bad.json")
    try #"{"verdict": "match"}"#.write(toFile: bad, atomically: true, encoding: .utf8)
    let result = try FlipbookBinary.run(["diff", "--merge", bad])
    #expect(result.exitCode == 2)
    #expect(result.stderr.hasPrefix("Error: \(bad): it is not a report of render trees"), "\(result)")
    let refs = try render(workspace, into: "refs")
    let folder = try workspace.render(Workspace.pullScript, to: "0.2")
    let mixed = try FlipbookBinary.run(["diff", refs, folder])
    #expect(mixed.exitCode == 2, "\(mixed)")
    #expect(
      mixed.stderr
        == "Error: \(folder): is not a tree of renders but \(refs) is; flipbook diff compares two of a kind\n")
    let missing = try FlipbookBinary.run(["diff", refs])
    #expect(missing.exitCode == 64)
  }
}
