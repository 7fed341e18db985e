import Foundation

/// Flipbook's JSON Schemas checked by an independent validator: `Tests/Schemas/validate.py`, which runs
/// python3-jsonschema's `Draft202012Validator` (Debian's package, or a later release on the PATH).
enum JSONSchemaValidator {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let script = repository.appendingPathComponent("Tests/Schemas/validate.py").path

  /// A Python 3 that has jsonschema: Debian's own first, since `python3` on the PATH may be another.
  static let python: String? = ["/usr/bin/python3", "/usr/local/bin/python3"].first { path in
    guard FileManager.default.isExecutableFile(atPath: path) else { return false }
    let result = try? ExternalTool.capture(
      URL(fileURLWithPath: path), ["-c", "from jsonschema import Draft202012Validator"])
    return result?.status == 0
  }

  /// Why the schema tests are skipped when they are.
  static let missing = "python3-jsonschema is not installed (apt-get install python3-jsonschema)"

  /// Every schema file in the package: `Sources/<target>/Schemas/<kind>.schema.json`, wherever the target
  /// that owns the format lives, by kind.
  static func schemaFiles() throws -> [String: String] {
    let sources = repository.appendingPathComponent("Sources")
    var files: [String: String] = [:]
    for target in try FileManager.default.contentsOfDirectory(atPath: sources.path) {
      let folder = sources.appendingPathComponent(target).appendingPathComponent("Schemas")
      for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      where name.hasSuffix(".schema.json") {
        files[String(name.dropLast(".schema.json".count))] = folder.appendingPathComponent(name).path
      }
    }
    return files
  }

  enum Verdict: Equatable, CustomStringConvertible {
    case valid
    /// The first error: where in the document, and what.
    case invalid(String)
    /// Python could not read the document as JSON (or not that deep).
    case unreadable(String)

    var description: String {
      switch self {
      case .valid: "valid"
      case .invalid(let why): "invalid (\(why))"
      case .unreadable(let why): "unreadable by Python (\(why))"
      }
    }
  }

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// The schema a document follows, from its top-level keys as the loader tells them apart: with
  /// `variants`, a variant matrix; with `viewport`, a gesture script; else a scene.
  static func kind(of path: String) -> String {
    guard let data = FileManager.default.contents(atPath: path),
      let top = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [String: Any]
    else { return "scene" }
    if top["variants"] != nil { return "variants" }
    return top["viewport"] != nil ? "script" : "scene"
  }

  /// Checks every schema file as a draft 2020-12 schema, then each document against the schema of its
  /// kind; the verdicts by path.
  static func validate(_ documents: [(kind: String, path: String)]) throws -> [String: Verdict] {
    guard let python else { throw Failure(description: missing) }
    let schemas = try schemaFiles().values.sorted()
    // Batches keep the command line short of the system's limit.
    var verdicts: [String: Verdict] = [:]
    var batches = stride(from: 0, to: documents.count, by: 200).map {
      Array(documents[$0..<min($0 + 200, documents.count)])
    }
    if batches.isEmpty { batches = [[]] }
    for batch in batches {
      let arguments = [script] + schemas + ["--"] + batch.map { "\($0.kind)=\($0.path)" }
      let result = try ExternalTool.capture(URL(fileURLWithPath: python), arguments)
      let output = String(decoding: result.stdout, as: UTF8.self)
      guard result.status == 0 else {
        throw Failure(
          description: "validate.py exited \(result.status): \(output)\(String(decoding: result.stderr, as: UTF8.self))"
        )
      }
      for line in output.split(separator: "\n") {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count >= 2 else { throw Failure(description: "validate.py printed \(line)") }
        switch fields[0] {
        case "valid": verdicts[fields[1]] = .valid
        case "invalid": verdicts[fields[1]] = .invalid(fields.dropFirst(2).joined(separator: ": "))
        case "unreadable": verdicts[fields[1]] = .unreadable(fields.dropFirst(2).joined(separator: ": "))
        default: throw Failure(description: "validate.py printed \(line)")
        }
      }
    }
    return verdicts
  }
}
