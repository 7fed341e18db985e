import FlipbookBatch
import FlipbookJSON
import Foundation
import Testing

@testable import FlipbookCLI

/// `flipbook render A.json B.json … -o OUT [--shard i/n]`: variants, batches and shards, end to end.
@Suite("Batch renders, variants and shards")
struct BatchRenderTests {
  static let examples = Workspace.examples
  static let matrix = examples.appendingPathComponent("variants/ego-matrix.json").path
  /// Small and quick: every frame of every render at scale 1 and 10 fps for 0.6 s.
  static let quick = ["--scale", "1", "--fps", "10", "--to", "0.6", "-q"]

  /// Every file under `root`, by relative path, with its bytes, leaving out the index files.
  static func files(under root: String) throws -> [String: Data] {
    var result: [String: Data] = [:]
    let base = URL(fileURLWithPath: root).standardizedFileURL.path
    let walker = try #require(FileManager.default.enumerator(atPath: base))
    while let relative = walker.nextObject() as? String {
      let path = base + "/" + relative
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
        !relative.hasPrefix("index")
      else { continue }
      result[relative] = try Data(contentsOf: URL(fileURLWithPath: path))
    }
    return result
  }

  static func index(_ path: String) throws -> JSONValue {
    try JSONParser.parse(try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  static func renderNames(_ index: JSONValue) -> [String] {
    guard case .array(let renders) = index["renders"] else { return [] }
    return renders.compactMap { if case .string(let name) = $0["name"] { name } else { nil } }
  }

  @Test("A 3 x 2 x 2 matrix renders 12 folders named from the values, with an index of their manifests")
  func matrixRenders() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let out = workspace.path("out")
    let result = try FlipbookBinary.run(["render", Self.matrix, "-o", out] + Self.quick.dropLast())
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout.hasPrefix("Rendered 12 renders of 1 document, 72 frames ("), "\(result)")
    #expect(result.stdout.split(separator: "\n").count == 1, "one summary line")
    let folders = try FileManager.default.contentsOfDirectory(atPath: out + "/ego-matrix").sorted()
    #expect(folders.count == 12)
    #expect(folders.contains("language=zh-Hant,viewport=375x667@3,arrowColor=gray"))
    let index = try Self.index(out + "/index.json")
    #expect(index["shard"] == .null)
    #expect(Self.renderNames(index) == folders.map { "ego-matrix/" + $0 })
    guard case .array(let renders) = index["renders"], let first = renders.first else {
      Issue.record("no renders in the index")
      return
    }
    #expect(first["variant"] == .string("language=en,viewport=320x480@2,arrowColor=blue"))
    #expect(first["values"]?["refresh.language"] == .string("en"))
    #expect(first["frames"] == .number(6))
    let manifestPath = try #require({ if case .string(let s) = first["manifest"] { s } else { nil } }())
    let manifest = try Self.index(out + "/" + manifestPath)
    #expect(manifest["variant"] == first["variant"])
    #expect(manifest["size"] == .array([.number(320), .number(480)]), "--scale 1 over the 320x480 viewport")
  }

