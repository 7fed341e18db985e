import FlipbookJSON
import FlipbookScene
import FlipbookTiming
import Foundation

// MARK: - BatchPlan

/// Every render a batch will do, worked out and checked before anything is written: each document read,
/// each of its variants decoded, sized and budgeted, so a bad key path, a combination the schema refuses
/// or a render past the budget fails the whole batch, on every shard alike, with the output untouched.
public struct BatchPlan {
  /// One render: a variant of a document, into its own folder of the output.
  public struct Item {
    /// The folder under the output, which is also the render's name in the index and in `diff`:
    /// `ego/full-refresh/language=zh-Hant,viewport=375x667@3`, or `ego/full-refresh` for a document
    /// without variants.
    public let name: String
    /// Which of `documents`.
    public let document: Int
    /// The variant's name and values (the document's only variant when it has no matrix).
    public let variant: VariantMatrix.Variant
    /// The render's frames.
    public let frames: FrameClock
    /// What the render will cost, estimated before it starts.
    public let work: RenderWork

    /// What `--shard` balances: every frame's pixels, since rasterizing and encoding a frame cost in
    /// proportion to its pixels. Frames alone put a 375x667@3 render (2.25 megapixels a frame) level
    /// with a 320x480@2 one (0.61), and the examples' 4 shards then took 2.6x as long as each other.
    public var shardWeight: Int { work.frames * work.pixelsPerFrame }
  }

  /// What every render shares.
  public struct Options {
    /// Pixels per point; nil: each document's own, else 2.
    public var scale: Double?
    /// Frames per second; nil: each document's own, else 60.
    public var fps: Double?
    /// The first frame's time, in seconds.
    public var from = 0.0
    /// Where the frames stop (not included), in seconds; nil: each document's duration.
    public var to: Double?
    /// No warnings about the documents on standard error.
    public var quiet = false
    /// The safety limits in force.
    public var limits = RenderLimits()

    /// The command's defaults.
    public init() {}
  }

  /// The documents, in the order given.
  public let documents: [DocumentVariants]
  /// In name order.
  public let items: [Item]
  /// What every render shares.
  public let options: Options

  /// Reads, expands and checks `paths`. A path given twice is a usage error; everything else wrong is
  /// one failure naming the document, the variant and the JSON path.
  public init(paths: [String], options: Options) throws(BatchError) {
    let names = try Self.documentNames(paths)
    var documents: [DocumentVariants] = []
    var items: [Item] = []
    for (index, path) in paths.enumerated() {
      let file: DocumentVariants
      do {
        file = try DocumentVariants(path: path)
      } catch {
        throw BatchError(message: error.description)
      }
      documents.append(file)
      for variant in file.variants {
        let document = try Self.decode(variant, of: file, options: options)
        let clock = try DocumentRender.frameClock(
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
    throws(BatchError) -> Document
  {
    let document: Document
    do {
      document = try file.decode(variant, scale: options.scale, allowFilesOutside: options.limits.allowOutsideFiles)
    } catch {
      throw BatchError(message: error.description)
    }
    let label = file.hasMatrix ? "\(file.path): variant \(variant.name)" : file.path
    return try DocumentRender.source(document, path: label, quiet: quiet ?? options.quiet).document
  }

  /// The source of `item`, decoded again for its render: decoding is deterministic, and a batch of
  /// hundreds of renders then holds one document at a time.
  public func source(of item: Item) throws(BatchError) -> DocumentSource {
    DocumentSource(try Self.decode(item.variant, of: documents[item.document], options: options, quiet: true))
  }

  /// Each document's folder under the output: its path without `.json`, relative to the deepest folder
  /// all the documents share (`ego/full-refresh` and `apl/full-refresh` for
  /// `examples/scripts/*/full-refresh.json`; a single document is its file name). The same command line
  /// gives the same names on every machine, wherever the checkout is.
  public static func documentNames(_ paths: [String]) throws(BatchError) -> [String] {
    let absolute = paths.map { URL(fileURLWithPath: $0).standardizedFileURL.pathComponents }
    var seen: [[String]: String] = [:]
    for (path, components) in zip(paths, absolute) {
      if let first = seen[components] {
        throw BatchError(message: "\(path) is the same document as \(first); give each document once", isUsage: true)
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
  private static func refuseNesting(_ items: [Item]) throws(BatchError) {
    let names = Set(items.map(\.name))
    for item in items {
      let parts = item.name.split(separator: "/")
      for end in parts.indices.dropLast() {
        let outer = parts[...end].joined(separator: "/")
        if names.contains(outer) {
          throw BatchError(
            message: "the render \(outer) would hold the render \(item.name); rename one of the documents")
        }
      }
    }
  }
}
