import FlipbookFrames
import FlipbookGraphics
import FlipbookJSON
import FlipbookRender
import FlipbookSupport
import Foundation

// MARK: - BatchRender

/// `flipbook render A.json B.json … -o OUT`: every variant of every document (or one shard of them),
/// each into `OUT/<document>/<variant>/` with the same atomicity as a single render (each folder swapped
/// in whole), under one progress bar and one summary line, then `OUT/index.json` listing them.
///
/// The whole plan is checked first (`BatchPlan`), so a bad document leaves OUT as it was. A failure during
/// the renders (a full disk) leaves the renders already finished, complete, and the failed one's earlier
/// folder; the index is written only after the last render. This is the entry point for anything that
/// renders documents into a folder, so that `flipbook watch` can call it on each change, and a Swift
/// program renders a batch with the same call as the command.
public enum BatchRender {
  /// The documents, where their renders go, and the options every render shares.
  public struct Request {
    /// The documents' paths; each document's variants are all rendered.
    public var documents: [String]
    /// The folder the renders go under (created when missing; its parent must exist).
    public var output: String
    /// What every render shares (scale, fps, from, to, quiet, limits).
    public var options = BatchPlan.Options()
    /// Only this part of the batch; nil: all of it.
    public var shard: Shard?
    /// Threads rasterizing and encoding; nil: one per core.
    public var jobs: Int?
    /// How the frames are encoded.
    public var png = DocumentRender.PNGMode.fast
    /// Called with each render's folder once its frames are in place (the command writes `--preview`s).
    public var afterEach: ((String) throws(BatchError) -> Void)?

    /// A batch of `documents` into `output`, with the command's defaults.
    public init(documents: [String], output: String) {
      self.documents = documents
      self.output = output
    }
  }

  /// What one run did.
  public struct Outcome {
    /// The whole batch, as planned.
    public let plan: BatchPlan
    /// The items rendered (all of them, or the shard's).
    public let rendered: [BatchPlan.Item]
    /// Frames written over all renders.
    public let frames: Int
    /// Frames encoded; the rest repeat the frame before them.
    public let uniqueFrames: Int
    /// Wall-clock seconds for the whole batch.
    public let seconds: Double
    /// The summary line.
    public var line: String
  }

  /// Plans, renders and indexes; returns the summary line.
  public static func run(_ request: Request) throws(BatchError) -> String {
    try render(request).line
  }

  /// Plans, renders and indexes; returns what was done.
  public static func render(_ request: Request) throws(BatchError) -> Outcome {
    let plan = try BatchPlan(paths: request.documents, options: request.options)
    let chosen =
      request.shard.map { shard in
        shard.items(names: plan.items.map(\.name), weights: plan.items.map(\.shardWeight)).map { plan.items[$0] }
      } ?? plan.items
    try prepare(request.output)
    try refuseForeignFolders(chosen, under: request.output)
    let pipeline = DocumentRender.pipeline(jobs: request.jobs, png: request.png)
    let bar = ProgressBar(quiet: request.options.quiet)
    defer { bar.finish() }
    let total = chosen.reduce(0) { $0 + $1.frames.count }
    let started = ContinuousClock.now
    var done = 0
    var unique = 0
    for item in chosen {
      let source = try plan.source(of: item)
      let folder = Self.folder(of: item, under: request.output)
      try makeFolders(for: folder)
      let before = done
      var header: [(key: String, value: ManifestValue)] = [("source", .string(plan.documents[item.document].path))]
      if plan.documents[item.document].hasMatrix { header.append(("variant", .string(item.variant.name))) }
      let summary = try DocumentRender.renderFolder(
        source, frames: item.frames, to: folder, pipeline: pipeline, manifestHeader: header,
        progress: { progress in
          bar.update(
            FrameProgress(
              framesDone: before + progress.framesDone, total: total, elapsedSeconds: seconds(since: started)))
        })
      done += summary.frames
      unique += summary.uniqueFrames
      try request.afterEach?(folder)
    }
    try BatchIndex.write(plan: plan, rendered: chosen, shard: request.shard, into: request.output)
    bar.finish()
    let elapsed = seconds(since: started)
    let part = request.shard.map { "shard \($0): \(chosen.count) of " } ?? ""
    let renders = plan.items.count == 1 ? "render" : "renders"
    let documents = plan.documents.count == 1 ? "document" : "documents"
    let line = String(
      format: "Rendered %@%d %@ of %d %@, %d frames (%d unique), to %@ in %.2f s, %.0f frames/s", part,
      plan.items.count, renders, plan.documents.count, documents, done, unique, request.output, elapsed,
      elapsed > 0 ? Double(done) / elapsed : 0)
    return Outcome(plan: plan, rendered: chosen, frames: done, uniqueFrames: unique, seconds: elapsed, line: line)
  }

  /// OUT itself: created when missing (its parent must exist, as for any output), refused when a file.
  private static func prepare(_ output: String) throws(BatchError) {
    try OutputParent.require(of: output)
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else { throw BatchError("cannot write \(output): it is a file, not a folder") }
      return
    }
    do {
      try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: false)
    } catch {
      throw BatchError("cannot create the folder \(output): \(error.localizedDescription)")
    }
  }

  /// Where `item` is rendered: `OUT/<document>/<variant>`.
  private static func folder(of item: BatchPlan.Item, under output: String) -> String {
    (output as NSString).appendingPathComponent(item.name)
  }

  /// Refuses the batch, before its first render, when a render's folder exists and is not an earlier
  /// render (`OutputFolder.check`), so that a folder of the user's own under OUT is neither replaced nor
  /// found halfway through the batch.
  private static func refuseForeignFolders(_ items: [BatchPlan.Item], under output: String) throws(BatchError) {
    for item in items {
      let folder = Self.folder(of: item, under: output)
      guard FileManager.default.fileExists(atPath: folder) else { continue }
      do {
        try OutputFolder.check(folder, marker: FrameFolder.manifestFileName)
      } catch {
        throw BatchError(message: error.description)
      }
    }
  }

  /// The folders between OUT and a render's folder (`OUT/ego` for `OUT/ego/language=en`).
  private static func makeFolders(for folder: String) throws(BatchError) {
    let parent = ParentFolder.of(folder)
    do {
      try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
    } catch {
      throw BatchError("cannot create the folder \(parent): \(error.localizedDescription)")
    }
  }

  private static func seconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = start.duration(to: .now)
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
  }
}