  @Test("Shards 1/3, 2/3 and 3/3 together are the unsharded render, byte for byte, each index its own part")
  func shardsUnion() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let documents = [
      Self.matrix, Self.examples.appendingPathComponent("scripts/ego/short-pull.json").path,
      Self.examples.appendingPathComponent("scripts/apl/short-pull.json").path,
    ]
    let whole = workspace.path("whole")
    let run = try FlipbookBinary.run(["render"] + documents + ["-o", whole] + Self.quick)
    #expect(run.exitCode == 0, "\(run)")
    let union = workspace.path("union")
    var listed: [String] = []
    for shard in 1...3 {
      let part = workspace.path("shard\(shard)")
      let result = try FlipbookBinary.run(["render"] + documents + ["-o", part, "--shard", "\(shard)/3"] + Self.quick)
      #expect(result.exitCode == 0, "\(result)")
      let index = try Self.index(part + "/index-shard-\(shard)-of-3.json")
      #expect(index["shard"] == .string("\(shard)/3"))
      listed += Self.renderNames(index)
      // Copy into one folder, as a CI merge job's download does.
      for (relative, bytes) in try Self.files(under: part) {
        let target = URL(fileURLWithPath: union + "/" + relative)
        #expect(!FileManager.default.fileExists(atPath: target.path), "\(relative) is in two shards")
        try FileManager.default.createDirectory(
          at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: target)
      }
    }
    let expected = try Self.files(under: whole)
    let actual = try Self.files(under: union)
    #expect(expected.count == 14 * 7, "14 renders of 6 frames and a manifest")
    #expect(Set(actual.keys) == Set(expected.keys))
    for (name, bytes) in expected where actual[name] != bytes {
      Issue.record("\(name) differs from the unsharded render")
    }
    #expect(listed.sorted() == Self.renderNames(try Self.index(whole + "/index.json")))
    #expect(Set(Self.renderNames(try Self.index(whole + "/index.json"))).contains("scripts/apl/short-pull"))
  }

  @Test("Shards by estimated pixels are within 1.5x of each other on the examples")
  func shardBalance() throws {
    let fm = FileManager.default
    var documents: [String] = []
    for folder in ["scripts/ego", "scripts/apl", "scripts/airplane", "variants"] {
      let path = Self.examples.appendingPathComponent(folder).path
      documents += try fm.contentsOfDirectory(atPath: path).filter { $0.hasSuffix(".json") }.map { path + "/" + $0 }
    }
    var options = BatchPlan.Options()
    options.quiet = true
    let plan = try BatchPlan(paths: documents, options: options)
    #expect(plan.items.count == 15 + 12)
    let names = plan.items.map(\.name)
    let weights = plan.items.map(\.shardWeight)
    for count in [2, 3, 4] {
      let parts = Shard.split(names: names, weights: weights, into: count)
      #expect(parts.flatMap { $0 }.sorted() == Array(names.indices), "every item in exactly one shard")
      let loads = parts.map { $0.reduce(0) { $0 + weights[$1] } }
      let ratio = Double(loads.max()!) / Double(loads.min()!)
      #expect(ratio <= 1.5, "\(count) shards: \(loads)")
      // The split depends on the items alone, not on the order the documents were given in.
      let reversed = Shard.split(names: names.reversed(), weights: weights.reversed(), into: count)
      #expect(reversed.map { $0.map { names.reversed()[$0] }.sorted() } == parts.map { $0.map { names[$0] }.sorted() })
    }
  }

  @Test("A shard weighs a render by its frames' pixels: a 375x667@3 variant outweighs a 320x480@2 one")
  func shardWeightCountsPixels() throws {
    var options = BatchPlan.Options()
    options.quiet = true
    let plan = try BatchPlan(paths: [Self.matrix], options: options)
    let small = try #require(plan.items.first { $0.name.hasSuffix("language=en,viewport=320x480@2,arrowColor=blue") })
    let large = try #require(plan.items.first { $0.name.hasSuffix("language=en,viewport=375x667@3,arrowColor=blue") })
    #expect(small.frames.count == large.frames.count)
    // 640x960 pixels a frame against 1125x2001, at the same frame count.
    #expect(small.shardWeight == small.frames.count * 640 * 960)
    #expect(large.shardWeight == large.frames.count * 1125 * 2001)
  }

  @Test("A bad --shard is a usage error", arguments: ["0/3", "4/3", "x", "1/0", "1/", "+1/3", "1/3/4"])
  func badShard(_ shard: String) throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let result = try FlipbookBinary.run(["render", Self.matrix, "-o", workspace.path("out"), "--shard", shard])
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stderr.hasPrefix("Error: --shard "), "\(result)")
    #expect(try workspace.contents().isEmpty)
  }

  @Test("A key path the schema lacks is refused before anything renders, naming the variant and the path")
  func badKeyPath() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let text = try String(contentsOfFile: Self.matrix, encoding: .utf8)
      .replacingOccurrences(of: #""refresh.arrowColor""#, with: #""refresh.arowColor""#)
    let document = workspace.path("matrix.json")
    try text.write(toFile: document, atomically: true, encoding: .utf8)
    let out = workspace.path("out")
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
    try Data("earlier".utf8).write(to: URL(fileURLWithPath: out + "/index.json"))
    let result = try FlipbookBinary.run(["render", Self.matrix, document, "-o", out] + Self.quick)
    #expect(result.exitCode == 1)
    #expect(
      result.stderr
        == "Error: \(document): variant language=en,viewport=320x480@2,arowColor=blue: $.refresh.arowColor: "
        + "unknown key (did you mean \"arrowColor\"?); valid here: \"arrowColor\", \"backgroundColor\", \"language\", \"lastUpdated\", \"listKey\", \"now\", \"style\", \"textColor\", \"timeZone\"\n"
    )
    #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["index.json"], "nothing rendered")
    #expect(try String(contentsOfFile: out + "/index.json", encoding: .utf8) == "earlier")
  }

  @Test("Documents are named by their paths under the folder they share; a document given twice is refused")
  func documentNames() throws {
    let names = try BatchPlan.documentNames(["/a/scripts/ego/x.json", "/a/scripts/apl/x.json", "/a/scripts/pull.json"])
    #expect(names == ["ego/x", "apl/x", "pull"])
    #expect(try BatchPlan.documentNames(["examples/pull.json"]) == ["pull"])
    #expect(throws: BatchError.self) { try BatchPlan.documentNames(["a/x.json", "a/./x.json"]) }
  }
}
