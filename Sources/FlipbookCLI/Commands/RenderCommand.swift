import FlipbookBatch
import FlipbookScene

/// `flipbook render <scene> ... -o <output> [--scale <scale>] [--png <png>] [--at <at>] [--fps <fps>] [--from <from>]
/// [--to <to>] [--shard <shard>]`
enum RenderCommand: FlipbookCommand {
  enum PNGEncoding: String, CaseIterable {
    case fast
    case smallest
  }

  static let spec = CommandSpec(
    name: "render",
    abstract: "Renders a scene, gesture script or Lottie animation to a PNG, or to a folder of frames.",
    discussion: """
      An output ending in .png gets one still image of what the screen shows at --at. Any other output \
      is a folder of frames (frame_000000.png, ... and manifest.json) from --from up to, not including, \
      --to at --fps; an existing folder is replaced only once every frame is written. Several \
      documents, or one with "variants", are a batch: each variant renders into \
      OUTPUT/<document>/<variant>/ and OUTPUT/index.json lists them; --shard i/n renders one \
      deterministic n-th of the batch. A Lottie file (JSON or .lottie) renders at its own frame \
      rate and size unless told otherwise; a still may be at --progress or --frame, as lottie-ios means them.
      """,
    arguments: [
      ArgumentSpec(
        "scene", abstract: "The scene documents, gesture scripts or Lottie files (JSON or .lottie).", type: .path,
        isVariadic: true)
    ],
    options: [
      .value("output", short: "o", abstract: "Where to write the PNG or the frames folder.", isRequired: true),
      .value(
        "scale",
        abstract: "Pixels per point: 1, 2 or 3.",
        type: .number,
        defaultDescription: "the scene's scale, else 2"
      ),
      .value(
        "png",
        abstract: "PNG encoding: fast or smallest.",
        type: .choice(of: PNGEncoding.self),
        defaultValue: PNGEncoding.fast.rawValue
      ),
      .value("at", abstract: "For a still: the time to show, in seconds.", type: .number, defaultDescription: "0"),
      .value(
        "progress", abstract: "For a still of a Lottie animation: the progress to show, 0 to 1 (lottie-ios's).",
        type: .number),
      .value(
        "frame", abstract: "For a still of a Lottie animation: the frame to show, in the file's frame numbers.",
        type: .number),
      .value(
        "width", abstract: "For a Lottie animation: the screen's width in points, the animation fitted in it.",
        type: .number, defaultDescription: "the animation's, or in proportion to --height"),
      .value(
        "height", abstract: "For a Lottie animation: the screen's height in points, the animation fitted in it.",
        type: .number, defaultDescription: "the animation's, or in proportion to --width"),
      .flag("strict", abstract: "For a Lottie animation: fail on a feature iOS does not draw instead of warning."),
      .value(
        "fonts", abstract: "For a Lottie animation: a font file, or a folder of them, the animation is given with.",
        type: .string, defaultDescription: "none"),
      .value(
        "fps", abstract: "For frames: frames per second.", type: .number, defaultDescription: "the scene's, else 60"),
      .value(
        "from", abstract: "For frames: the first frame's time, in seconds.", type: .number, defaultDescription: "0"),
      .value(
        "to", abstract: "For frames: where the frames stop, in seconds.", type: .number,
        defaultDescription: "the document's duration"),
      .value(
        "jobs", short: "j", abstract: "For frames: threads rasterizing and encoding.", type: .integer,
        defaultDescription: "one per core"),
      .quiet("No progress bar, warnings or summary line; only errors."),
      .value(
        "preview", abstract: "For frames: also write previews into the folder, comma-separated (preview.png, …).",
        type: .string, defaultDescription: "none; values: apng, gif, webp, sheet, html, mp4, webm"),
      .value(
        "shard", abstract: "For a batch: render only part i of n (1/4, 2/4, …), the same on every machine.",
        defaultDescription: "the whole batch"),
    ] + RenderLimits.specs
  )

