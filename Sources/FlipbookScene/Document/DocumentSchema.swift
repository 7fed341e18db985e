import Foundation

// MARK: - DocumentSchema

/// The JSON Schemas (draft 2020-12) of the documents Flipbook reads, kept beside their decoders as
/// resources (`Schemas/*.schema.json`) and printed by `flipbook schema <kind>`, so an editor can complete
/// and check a document as it is written.
///
/// They follow the decoders: unknown keys are errors, closed sets are enums, ranges are the decoders'.
/// What only the decoder can judge (a layer named in an event exists, touches do not overlap, an image
/// file can be read) the schemas leave to it. The tests validate every example and fixture against them
/// with an independent validator (python3-jsonschema).
public enum DocumentSchema: String, CaseIterable, Sendable {
  /// A scene document: a layer tree, its animations and events. It defines the layers, animations and
  /// values the others share.
  case scene
  /// A gesture script: a phone screen, table content, a refresh component and a finger.
  case script
  /// A scene or script with a `variants` matrix; it defines the matrix the other two refer to.
  case variants

  /// The schema's file name among the resources, which is also the last part of its `$id`.
  public var fileName: String { "\(rawValue).schema.json" }

  /// The schema's JSON text, or nil when the resource cannot be read (an installation without the
  /// module's resource bundle).
  public var text: String? {
    guard let folder = Bundle.module.resourceURL?.appendingPathComponent("Schemas") else { return nil }
    return try? String(contentsOf: folder.appendingPathComponent(fileName), encoding: .utf8)
  }
}
