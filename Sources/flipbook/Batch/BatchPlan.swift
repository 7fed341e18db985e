import FlipbookJSON
import FlipbookScene
import FlipbookTiming
import Foundation

// MARK: - BatchPlan

/// Every render a batch will do, worked out and checked before anything is written: each document read,
/// each of its variants decoded, sized and budgeted, so a bad key path, a combination the schema refuses
/// or a render past the budget fails the whole batch, on every shard alike, with the output untouched.
struct BatchPlan {
  /// One render: a variant of a document, into its own folder of the output.
  struct Item {
    /// The folder under the output, which is also the render's name in the index and in `diff`:
    /// `ego/full-refresh/language=zh-Hant,viewport=375x667@3`, or `ego/full-refresh` for a document
    /// without variants.
    let name: String
    /// Which of `documents`.
    let document: Int
    let variant: VariantMatrix.Variant
    let frames: FrameClock
    /// What the render will cost, estimated before it starts.
    let work: RenderWork

    /// What `--shard` balances: every frame's pixels, since rasterizing and encoding a frame cost in
    /// proportion to its pixels. Frames alone put a 375x667@3 render (2.25 megapixels a frame) level
    /// with a 320x480@2 one (0.61), and the examples' 4 shards then took 2.6x as long as each other.
    var shardWeight: Int { work.frames * work.pixelsPerFrame }
  }

  /// What every render shares.
  struct Options {
    var scale: Double?
    var fps: Double?
    var from = 0.0
    var to: Double?
    var quiet = false
    var limits = LimitOptions()
  }

  let documents: [DocumentVariants]
  /// In name order.
  let items: [Item]
  let options: Options

  /// Reads, expands and checks `paths`. A path given twice is a usage error; everything else wrong is
  /// one failure naming the document, the variant and the JSON path.
  init(paths: [String], options: Options) throws(ActionFailure) {
    let names = try Self.documentNames(paths)
    var documents: [DocumentVariants] = []
    var items: [Item] = []
    for (index, path) in paths.enumerated() {
      let file: DocumentVariants
      do {
        file = try DocumentVariants(path: path)
      } catch {
        throw ActionFailure(message: error.description)
      }
      documents.append(file)
      for variant in file.variants {
        let document = try Self.decode(variant, of: file, options: options)
        let clock = try Actions.frameClock(
          fps: options.fps ?? document.fps, from: options.from, to: options.to, duration: document.duration)
        let label = file.hasMatrix ? "\(path): variant \(variant.name)" : path
        let work = RenderWork(document: document, frames: clock)
        try RenderBudget.check(work, document: label, allowLarge: options.limits.allowLarge)
        let name = file.hasMatrix ? names[index] + "/" + variant.name : names[index]
        items.append(Item(name: name, document: index, variant: variant, frames: clock, work: work))
      }
    }
    items.sort { $0.name < $1.name }
    try Self.refuseNesting(items)
    self.documents = documents
    self.items = items
    self.options = options
  }

  /// A variant decoded and checked as a render source (warnings printed once, here, unless quiet).
  static func decode(_ variant: VariantMatrix.Variant, of file: DocumentVariants, options: Options, quiet: Bool? = nil)
    throws(ActionFailure) -> Document
  {
    let document: Document
    do {
      document = try file.decode(variant, scale: options.scale, allowFilesOutside: options.limits.allowOutsideFiles)
    } catch {
      throw ActionFailure(message: error.description)
    }
    let label = file.hasMatrix ? "\(file.path): variant \(variant.name)" : file.path
    return try Actions.source(document, path: label, quiet: quiet ?? options.quiet).document
  }

  /// The source of `item`, decoded again for its render: decoding is deterministic, and a batch of
  /// hundreds of renders then holds one document at a time.
  func source(of item: Item) throws(ActionFailure) -> DocumentSource {
    DocumentSource(try Self.decode(item.variant, of: documents[item.document], options: options, quiet: true))
  }

  /// Each document's folder under the output: its path without `.json`, relative to the deepest folder
  /// all the documents share (`ego/full-refresh` and `apl/full-refresh` for
  /// `examples/scripts/*/full-refresh.json`; a single document is its file name). The same command line
  /// gives the same names on every machine, wherever the checkout is.
  static func documentNames(_ paths: [String]) throws(ActionFailure) -> [String] {
    let absolute = paths.map { URL(fileURLWithPath: $0).standardizedFileURL.pathComponents }
    var seen: [[String]: String] = [:]
    for (path, components) in zip(paths, absolute) {
      if let first = seen[components] {
        throw ActionFailure(message: "\(path) is the same document as \(first); give each document once", isUsage: true)
      }
      seen[components] = path
    }
    var shared = absolute[0].dropLast().count
    for components in absolute {
      shared = min(shared, zip(absolute[0].dropLast(), components.dropLast()).prefix { $0 == $1 }.count)
    }
    return absolute.map { components in
      var rest = Array(components.dropFirst(shared))
      rest[rest.count - 1] = (rest[rest.count - 1] as NSString).deletingPathExtension
      return rest.joined(separator: "/")
    }
  }

  /// Refuses a render whose folder would hold another's (`a` and `a/b`): replacing the outer one would
  /// remove the inner one.
  private static func refuseNesting(_ items: [Item]) throws(ActionFailure) {
    let names = Set(items.map(\.name))
    for item in items {
      let parts = item.name.split(separator: "/")
      for end in parts.indices.dropLast() {
        let outer = parts[...end].joined(separator: "/")
        if names.contains(outer) {
          throw ActionFailure(
            message: "the render \(outer) would hold the render \(item.name); rename one of the documents")
        }
      }
    }
  }
}
