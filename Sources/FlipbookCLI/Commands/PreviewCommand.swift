import FlipbookGraphics
import FlipbookImageFormats
import FlipbookPreview
import FlipbookTiming

/// `flipbook preview <frames> [--apng <apng>] [--gif <gif>] [--sheet <sheet>] [--html <html>] [--mp4 <mp4>] [--webm <webm>] …`
enum PreviewCommand: FlipbookCommand {
  static let spec = CommandSpec(
    name: "preview",
    abstract: "Makes previews of a rendered frame folder: APNG, GIF, contact sheet, HTML player, video.",
    discussion: """
      Give one or more outputs. Each is written beside its target and renamed into place, so a failure \
      leaves no partial preview. The closing lines compare each output's size with the frames' PNGs.
      """,
    arguments: [
      ArgumentSpec("frames", abstract: "A frame folder written by `flipbook render` (with manifest.json).", type: .path)
    ],
    options: [
      .value("apng", abstract: "An animated PNG: identical frames merged, changed regions only."),
      .value("gif", abstract: "An animated GIF (256 colours from a shared palette)."),
      .value("sheet", abstract: "A contact sheet: a labelled grid of frames."),
      .value("html", abstract: "A self-contained HTML player."),
      .value("mp4", abstract: "An H.264 MP4 video (needs ffmpeg)."),
      .value("webm", abstract: "A VP9 WebM video (needs ffmpeg)."),
      .value("webp", abstract: "An animated WebP: lossless, or lossy with --quality."),
      .value(
        "quality", abstract: "WebP: lossy at this quality, 0...100.", type: .integer, defaultDescription: "lossless"),
      .value(
        "width", abstract: "APNG, GIF, WebP, video, sheet: shrink to this many pixels wide (area averaging).",
        type: .integer, defaultDescription: "the frames' width"),
      .value(
        "scale", abstract: "APNG, GIF, WebP, video, sheet: shrink by this factor, above 0 and at most 1.",
        type: .number, defaultDescription: "1"),
      .value(
        "png",
        abstract:
          "APNG encoding: balanced (libdeflate level 6), fast (Flipbook's own encoder: faster, larger), or smallest "
          + "(zlib level 9: about 5 % smaller, several times slower).",
        type: .choice(of: APNGEncoding.self), defaultValue: APNGEncoding.balanced.rawValue),
      .value("loop", abstract: "Times the APNG and GIF play; 0 loops forever.", type: .integer, defaultValue: "0"),
      .value(
        "fps", abstract: "APNG, GIF, video: resample to this many frames a second.", type: .number,
        defaultDescription: "the frames' own times; 50 for GIF"),
      .value(
        "from", abstract: "APNG, GIF, video: start at this time of the frames, in seconds.", type: .number,
        defaultDescription: "the first frame"),
      .value(
        "to", abstract: "APNG, GIF, video: stop at this time (not included).", type: .number,
        defaultDescription: "the end of the last frame"),
      .value(
        "hold-first", abstract: "APNG, GIF, video: seconds to pause on the first frame.", type: .number,
        defaultValue: "0"),
      .value(
        "hold-last", abstract: "APNG, GIF, video: seconds to pause on the last frame.", type: .number,
        defaultValue: "0"),
      .flag("no-dither", abstract: "Do not dither the GIF."),
      .value("every", abstract: "Sheet: every Nth frame.", type: .integer, defaultDescription: "about 12 cells"),
      .value("times", abstract: "Sheet: frames at these times, comma-separated (e.g. 0,0.5,1.2)."),
      .value("progress", abstract: "Sheet: frames where the refresh progress reaches these values (e.g. 0,0.5,1)."),
      .value("columns", abstract: "Sheet: columns.", type: .integer, defaultValue: "4"),
      .value("cell-width", abstract: "Sheet: cell width in pixels.", type: .number, defaultDescription: "up to 200"),
      .value("padding", abstract: "Sheet: pixels between and around cells.", type: .number, defaultValue: "8"),
      .value("background", abstract: "Sheet: the colour between cells, #RRGGBB or #RRGGBBAA.", defaultValue: "#E6E6E6"),
      .flag("tracks", abstract: "Sheet: add the refresh state band and the offset curve under the frames."),
      .quiet("No progress bars or closing lines; only errors."),
    ]
  )

  static let outputs = ["apng", "gif", "webp", "sheet", "html", "mp4", "webm"]

