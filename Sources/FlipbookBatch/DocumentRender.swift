import FlipbookFrames
import FlipbookGraphics
import FlipbookImageFormats
import FlipbookJSON
import FlipbookRender
import FlipbookScene
import FlipbookTiming
import Foundation

// MARK: - DocumentRender

/// Renders a scene document or gesture script to a folder of frames (`frame_000000.png`, … and
/// `manifest.json`): the call `flipbook render DOC -o FOLDER` makes, with the same options, so that a Swift
/// program gets the same frames, byte for byte, as the command line, and the command only parses and prints.
///
/// The folder is replaced only once every frame is written (an earlier render stays whole if anything
/// fails), the work is checked against `RenderBudget` before anything is drawn, and frame *i* is at
/// `from + i/fps` as an exact fraction, whatever the number of threads.
///
///     let summary = try DocumentRender.render(documentAt: "pull.json", to: "frames")
///     print(summary.frames, "frames")
public enum DocumentRender {
  /// How the frames are encoded: the same pixels either way, only the file sizes and the time differ.
  public enum PNGMode: String, CaseIterable, Sendable {
    /// Flipbook's own encoder: quick, for frames that are looked at and thrown away.
    case fast
    /// libdeflate at its highest level: the smallest files, for frames that are kept or uploaded.
    case smallest

    /// The encoder settings this mode stands for.
    public var options: PNGOptions { self == .smallest ? .libdeflateSmallest : .fast }
  }

  /// What the command line's options say, as one value whose defaults are the command's.
  public struct Options {
    /// Pixels per point (1, 2 or 3); nil: the document's own, else 2.
    public var scale: Double?
    /// Frames per second; nil: the document's own, else 60.
    public var fps: Double?
    /// The first frame's time, in seconds.
    public var from = 0.0
    /// Where the frames stop (not included), in seconds; nil: the document's duration.
    public var to: Double?
    /// Threads rasterizing and encoding; nil: one per core. The frames do not depend on it.
    public var jobs: Int?
    /// How the frames are encoded.
    public var png = PNGMode.fast
    /// No warnings about the document on standard error (the command's `--quiet`).
    public var quiet = false
    /// The safety limits in force.
    public var limits = RenderLimits()
    /// Called as frames are written, for a progress bar; nil: nothing is reported.
    public var progress: ((FrameProgress) -> Void)?
    /// How a Lottie animation becomes a screen (`--width`, `--height`, `--strict`); other documents ignore it.
    public var lottie = LottieSettings()

    /// The command's defaults, changed by the arguments given.
    public init(
      scale: Double? = nil, fps: Double? = nil, from: Double = 0, to: Double? = nil, jobs: Int? = nil,
      png: PNGMode = .fast, quiet: Bool = false, limits: RenderLimits = RenderLimits(),
      progress: ((FrameProgress) -> Void)? = nil
    ) {
      self.scale = scale
      self.fps = fps
      self.from = from
      self.to = to
      self.jobs = jobs
      self.png = png
      self.quiet = quiet
      self.limits = limits
      self.progress = progress
    }
  }

  /// Reads the document at `path` and renders its frames into `folder`; the manifest's `source` is `path`.
  /// Returns what the render did (frames, unique frames, time).
  public static func render(documentAt path: String, to folder: String, options: Options = Options())
    throws(BatchError) -> RenderSummary
  {
    let source = try load(
      path, scale: options.scale, quiet: options.quiet, limits: options.limits, lottie: options.lottie)
    return try render(source, named: path, to: folder, options: options)
  }

  /// Renders a document already loaded (`Document.load`, or decoded from a variant) into `folder`; `name`
  /// stands for it in warnings, errors and the manifest's `source`. `options.scale` does not apply: the
  /// document was loaded at its scale.
  public static func render(_ document: Document, named name: String, to folder: String, options: Options = Options())
    throws(BatchError) -> RenderSummary
  {
    try render(try source(document, path: name, quiet: options.quiet), named: name, to: folder, options: options)
  }

