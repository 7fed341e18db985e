import FlipbookJSON
import FlipbookScene
import Foundation
import Testing

/// The JSON Schemas against the loader and the writer, judged by an independent validator
/// (python3-jsonschema, `JSONSchemaValidator`): every document the loader accepts is valid by its schema,
/// every document it refuses is invalid, except the few whose fault no schema can see (listed below with
/// why), and every manifest a render writes is valid.
@Suite struct JSONSchemaTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "__Fixtures__")
  static let examples = JSONSchemaValidator.repository.appendingPathComponent("examples")

  /// Documents the loader refuses for what a schema cannot see, by path under `__Fixtures__` (or in the
  /// repository, from `examples/`), and why.
  static let beyondSchema: [String: String] = [
    "corrupt-contents.json": "an image file's bytes",
    "examples/consumer/Scripts/refresh.json":
      "its refresh component is made in Swift (GestureScript.decode(_:refresh:)), which the schema allows",
    "examples/consumer/Scripts/long-pull.json":
      "its refresh component, which its dataLoaded event tells, is made in Swift (GestureScript.decode(_:refresh:))",
    "bad/scene/contents-bad-crc-ihdr.json": "an image file's bytes",
    "bad/scene/contents-bomb.json": "an image file's bytes",
    "bad/scene/contents-gif.json": "an image file's bytes",
    "bad/scene/contents-huge-ihdr.json": "an image file's bytes",
    "bad/scene/contents-truncated.json": "an image file's bytes",
    "bad/scene/file-absolute.json": "where a file lies on disk",
    "bad/scene/file-dev-zero.json": "where a file lies on disk",
    "bad/scene/file-dotdot.json": "where a file lies on disk",
    "bad/scene/file-folder.json": "where a file lies on disk",
    "bad/scene/file-missing.json": "whether a file exists",
    "bad/scene/range-deep-sublayers.json": "nesting deeper than Python's JSON reader goes",
    "bad/scene/range-path-1e309.json": "SVG path syntax, which the path reader parses",
    "bad/scene/range-path-garbage.json": "SVG path syntax, which the path reader parses",
    "bad/script/chrome-apl-topInset-disagrees.json": "a number compared with the height of the script's bars",
    "bad/script/custom-binding-layer-unknown.json": "whether a named layer exists",
    "bad/script/custom-on-layer-unknown.json": "whether a named layer exists",
    "bad/script/custom-binding-property-not-of-layer.json": "the type of a layer named elsewhere",
    "bad/script/custom-on-add-unfit.json": "the type of a layer named elsewhere",
    "bad/script/range-down-after-up.json": "the order of a touch's times",
    "bad/script/range-touches-overlap.json": "the order of times across touches",
  ]

  /// Invalid documents written for the schemas (`__Fixtures__/schemas/invalid`), with what the loader's
  /// error must say.
  static let invalidSamples: [String: String] = [
    "scene-schema-key-number.json": #"$["$schema"]: expected a string, found a number"#,
    "script-schema-key-object.json": #"$["$schema"]: expected a string, found an object"#,
    "variants-empty.json": "$.variants: expected an object of key paths",
    "variants-not-an-object.json": "$.variants: expected an object of key paths",
    "variants-not-a-list.json": "$.variants.fps: expected a list of values",
    "variants-empty-list.json": "$.variants.fps: the list of values is empty",
    "variants-vary-variants.json": "variants cannot vary the variants",
    "variants-bad-key-path.json": "is not a key path",
    "variants-base-unknown-key.json": "$.refresh.arrowColour: unknown key",
  ]

  // MARK: The schemas themselves

  @Test(.enabled(if: JSONSchemaValidator.python != nil, Comment(rawValue: JSONSchemaValidator.missing)))
  func theSchemasAreDraft2020_12SchemasWithIDs() throws {
    let files = try JSONSchemaValidator.schemaFiles()
    #expect(files.keys.sorted() == ["manifest", "scene", "script", "variants"])
    // validate.py checks each with Draft202012Validator.check_schema before any document.
    _ = try JSONSchemaValidator.validate([])
    for (kind, path) in files {
      let schema = try #require(
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
      #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema", "\(path)")
      #expect((schema["$id"] as? String)?.hasSuffix("/\(kind).schema.json") == true, "\(path)")
      #expect(schema["description"] is String, "\(path)")
    }
  }

  @Test func flipbookSchemaPrintsEachSchemaFile() throws {
    for (kind, path) in try JSONSchemaValidator.schemaFiles() {
      let result = try FlipbookBinary.run(["schema", kind])
      #expect(result.exitCode == 0, "\(result)")
      #expect(result.stderr.isEmpty, "\(result)")
      #expect(result.stdout == (try String(contentsOfFile: path, encoding: .utf8)), "flipbook schema \(kind)")
    }
  }

  @Test func anUnknownKindIsAUsageErrorListingTheKinds() throws {
    let result = try FlipbookBinary.run(["schema", "scenes"])
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stdout.isEmpty)
    for kind in ["scene", "script", "variants", "manifest"] { #expect(result.stderr.contains(kind), "\(result)") }
  }

  // MARK: Documents

  /// Every example, every fixture document the tests read, and the bad-input corpus's documents.
  static func documents() throws -> [String] {
    var paths: [String] = []
    let roots = [
      examples, JSONSchemaValidator.repository.appendingPathComponent("Assets/Sources"),
      fixtures.appendingPathComponent("bad/scene"), fixtures.appendingPathComponent("bad/script"),
      fixtures.appendingPathComponent("schemas"),
    ]
    for root in roots {
      guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
      for case let url as URL in walker where url.pathExtension == "json" {
        // A consumer package's build folder is not the repository's.
        if url.path.contains("/.build/") { continue }
        // A Lottie file is Lottie's format, not one of Flipbook's documents, and has no schema here.
        if Self.isLottie(url) { continue }
        paths.append(url.path)
      }
    }
    // The CLI's own fixture documents (not its expected outputs).
    for name in ["small.json", "unknown-key.json", "huge.json", "corrupt-contents.json"] {
      paths.append(fixtures.appendingPathComponent(name).path)
    }
    return paths.sorted()
  }

  /// Whether `url` holds a Lottie animation (bodymovin's top-level `fr`, `op` and `layers`), which Flipbook reads
  /// but whose format is Lottie's.
  static func isLottie(_ url: URL) -> Bool {
    guard let data = FileManager.default.contents(atPath: url.path),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return false }
    return object["fr"] != nil && object["op"] != nil && object["layers"] != nil
  }

  /// What the loader makes of a document: nil when it and each of its variants decode, else its error.
  static func loaderError(_ path: String) -> DocumentError? {
    do {
      let file = try DocumentVariants(path: path)
      for variant in file.variants { _ = try file.decode(variant) }
      return nil
    } catch {
      return error
    }
  }

  @Test(.enabled(if: JSONSchemaValidator.python != nil, Comment(rawValue: JSONSchemaValidator.missing)))
  func theSchemasJudgeEveryDocumentAsTheLoaderDoes() throws {
    let paths = try Self.documents()
    #expect(paths.count > 200, "the examples, fixtures and corpus: \(paths.count) files")
    let verdicts = try JSONSchemaValidator.validate(paths.map { (JSONSchemaValidator.kind(of: $0), $0) })
    let fixtures = Self.fixtures.path + "/"
    let repository = JSONSchemaValidator.repository.path + "/"
    var accepted = 0
    var refused = 0
    for path in paths {
      let verdict = try #require(verdicts[path], "no verdict for \(path)")
      let name =
        path.hasPrefix(fixtures)
        ? String(path.dropFirst(fixtures.count)) : String(path.dropFirst(repository.count))
      if let error = Self.loaderError(path) {
        if let why = Self.beyondSchema[name] {
          guard case .invalid(let found) = verdict else { continue }
          Issue.record("\(name) is listed as beyond the schema (\(why)) but the schema refuses it: \(found)")
        } else {
          refused += 1
          #expect(verdict != .valid, "the loader refuses \(path) (\(error)) but its schema accepts it")
          if case .unreadable(let why) = verdict { Issue.record("Python cannot read \(path): \(why)") }
        }
      } else {
        accepted += 1
        #expect(verdict == .valid, "the loader accepts \(path) but its schema says \(verdict)")
      }
    }
    #expect(accepted >= 30, "documents the loader accepts: \(accepted)")
    #expect(refused >= 150, "documents the loader refuses and the schema must too: \(refused)")
  }

  /// Each variant of every matrix the examples and fixtures hold, expanded as the loader expands it: the
  /// values a matrix sets are valid where it sets them.
  @Test(.enabled(if: JSONSchemaValidator.python != nil, Comment(rawValue: JSONSchemaValidator.missing)))
  func everyVariantOfEveryMatrixIsValid() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    var expanded: [(kind: String, path: String)] = []
    for path in try Self.documents() where JSONSchemaValidator.kind(of: path) == "variants" {
      guard Self.loaderError(path) == nil else { continue }
      for (index, variant) in try DocumentVariants(path: path).variants.enumerated() {
        let file = workspace.path(
          "\(URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent)-\(index).json")
        try Data(variant.document.formatted().utf8).write(to: URL(fileURLWithPath: file))
        expanded.append((variant.document["viewport"] != nil ? "script" : "scene", file))
      }
    }
    #expect(expanded.count >= 16, "variants: \(expanded.count)")
    let verdicts = try JSONSchemaValidator.validate(expanded)
    for (_, path) in expanded { #expect(verdicts[path] == .valid, "\(path): \(String(describing: verdicts[path]))") }
  }

  /// The loader's own error for the corpus documents the schema must refuse: what `expected.json` says.
  @Test func theCorpusDocumentsAreRefusedWithTheirErrors() throws {
    let entries = BadInputCorpus.entries.filter {
      ($0.file.hasPrefix("scene/") || $0.file.hasPrefix("script/")) && $0.args.first == "render"
        && !($0.contains ?? []).contains { $0.contains("budget") }
    }
    #expect(entries.count >= 150)
    for entry in entries {
      let path = Self.fixtures.appendingPathComponent("bad").appendingPathComponent(entry.file).path
      let error = try #require(Self.loaderError(path), "the loader accepts \(entry.file)")
      for text in entry.contains ?? [] { #expect(error.description.contains(text), "\(entry.file): \(error)") }
    }
  }

  @Test func theInvalidSamplesAreRefusedWithTheirErrors() throws {
    let folder = Self.fixtures.appendingPathComponent("schemas/invalid")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(names == Self.invalidSamples.keys.sorted())
    for (name, expected) in Self.invalidSamples {
      let error = try #require(Self.loaderError(folder.appendingPathComponent(name).path), "the loader accepts \(name)")
      #expect(error.description.contains(expected), "\(name): \(error)")
    }
  }

  @Test func aSchemaKeyIsAcceptedAndIgnored() throws {
    let folder = Self.fixtures.appendingPathComponent("schemas/valid")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(names.count == 4)
    for name in names {
      let path = folder.appendingPathComponent(name).path
      let text = try String(contentsOfFile: path, encoding: .utf8)
      #expect(text.contains("\"$schema\""), "\(name)")
      #expect(Self.loaderError(path) == nil, "\(name): \(String(describing: Self.loaderError(path)))")
    }
    // The same document without the key renders the same: `inspect` shows the model tree unchanged.
    let withKey = folder.appendingPathComponent("scene-schema-key.json").path
    let workspace = try Workspace()
    defer { workspace.remove() }
    var object = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: withKey))) as? [String: Any])
    object["$schema"] = nil
    let withoutKey = workspace.path("scene.json")
    try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: withoutKey))
    let a = try FlipbookBinary.run(["inspect", withKey])
    let b = try FlipbookBinary.run(["inspect", withoutKey])
    #expect(a.exitCode == 0, "\(a)")
    #expect(a == b)
  }

  /// The documents the Swift tests hold whole as string literals (`Tests/Schemas/inline_documents.py`): each
  /// one the loader accepts is valid by its schema. (Those it refuses are refused on purpose, often for
  /// what only the loader sees.)
  @Test(.enabled(if: JSONSchemaValidator.python != nil, Comment(rawValue: JSONSchemaValidator.missing)))
  func everyDocumentTheTestsHoldThatTheLoaderAcceptsIsValid() throws {
    let python = try #require(JSONSchemaValidator.python)
    let workspace = try Workspace()
    defer { workspace.remove() }
    let tests = JSONSchemaValidator.repository.appendingPathComponent("Tests")
    var sources: [String] = []
    if let walker = FileManager.default.enumerator(atPath: tests.path) {
      for case let name as String in walker where name.hasSuffix(".swift") {
        sources.append(tests.appendingPathComponent(name).path)
      }
    }
    let script = JSONSchemaValidator.repository.appendingPathComponent("Tests/Schemas/inline_documents.py").path
    let result = try ExternalTool.capture(
      URL(fileURLWithPath: python), [script, workspace.path("inline")] + sources.sorted())
    #expect(result.status == 0, "\(String(decoding: result.stderr, as: UTF8.self))")
    var origins: [String: String] = [:]
    for line in String(decoding: result.stdout, as: UTF8.self).split(separator: "\n") {
      let fields = line.split(separator: "\t").map(String.init)
      if fields.count == 2 { origins[fields[0]] = fields[1] }
    }
    let accepted = origins.keys.sorted().filter { Self.loaderError($0) == nil }
    #expect(accepted.count >= 10, "documents in the tests that the loader accepts: \(accepted.count)")
    let verdicts = try JSONSchemaValidator.validate(accepted.map { (JSONSchemaValidator.kind(of: $0), $0) })
    for path in accepted {
      #expect(verdicts[path] == .valid, "\(origins[path] ?? path): \(String(describing: verdicts[path]))")
    }
  }

  // MARK: Manifests

  /// Examples rendered briefly at scale 1: a scene, each refresh style, a custom view, bars, a matrix.
  static let renderedExamples = [
    "scenes/ego-flip.json", "scripts/ego/short-pull.json", "scripts/apl/nav-bar-375x667.json",
    "scripts/airplane/book-variant.json", "custom/progress-ring.json", "scripts/fling.json",
    "variants/ego-matrix.json",
  ]

  @Test(.enabled(if: JSONSchemaValidator.python != nil, Comment(rawValue: JSONSchemaValidator.missing)))
  func everyManifestTheExamplesRenderIsValid() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    var manifests: [String] = []
    for (index, example) in Self.renderedExamples.enumerated() {
      let folder = try workspace.render(
        Self.examples.appendingPathComponent(example).path, to: "0.5", into: "render-\(index)")
      guard let walker = FileManager.default.enumerator(atPath: folder) else { continue }
      for case let name as String in walker where name.hasSuffix("manifest.json") {
        manifests.append((folder as NSString).appendingPathComponent(name))
      }
    }
    // Twelve variants of the matrix, and one folder for every other example.
    #expect(manifests.count == Self.renderedExamples.count - 1 + 12, "\(manifests)")
    let verdicts = try JSONSchemaValidator.validate(manifests.map { ("manifest", $0) })
    for path in manifests { #expect(verdicts[path] == .valid, "\(path): \(String(describing: verdicts[path]))") }
  }

  /// Changes to a rendered manifest that a reader (`flipbook preview`) refuses, and what it says.
  static var brokenManifests: [(name: String, change: ([String: Any]) -> [String: Any], error: String)] {
    [
      (
        "no-frames",
        {
          var m = $0; m["frames"] = nil; return m
        }, "has no \"frames\" list"
      ),
      (
        "fps-zero",
        {
          var m = $0; m["fps"] = 0; return m
        }, "\"fps\" must be positive"
      ),
      (
        "fps-over-zero",
        {
          var m = $0; m["fps"] = "30/0"; return m
        }, "\"fps\" must be a number or a fraction"
      ),
      ("time-string", { frame($0) { $0["time"] = "0" } }, "needs \"file\" and \"time\""),
      (
        "file-outside", { frame($0) { $0["file"] = "../frame_000000.png" } },
        "is not a file name in the manifest's folder"
      ),
      ("index-fraction", { frame($0) { $0["index"] = 0.5 } }, "index must be a whole number"),
    ]
  }

  /// `manifest` with its first frame changed.
  static func frame(_ manifest: [String: Any], _ change: (inout [String: Any]) -> Void) -> [String: Any] {
    var m = manifest
    var frames = m["frames"] as? [[String: Any]] ?? []
    if !frames.isEmpty { change(&frames[0]) }
    m["frames"] = frames
    return m
  }

  @Test(.enabled(if: JSONSchemaValidator.python != nil, Comment(rawValue: JSONSchemaValidator.missing)))
  func manifestsAReaderRefusesAreInvalid() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let rendered = try workspace.render(Workspace.sceneWithoutRefresh, to: "0.1", into: "rendered")
    let original = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: rendered + "/manifest.json")))
        as? [String: Any])
    var manifests: [String] = []
    for broken in Self.brokenManifests {
      let folder = workspace.path(broken.name)
      try FileManager.default.copyItem(atPath: rendered, toPath: folder)
      let manifest = folder + "/manifest.json"
      try JSONSerialization.data(withJSONObject: broken.change(original)).write(to: URL(fileURLWithPath: manifest))
      manifests.append(manifest)
      let result = try FlipbookBinary.run(["preview", folder, "--sheet", workspace.path(broken.name + ".png"), "-q"])
      #expect(result.exitCode == 1, "\(broken.name): \(result)")
      #expect(result.stderr.hasPrefix("Error: ") && result.stderr.contains(broken.error), "\(broken.name): \(result)")
    }
    let verdicts = try JSONSchemaValidator.validate(manifests.map { ("manifest", $0) })
    for path in manifests {
      guard case .invalid = verdicts[path] else {
        Issue.record("\(path): a reader refuses it, but the schema says \(String(describing: verdicts[path]))")
        continue
      }
    }
  }
}
