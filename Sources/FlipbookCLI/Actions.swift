import FlipbookBatch
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
    scenePath: String, outputPath: String, scale: Double?, smallestPNG: Bool, at moment: Moment, quiet: Bool = false,
    limits: RenderLimits = RenderLimits(), lottie: LottieSettings = LottieSettings()
  ) throws(ActionFailure) -> String {
    let source = try load(scenePath, scale: scale, quiet: quiet, limits: limits, lottie: lottie)
    let time = try moment.seconds(in: source.document, named: scenePath)
    do throws(BatchError) {
      try RenderBudget.check(
        RenderWork(document: source.document, frames: 1, until: time), document: scenePath,
        allowLarge: limits.allowLarge)
    } catch {
      throw ActionFailure(error)
    }
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

  /// Renders frames from `from` up to (not including) `to` into `directory` with the library's
  /// `DocumentRender`, the call a Swift program makes, under a progress bar. Returns the summary line.
  /// `quiet` silences the progress bars and the document's warnings.
  static func renderFrames(
    scenePath: String, directory: String, scale: Double?, smallestPNG: Bool, fps: Double?, from: Double, to: Double?,
    jobs: Int?, quiet: Bool, previews: [String] = [], limits: RenderLimits = RenderLimits(),
    lottie: LottieSettings = LottieSettings()
  ) throws(ActionFailure) -> String {
    let bar = ProgressBar(quiet: quiet)
    defer { bar.finish() }
    var options = DocumentRender.Options(
      scale: scale, fps: fps, from: from, to: to, jobs: jobs, png: smallestPNG ? .smallest : .fast, quiet: quiet,
      limits: limits, progress: bar.update)
    options.lottie = lottie
    let summary: RenderSummary
    do {
      summary = try DocumentRender.render(documentAt: scenePath, to: directory, options: options)
    } catch {
      throw ActionFailure(error)
    }
    bar.finish()
    var lines = [
      String(
        format: "Rendered %d frames (%d unique) to %@ in %.2f s, %.0f frames/s", summary.frames, summary.uniqueFrames,
        directory, summary.seconds, summary.framesPerSecond)
    ]
    if let report = try writePreviews(previews, into: directory, quiet: quiet) { lines.append(report) }
    return lines.joined(separator: "\n")
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
    scenePath: String, at time: Double?, quiet: Bool = false, limits: RenderLimits = RenderLimits()
  ) throws(ActionFailure) -> String {
    let document = try load(scenePath, scale: nil, quiet: quiet, limits: limits).document
    do throws(BatchError) {
      try RenderBudget.check(
        RenderWork(document: document, frames: 0, until: time ?? 0), document: scenePath, allowLarge: limits.allowLarge)
    } catch {
      throw ActionFailure(error)
    }
    let isScript: Bool = if case .script = document { true } else { false }
    guard time != nil || isScript else { return LayerInspector.text(of: document.root) }
    return document.inspection(at: time ?? 0).formatted() + "\n"
  }

  /// The document at `path` as the pipeline's source (`DocumentRender.load`): its warnings printed unless
  /// `quiet`, its pixel size checked.
  static func load(
    _ path: String, scale: Double?, quiet: Bool, limits: RenderLimits, lottie: LottieSettings = LottieSettings()
  ) throws(ActionFailure) -> DocumentSource {
    do {
      return try DocumentRender.load(path, scale: scale, quiet: quiet, limits: limits, lottie: lottie)
    } catch {
      throw ActionFailure(error)
    }
  }

  private static func countLayers(_ layer: Layer) -> Int {
    1 + layer.sublayers.reduce(0) { $0 + countLayers($1) }
  }

  static func formatBytes(_ bytes: Int) -> String {
    bytes < 1024 ? "\(bytes) bytes" : String(format: "%.1f KiB", Double(bytes) / 1024)
  }
}