  private static func render(_ source: DocumentSource, named name: String, to folder: String, options: Options)
    throws(BatchError) -> RenderSummary
  {
    let clock = try frameClock(
      fps: options.fps ?? source.document.fps, from: options.from, to: options.to, duration: source.document.duration)
    try RenderBudget.check(
      RenderWork(document: source.document, frames: clock), document: name, allowLarge: options.limits.allowLarge)
    return try renderFolder(
      source, frames: clock, to: folder, pipeline: pipeline(jobs: options.jobs, png: options.png),
      manifestHeader: [("source", .string(name))], progress: options.progress ?? { _ in })
  }

  /// The frame pipeline with `jobs` threads (default: one per core) and the chosen PNG encoding.
  static func pipeline(jobs: Int?, png: PNGMode) -> FramePipeline {
    FramePipeline(jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount, pngOptions: png.options)
  }

  /// One render into `directory`, swapped in whole (`OutputFolder`); a failure leaves the earlier folder.
  /// The manifest's header is `manifestHeader`, then what the document itself records (a script's refresh
  /// style, states, thresholds and touch times).
  static func renderFolder(
    _ source: DocumentSource, frames clock: FrameClock, to directory: String, pipeline: FramePipeline,
    manifestHeader: [(key: String, value: ManifestValue)], progress: @escaping (FrameProgress) -> Void
  ) throws(BatchError) -> RenderSummary {
    do {
      return try pipeline.render(
        source, frames: clock, to: directory, manifestHeader: manifestHeader + source.manifestHeader,
        progress: progress)
    } catch {
      throw BatchError(message: error.description)
    }
  }

  /// The frames from `from` up to, not including, `to` (default: the document's duration, and at least
  /// one frame) at `fps`: each option's decimal taken exactly, so frame *i* is at `from + i/fps` as a
  /// fraction.
  public static func frameClock(fps: Double, from: Double, to: Double?, duration: Double) throws(BatchError)
    -> FrameClock
  {
    guard let rate = Rational(decimal: fps), rate > .zero else {
      throw BatchError(message: "the frame rate must be a positive number (got \(JSONValue.format(fps)))")
    }
    guard let start = Rational(decimal: from) else {
      throw BatchError(message: "--from must be a finite time", isUsage: true)
    }
    if let to {
      guard let end = Rational(decimal: to), end > start else {
        throw BatchError(
          message: "--to (\(JSONValue.format(to))) must be after --from (\(JSONValue.format(from)))", isUsage: true)
      }
      return FrameClock(start: start, end: end, rate: rate)
    }
    let end = Rational(decimal: duration) ?? .zero
    return end > start ? FrameClock(start: start, end: end, rate: rate) : FrameClock(start: start, rate: rate, count: 1)
  }

  /// Reads the document at `path` as the pipeline's source, at `scale` (nil: its own), within `limits`;
  /// its warnings go to standard error unless `quiet`. A Lottie animation's screen comes from `lottie`.
  public static func load(
    _ path: String, scale: Double?, quiet: Bool, limits: RenderLimits, lottie: LottieSettings = LottieSettings()
  ) throws(BatchError) -> DocumentSource {
    let document: Document
    do {
      document = try Document.load(
        path: path, scale: scale, allowFilesOutside: limits.allowOutsideFiles, lottie: lottie)
    } catch {
      throw BatchError(message: error.description)
    }
    return try source(document, path: path, quiet: quiet)
  }

  /// A decoded document as the pipeline's source, once its warnings are printed (unless `quiet`) and its
  /// pixel size is checked; `path` names it in both.
  public static func source(_ document: Document, path: String, quiet: Bool) throws(BatchError) -> DocumentSource {
    let source = DocumentSource(document)
    for note in document.notes where !quiet {
      FileHandle.standardError.write(Data("warning: \(path): \(note)\n".utf8))
    }
    let pixels = source.pixelSize
    do {
      try ImageLimits.check(width: pixels.width, height: pixels.height)
    } catch {
      throw BatchError(message: "\(path): \(error.description) at scale \(JSONValue.format(source.scale))")
    }
    return source
  }
}
