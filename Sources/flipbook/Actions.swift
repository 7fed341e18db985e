import FlipbookFrames
import FlipbookGraphics
import FlipbookImageFormats
import FlipbookJSON
import FlipbookLayers
import FlipbookRender
import FlipbookScene
import FlipbookTiming
import Foundation

// MARK: - Actions

/// What the subcommands do once their arguments are parsed: the only place where documents, the
/// renderer and files meet.
enum Actions {
  /// Renders what the screen shows at `at` to a PNG file, written atomically (temporary file, then
  /// rename). Returns the summary line for stdout. `quiet` silences the document's warnings; `limits` are
  /// the `--allow-…` options.
  static func render(
    scenePath: String, outputPath: String, scale: Double?, smallestPNG: Bool, at time: Double, quiet: Bool = false,
    limits: LimitOptions = LimitOptions()
  ) throws(ActionFailure) -> String {
    let source = try load(scenePath, scale: scale, quiet: quiet, limits: limits)
    try RenderBudget.check(
      RenderWork(document: source.document, frames: 1, until: time), document: scenePath,
      allowLarge: limits.allowLarge)
    do {
      let document = source.document
      document.advance(to: time)
      let image = try LayerRenderer(scale: document.scale, background: document.background).render(
        document.root, at: time)
      try image.writePNG(toFile: outputPath, options: smallestPNG ? .libdeflateSmallest : .fast)
      let bytes = (try? FileManager.default.attributesOfItem(atPath: outputPath)[.size] as? Int) ?? 0
      let when = time > 0 ? " at \(JSONValue.format(time)) s" : ""
      return
        "Wrote \(outputPath)\(when): \(image.width)x\(image.height) px at \(JSONValue.format(source.scale))x, "
        + "\(countLayers(document.root) - 1) layers, \(formatBytes(bytes))"
    } catch {
      throw ActionFailure(message: error.description)
    }
  }

  /// Renders frames from `from` up to (not including) `to` into `directory` through the frame pipeline,
  /// replacing the folder only once every frame is written. Returns the summary line. `quiet` silences
  /// the progress bars and the document's warnings.
  static func renderFrames(
    scenePath: String, directory: String, scale: Double?, smallestPNG: Bool, fps: Double?, from: Double, to: Double?,
    jobs: Int?, quiet: Bool, previews: [String] = [], limits: LimitOptions = LimitOptions()
  ) throws(ActionFailure) -> String {
    let source = try load(scenePath, scale: scale, quiet: quiet, limits: limits)
    let clock = try frameClock(
      fps: fps ?? source.document.fps, from: from, to: to, duration: source.document.duration)
    try RenderBudget.check(
      RenderWork(document: source.document, frames: clock), document: scenePath, allowLarge: limits.allowLarge)
    let bar = ProgressBar(quiet: quiet)
    defer { bar.finish() }
    let summary = try renderFolder(
      source, frames: clock, to: directory, pipeline: pipeline(jobs: jobs, smallestPNG: smallestPNG),
      manifestHeader: [("source", .string(scenePath))], progress: bar.update)
    bar.finish()
    var lines = [
      String(
        format: "Rendered %d frames (%d unique) to %@ in %.2f s, %.0f frames/s", summary.frames, summary.uniqueFrames,
        directory, summary.seconds, summary.framesPerSecond)
    ]
    if let report = try writePreviews(previews, into: directory, quiet: quiet) { lines.append(report) }
    return lines.joined(separator: "\n")
  }

  /// The frame pipeline with `jobs` threads (default: one per core) and the chosen PNG encoding.
  static func pipeline(jobs: Int?, smallestPNG: Bool) -> FramePipeline {
    FramePipeline(
      jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount, pngOptions: smallestPNG ? .libdeflateSmallest : .fast)
  }

  /// One render into `directory`, swapped in whole (`OutputFolder`); a failure leaves the earlier folder.
  /// The manifest's header is `manifestHeader`, then what the document itself records (a script's refresh
  /// style, states, thresholds and touch times).
  static func renderFolder(
    _ source: DocumentSource, frames clock: FrameClock, to directory: String, pipeline: FramePipeline,
    manifestHeader: [(key: String, value: ManifestValue)], progress: @escaping (FrameProgress) -> Void
  ) throws(ActionFailure) -> RenderSummary {
    do {
      return try pipeline.render(
        source, frames: clock, to: directory, manifestHeader: manifestHeader + source.manifestHeader,
        progress: progress)
    } catch {
      throw ActionFailure(message: error.description)
    }
  }