  /// What `--preview` can write into the folder.
  static let previewKinds = ["apng", "gif", "webp", "sheet", "html", "mp4", "webm"]

  static func validate(_ arguments: ParsedArguments) throws(UsageError) {
    try OutputPaths.rejectEmpty(arguments, options: ["output"])
    if let scale = arguments.number("scale"), ![1, 2, 3].contains(scale) {
      throw UsageError("--scale must be 1, 2 or 3 (got \(format(scale)))")
    }
    let output = arguments.string("output") ?? ""
    let still = output.lowercased().hasSuffix(".png")
    for name in ["fps", "from", "to"] where still && arguments.number(name) != nil {
      throw UsageError("--\(name) is for frames; write to a folder, not a .png file")
    }
    for name in ["at", "progress", "frame"] where !still && arguments.number(name) != nil {
      throw UsageError("--\(name) is for a still; write to a .png file")
    }
    let moments = ["at", "progress", "frame"].filter { arguments.number($0) != nil }
    if moments.count > 1 {
      throw UsageError("give one of --at, --progress and --frame (got --\(moments.joined(separator: " and --")))")
    }
    if let progress = arguments.number("progress"), !(0...1).contains(progress) {
      throw UsageError("--progress must be from 0 to 1 (got \(format(progress)))")
    }
    if let frame = arguments.number("frame"), !frame.isFinite || abs(frame) > 1e7 {
      throw UsageError("--frame must be a frame number within ±10000000 (got \(format(frame)))")
    }
    for name in ["width", "height"] {
      if let points = arguments.number(name), !(1...10_000).contains(points) {
        throw UsageError("--\(name) must be from 1 to 10000 points (got \(format(points)))")
      }
    }
    if let at = arguments.number("at"), !(0...86_400).contains(at) {
      throw UsageError("--at must be a time from 0 to 86400 seconds (got \(format(at)))")
    }
    if let fps = arguments.number("fps"), !(1...240).contains(fps) {
      throw UsageError("--fps must be from 1 to 240 (got \(format(fps)))")
    }
    if let from = arguments.number("from"), !(0...86_400).contains(from) {
      throw UsageError("--from must be a time from 0 to 86400 seconds (got \(format(from)))")
    }
    if let to = arguments.number("to"), !(0...86_400).contains(to) {
      throw UsageError("--to must be a time from 0 to 86400 seconds (got \(format(to)))")
    }
    if let previews = arguments.string("preview") {
      if still { throw UsageError("--preview is for frames; write to a folder, not a .png file") }
      for kind in previews.split(separator: ",") where !Self.previewKinds.contains(String(kind)) {
        throw UsageError("--preview takes \(Self.previewKinds.joined(separator: ", ")) (got '\(kind)')")
      }
    }
    if let jobs = arguments.integer("jobs"), !(1...64).contains(jobs) {
      throw UsageError("--jobs must be from 1 to 64 (got \(jobs))")
    }
    if let from = arguments.number("from"), let to = arguments.number("to"), to <= from {
      throw UsageError("--to (\(format(to))) must be after --from (\(format(from)))")
    }
    if let shard = arguments.string("shard") {
      do { _ = try Shard(shard) } catch { throw UsageError(error.message) }
    }
    if still, arguments.list("scene").count > 1 || arguments.string("shard") != nil {
      throw UsageError("a batch of documents renders folders; write to a folder, not a .png file")
    }
  }

  /// The still's moment: `--progress`, `--frame` or `--at` (default: 0 s).
  static func moment(_ arguments: ParsedArguments) -> Actions.Moment {
    if let progress = arguments.number("progress") { return .progress(progress) }
    if let frame = arguments.number("frame") { return .frame(frame) }
    return .seconds(arguments.number("at") ?? 0)
  }

