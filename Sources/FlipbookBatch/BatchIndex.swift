import FlipbookFrames
import FlipbookGraphics
import FlipbookJSON
import FlipbookSupport
import Foundation

// MARK: - BatchIndex

/// `OUT/index.json`: every render of the batch, in name order, with its document, its variant's values
/// and its manifest, for tools (and `flipbook diff`) to find the renders without walking folders.
///
///     {
///       "shard": null,
///       "renders": [
///         {"name": "ego/language=en", "document": "ego.json", "variant": "language=en",
///          "values": {"refresh.language": "en"}, "manifest": "ego/language=en/manifest.json", "frames": 270},
///         …
///       ]
///     }
///
/// A shard writes `index-shard-I-of-N.json` instead, `"shard": "I/N"`, listing only its renders, so the
/// n shards' outputs copied into one folder are the unsharded output's render folders, file for file, with
/// one index per shard beside them.
public enum BatchIndex {
  /// The index's file name for a run of `shard` (nil: the whole batch).
  public static func fileName(shard: Shard?) -> String {
    shard.map { "index-shard-\($0.index)-of-\($0.count).json" } ?? "index.json"
  }

  /// The index of `rendered`, the renders of `plan` this run did (all of them, or `shard`'s).
  public static func json(plan: BatchPlan, rendered: [BatchPlan.Item], shard: Shard?) -> JSONValue {
    let renders: [JSONValue] = rendered.map { item in
      let document = plan.documents[item.document]
      return .object([
        ("name", .string(item.name)),
        ("document", .string(document.path)),
        ("variant", document.hasMatrix ? .string(item.variant.name) : .null),
        ("values", .object(item.variant.values.map { ($0.path.description, $0.value) })),
        ("manifest", .string(item.name + "/" + FrameFolder.manifestFileName)),
        ("frames", .number(Double(item.frames.count))),
      ])
    }
    return .object([("shard", shard.map { .string($0.description) } ?? .null), ("renders", .array(renders))])
  }

  /// Writes the index atomically (a temporary file renamed into place).
  public static func write(plan: BatchPlan, rendered: [BatchPlan.Item], shard: Shard?, into output: String)
    throws(BatchError)
  {
    let path = (output as NSString).appendingPathComponent(fileName(shard: shard))
    do {
      let stream = try AtomicFileStream(path: path)
      try stream.write(json(plan: plan, rendered: rendered, shard: shard).formatted() + "\n")
      try stream.commit()
    } catch {
      throw BatchError(message: error.description)
    }
  }
}
