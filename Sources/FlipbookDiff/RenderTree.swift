import FlipbookFrames
import FlipbookJSON
import Foundation

// MARK: - RenderTree

/// A folder of renders, as `flipbook render` writes a batch: every folder below it holding a
/// `manifest.json` is one render, named by its path under the tree (`ego/language=en`). A tree holds no
/// PNG of its own, which tells it from a frame folder. When it holds shard indexes
/// (`index-shard-I-of-N.json`), it is those shards' part of a batch: the renders they list are the ones
/// it should have, and the others are another shard's.
struct RenderTree {
  let path: String
  /// Render names, sorted.
  let renders: [String]
  /// The shards the tree's indexes name (`1/4`), in order; empty for a whole batch.
  let shards: [String]
  /// The renders the shard indexes list (nil for a whole batch).
  let listed: Set<String>?

  /// Whether `path` is a tree rather than a frame folder: a folder with no manifest and no PNG of its
  /// own that holds a batch's index (a shard's may list no render at all) or at least one render below it.
  static func isTree(_ path: String) -> Bool {
    let fm = FileManager.default
    var isDirectory: ObjCBool = false
    guard fm.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
      !FrameFolder.holdsManifest(path),
      let names = try? fm.contentsOfDirectory(atPath: path), !names.contains(where: { $0.hasSuffix(".png") })
    else { return false }
    return names.contains { $0 == "index.json" || isShardIndex($0) } || !renderFolders(in: path).isEmpty
  }

  /// `index-shard-I-of-N.json`, `BatchIndex`'s name for a shard's index.
  static func isShardIndex(_ name: String) -> Bool { name.hasPrefix("index-shard-") && name.hasSuffix(".json") }

  /// The relative paths of the folders under `root` that hold a manifest (not looking inside them).
  static func renderFolders(in root: String) -> [String] {
    var found: [String] = []
    func walk(_ relative: String) {
      let folder = relative.isEmpty ? root : (root as NSString).appendingPathComponent(relative)
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
      for name in names.sorted() where !name.hasPrefix(".") {
        let child = relative.isEmpty ? name : relative + "/" + name
        let full = (root as NSString).appendingPathComponent(child)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), isDirectory.boolValue else {
          continue
        }
        if FrameFolder.holdsManifest(full) {
          found.append(child)
        } else {
          walk(child)
        }
      }
    }
    walk("")
    return found.sorted()
  }

  /// Reads the tree at `path`: its renders and its shard indexes. An index that cannot be read is
  /// trouble naming it.
  static func load(_ path: String) throws(DiffFailure) -> RenderTree {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    let indexes = names.filter(isShardIndex).sorted()
    var shards: [String] = []
    var listed: Set<String>?
    for index in indexes {
      let file = (path as NSString).appendingPathComponent(index)
      let json: JSONValue
      do {
        json = try JSONParser.parse(try Data(contentsOf: URL(fileURLWithPath: file)))
      } catch {
        throw .trouble(file, "cannot read the shard index (\(error))")
      }
      guard case .string(let shard) = json["shard"], case .array(let renders) = json["renders"] else {
        throw .trouble(file, "is not a shard index of flipbook render (no \"shard\" and \"renders\")")
      }
      shards.append(shard)
      var names = listed ?? []
      for render in renders { if case .string(let name) = render["name"] { names.insert(name) } }
      listed = names
    }
    return RenderTree(path: path, renders: renderFolders(in: path), shards: shards, listed: listed)
  }
}