  /// Writes the `--preview` kinds into a rendered folder under their usual names; returns the previews'
  /// report, or nil when none were asked for.
  static func writePreviews(_ previews: [String], into directory: String, quiet: Bool) throws(ActionFailure)
    -> String?
  {
    guard !previews.isEmpty else { return nil }
    var request = PreviewAction.Request(folder: directory)
    request.quiet = quiet
    func file(_ name: String) -> String { (directory as NSString).appendingPathComponent(name) }
    if previews.contains("apng") { request.apng = file("preview.png") }
    if previews.contains("gif") { request.gif = file("preview.gif") }
    if previews.contains("sheet") { request.sheet = file("contact-sheet.png") }
    if previews.contains("html") { request.html = file("player.html") }
    if previews.contains("mp4") { request.mp4 = file("preview.mp4") }
    if previews.contains("webm") { request.webm = file("preview.webm") }
    if previews.contains("webp") { request.webp = file("preview.webp") }
    return try PreviewAction.run(request)
  }

  /// The layer tree of a document as JSON text: the model, or with `at` the presentation tree at that
  /// time with a `time` key; a script adds its scroll view's state. `quiet` silences the document's
  /// warnings, never the JSON: that is what inspect is for.
  static func inspect(
    scenePath: String, at time: Double?, quiet: Bool = false, limits: LimitOptions = LimitOptions()
  ) throws(ActionFailure) -> String {
    let document = try load(scenePath, scale: nil, quiet: quiet, limits: limits).document
    try RenderBudget.check(
      RenderWork(document: document, frames: 0, until: time ?? 0), document: scenePath, allowLarge: limits.allowLarge)
    let isScript: Bool = if case .script = document { true } else { false }
    guard time != nil || isScript else { return LayerInspector.text(of: document.root) }
    return document.inspection(at: time ?? 0).formatted() + "\n"
  }

  /// The frames from `from` up to, not including, `to` (default: the document's duration, and at least
  /// one frame) at `fps`: each option's decimal taken exactly, so frame *i* is at `from + i/fps` as a
  /// fraction.
  static func frameClock(fps: Double, from: Double, to: Double?, duration: Double) throws(ActionFailure)
    -> FrameClock
  {
    guard let rate = Rational(decimal: fps), rate > .zero else {
      throw ActionFailure(message: "the frame rate must be a positive number (got \(JSONValue.format(fps)))")
    }
    guard let start = Rational(decimal: from) else {
      throw ActionFailure(message: "--from must be a finite time", isUsage: true)
    }
    if let to {
      guard let end = Rational(decimal: to), end > start else {
        throw ActionFailure(
          message: "--to (\(JSONValue.format(to))) must be after --from (\(JSONValue.format(from)))", isUsage: true)
      }
      return FrameClock(start: start, end: end, rate: rate)
    }
    let end = Rational(decimal: duration) ?? .zero
    return end > start ? FrameClock(start: start, end: end, rate: rate) : FrameClock(start: start, rate: rate, count: 1)
  }

  static func load(_ path: String, scale: Double?, quiet: Bool, limits: LimitOptions) throws(ActionFailure)
    -> DocumentSource
  {
    let document: Document
    do {
      document = try Document.load(path: path, scale: scale, allowFilesOutside: limits.allowOutsideFiles)
    } catch {
      throw ActionFailure(message: error.description)
    }
    return try source(document, path: path, quiet: quiet)
  }

  /// A decoded document as the pipeline's source, once its warnings are printed (unless `quiet`) and its
  /// pixel size is checked; `path` names it in both.
  static func source(_ document: Document, path: String, quiet: Bool) throws(ActionFailure) -> DocumentSource {
    let source = DocumentSource(document)
    for note in document.notes where !quiet {
      FileHandle.standardError.write(Data("warning: \(path): \(note)\n".utf8))
    }
    let pixels = source.pixelSize
    do {
      try ImageLimits.check(width: pixels.width, height: pixels.height)
    } catch {
      throw ActionFailure(message: "\(path): \(error.description) at scale \(JSONValue.format(source.scale))")
    }
    return source
  }

  private static func countLayers(_ layer: Layer) -> Int {
    1 + layer.sublayers.reduce(0) { $0 + countLayers($1) }
  }

  static func formatBytes(_ bytes: Int) -> String {
    bytes < 1024 ? "\(bytes) bytes" : String(format: "%.1f KiB", Double(bytes) / 1024)
  }
}
