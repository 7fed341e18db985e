import Foundation

// MARK: - ManifestSchema

/// The JSON Schema (draft 2020-12) of `manifest.json` as `Manifest` writes it, kept beside the writer as a
/// resource (`Schemas/manifest.schema.json`) and printed by `flipbook schema manifest`, so a tool that reads
/// a frames folder can check what it reads. The tests validate the manifests the examples render against
/// it with an independent validator (python3-jsonschema).
public enum ManifestSchema {
  /// The schema's file name among the resources, which is also the last part of its `$id`.
  public static let fileName = "manifest.schema.json"

  /// The schema's JSON text, or nil when the resource cannot be read (an installation without the
  /// module's resource bundle).
  public static var text: String? {
    guard let folder = Bundle.module.resourceURL?.appendingPathComponent("Schemas") else { return nil }
    return try? String(contentsOf: folder.appendingPathComponent(fileName), encoding: .utf8)
  }
}