  /// `--width`, `--height`, `--strict` and `--fonts`, for Lottie animations.
  static func lottieSettings(_ arguments: ParsedArguments) -> LottieSettings {
    LottieSettings(
      width: arguments.number("width"), height: arguments.number("height"), strict: arguments.flag("strict"),
      fonts: arguments.string("fonts").map { [$0] } ?? [])
  }

  /// `2` for whole numbers, `1.5` otherwise.
  static func format(_ number: Double) -> String {
    if number.isFinite && number.rounded() == number && abs(number) < 1e15 {
      return String(Int(number))
    }
    return String(number)
  }

  static func run(_ arguments: ParsedArguments) throws(ActionFailure) -> String {
    let output = arguments.required("output")
    try OutputPaths.requireFolders(arguments, options: ["output"])
    let smallest = arguments.value("png", as: PNGEncoding.self) == .smallest
    let quiet = arguments.flag("quiet")
    let summary: String
    if let batch = try batch(arguments, smallestPNG: smallest, quiet: quiet) {
      do { summary = try BatchRender.run(batch) } catch { throw ActionFailure(error) }
    } else if output.lowercased().hasSuffix(".png") {
      summary = try Actions.render(
        scenePath: arguments.required("scene"), outputPath: output, scale: arguments.number("scale"),
        smallestPNG: smallest, at: moment(arguments), quiet: quiet, limits: RenderLimits(arguments),
        lottie: lottieSettings(arguments))
    } else {
      summary = try renderFrames(arguments, to: output, smallestPNG: smallest, quiet: quiet)
    }
    return quiet ? "" : summary
  }

  /// The batch the arguments ask for: several documents, `--shard`, or one document with variants
  /// (which a still cannot render). Nil for a single render.
  private static func batch(_ arguments: ParsedArguments, smallestPNG: Bool, quiet: Bool) throws(ActionFailure)
    -> BatchRender.Request?
  {
    let documents = arguments.list("scene")
    let shard = arguments.string("shard").flatMap { try? Shard($0) }
    if documents.count == 1, shard == nil {
      // A document that cannot be read is the single render's error, worded as it always was.
      guard let single = try? DocumentVariants(path: documents[0]), single.hasMatrix else { return nil }
      if arguments.required("output").lowercased().hasSuffix(".png") {
        throw ActionFailure(
          message: "\(documents[0]) has variants, which render folders; write to a folder, not a .png file",
          isUsage: true)
      }
    }
    var options = BatchPlan.Options()
    options.scale = arguments.number("scale")
    options.fps = arguments.number("fps")
    options.from = arguments.number("from") ?? 0
    options.to = arguments.number("to")
    options.quiet = quiet
    options.limits = RenderLimits(arguments)
    var request = BatchRender.Request(documents: documents, output: arguments.required("output"))
    request.options = options
    request.shard = shard
    request.jobs = arguments.integer("jobs")
    request.png = smallestPNG ? .smallest : .fast
    let previews = arguments.string("preview").map { $0.split(separator: ",").map(String.init) } ?? []
    if !previews.isEmpty {
      request.afterEach = { (folder) throws(BatchError) in
        do throws(ActionFailure) {
          _ = try Actions.writePreviews(previews, into: folder, quiet: true)
        } catch {
          throw BatchError(message: error.message, isUsage: error.isUsage)
        }
      }
    }
    return request
  }

  private static func renderFrames(
    _ arguments: ParsedArguments, to output: String, smallestPNG smallest: Bool, quiet: Bool
  ) throws(ActionFailure) -> String {
    try Actions.renderFrames(
      scenePath: arguments.required("scene"), directory: output, scale: arguments.number("scale"),
      smallestPNG: smallest, fps: arguments.number("fps"), from: arguments.number("from") ?? 0,
      to: arguments.number("to"), jobs: arguments.integer("jobs"), quiet: quiet,
      previews: arguments.string("preview").map { $0.split(separator: ",").map(String.init) } ?? [],
      limits: RenderLimits(arguments), lottie: lottieSettings(arguments))
  }
}