  static func validate(_ arguments: ParsedArguments) throws(UsageError) {
    guard outputs.contains(where: { arguments.string($0) != nil }) else {
      throw UsageError("give at least one output: --apng, --gif, --webp, --sheet, --html, --mp4 or --webm")
    }
    try OutputPaths.rejectEmpty(arguments, options: outputs)
    if let loop = arguments.integer("loop"), !(0...65535).contains(loop) {
      throw UsageError("--loop must be from 0 to 65535 (got \(loop))")
    }
    _ = try timing(arguments)
    if let quality = arguments.integer("quality"), !(0...100).contains(quality) {
      throw UsageError("--quality must be from 0 to 100 (got \(quality))")
    }
    if arguments.integer("quality") != nil, arguments.string("webp") == nil {
      throw UsageError("--quality is for the WebP; give --webp too")
    }
    if arguments.integer("width") != nil, arguments.number("scale") != nil {
      throw UsageError("give one of --width and --scale")
    }
    if let width = arguments.integer("width"), !(1...16_384).contains(width) {
      throw UsageError("--width must be from 1 to 16384 pixels (got \(width))")
    }
    if let scale = arguments.number("scale"), !(scale > 0 && scale <= 1) {
      throw UsageError(
        "--scale must be above 0 and at most 1: previews only shrink (got \(RenderCommand.format(scale)))")
    }
    let selections = ["every", "times", "progress"].filter { arguments.string($0) != nil }
    if selections.count > 1 { throw UsageError("give one of --every, --times and --progress") }
    if arguments.flag("tracks"), arguments.string("sheet") == nil {
      throw UsageError("--tracks is for the contact sheet; give --sheet too")
    }
    if let every = arguments.integer("every"), every < 1 {
      throw UsageError("--every must be at least 1 (got \(every))")
    }
    if let columns = arguments.integer("columns"), !(1...100).contains(columns) {
      throw UsageError("--columns must be from 1 to 100 (got \(columns))")
    }
    if let width = arguments.number("cell-width"), !(16...4096).contains(width) {
      throw UsageError("--cell-width must be from 16 to 4096 (got \(RenderCommand.format(width)))")
    }
    if let padding = arguments.number("padding"), !(0...256).contains(padding) {
      throw UsageError("--padding must be from 0 to 256 (got \(RenderCommand.format(padding)))")
    }
    if let text = arguments.string("background"), Color(hex: text) == nil {
      throw UsageError("--background must be a colour such as #E6E6E6 or #FFFFFF80 (got '\(text)')")
    }
    for key in ["times", "progress"] {
      if let text = arguments.string(key), PreviewAction.numbers(text) == nil {
        throw UsageError("--\(key) must be numbers separated by commas (got '\(text)')")
      }
    }
  }

  /// The longest pause on a first or last frame.
  static let maximumHold = 60.0

  /// `--fps`, `--from`, `--to`, `--hold-first` and `--hold-last`, each decimal taken exactly.
  static func timing(_ arguments: ParsedArguments) throws(UsageError) -> PreviewTiming {
    func exact(_ name: String, in range: ClosedRange<Double>, _ what: String) throws(UsageError) -> Rational? {
      guard let value = arguments.number(name) else { return nil }
      guard range.contains(value), let exact = Rational(decimal: value) else {
        throw UsageError("--\(name) must be \(what) (got \(RenderCommand.format(value)))")
      }
      return exact
    }
    var timing = PreviewTiming()
    timing.fps = try exact("fps", in: 1...240, "from 1 to 240")
    timing.from = try exact("from", in: 0...86_400, "a time from 0 to 86400 seconds")
    timing.to = try exact("to", in: 0...86_400, "a time from 0 to 86400 seconds")
    if let from = timing.from, let to = timing.to, to <= from {
      throw UsageError(
        "--to (\(RenderCommand.format(to.seconds))) must be after --from (\(RenderCommand.format(from.seconds)))")
    }
    let holds = "from 0 to \(RenderCommand.format(maximumHold)) seconds"
    timing.holdFirst = try exact("hold-first", in: 0...maximumHold, holds) ?? .zero
    timing.holdLast = try exact("hold-last", in: 0...maximumHold, holds) ?? .zero
    return timing
  }

  static func run(_ arguments: ParsedArguments) throws(ActionFailure) -> String {
    try OutputPaths.requireFolders(arguments, options: outputs)
    var request = PreviewAction.Request(folder: arguments.required("frames"))
    request.quiet = arguments.flag("quiet")
    request.apng = arguments.string("apng")
    request.gif = arguments.string("gif")
    request.sheet = arguments.string("sheet")
    request.html = arguments.string("html")
    request.mp4 = arguments.string("mp4")
    request.webm = arguments.string("webm")
    request.webp = arguments.string("webp")
    request.webpQuality = arguments.integer("quality").map(AnimatedWebP.Quality.lossy) ?? .lossless
    request.width = arguments.integer("width")
    request.scale = arguments.number("scale")
    request.loop = arguments.integer("loop") ?? 0
    request.png = arguments.value("png", as: APNGEncoding.self) ?? .balanced
    do {
      request.timing = try Self.timing(arguments)
    } catch {
      throw ActionFailure(message: error.message, isUsage: true)
    }
    request.dither = !arguments.flag("no-dither")
    request.every = arguments.integer("every")
    request.times = arguments.string("times").flatMap(PreviewAction.numbers)
    request.progress = arguments.string("progress").flatMap(PreviewAction.numbers)
    request.columns = arguments.integer("columns") ?? 4
    request.cellWidth = arguments.number("cell-width")
    request.padding = arguments.number("padding") ?? request.padding
    request.background = arguments.string("background").flatMap { Color(hex: $0) } ?? request.background
    request.tracks = arguments.flag("tracks")
    return try PreviewAction.run(request)
  }
}
