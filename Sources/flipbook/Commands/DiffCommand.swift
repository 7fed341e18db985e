import FlipbookRender

/// `flipbook diff <a> <b> [-o <output>] [--threshold <threshold>] [--max-pixels <max-pixels>] [--max-ratio <max-ratio>]`
enum DiffCommand: FlipbookCommand {
  static let spec = CommandSpec(
    name: "diff",
    abstract: "Compares two PNGs, two frame folders or two animated PNGs, pixel by pixel.",
    discussion: """
      Exits 0 when they match, 1 when they differ, 64 on bad arguments. Images are compared on decoded \
      pixels, never bytes: strict by default; --threshold lets each pixel's colour move (pixelmatch's YIQ \
      measure, 0 to 1, with anti-aliased pixels excused) and --max-pixels or --max-ratio lets some pixels \
      differ. With --output, the differing frames' expected, actual, diff and strip images and a \
      report.html are written to that folder.
      """,
    arguments: [
      ArgumentSpec("a", abstract: "The expected image, frame folder or animated PNG."),
      ArgumentSpec("b", abstract: "The actual one, of the same kind."),
    ],
    options: [
      .value("output", short: "o", abstract: "A folder for the diff images and report.html."),
      .value("threshold", abstract: "How far a pixel's colour may move, 0...1.", type: .number, defaultValue: "0"),
      .value("max-pixels", abstract: "How many pixels per frame may differ.", type: .integer, defaultValue: "0"),
      .value("max-ratio", abstract: "What fraction of pixels per frame may differ.", type: .number, defaultValue: "0"),
      .quiet("No progress bar and no report; the exit code tells match (0) from differ (1)."),
    ]
  )

  static func validate(_ arguments: ParsedArguments) throws(UsageError) {
    try OutputPaths.rejectEmpty(arguments, options: ["output"])
    if let t = arguments.number("threshold"), !(0...1).contains(t) {
      throw UsageError("--threshold must be from 0 to 1 (got \(RenderCommand.format(t)))")
    }
    if let n = arguments.integer("max-pixels"), n < 0 {
      throw UsageError("--max-pixels must not be negative (got \(n))")
    }
    if let r = arguments.number("max-ratio"), !(0...1).contains(r) {
      throw UsageError("--max-ratio must be from 0 to 1 (got \(RenderCommand.format(r)))")
    }
  }

  static func run(_ arguments: ParsedArguments) throws(ActionFailure) -> String {
    try OutputPaths.requireFolders(arguments, options: ["output"])
    let quiet = arguments.flag("quiet")
    let bar = ProgressBar(quiet: quiet, unit: "frame pairs compared")
    defer { bar.finish() }
    do {
      let report = try DiffAction.run(
        a: arguments.required("a"), b: arguments.required("b"), output: arguments.string("output"),
        threshold: arguments.number("threshold") ?? 0, maxPixels: arguments.integer("max-pixels") ?? 0,
        maxRatio: arguments.number("max-ratio") ?? 0,
        // A single pair is over before a bar could say anything.
        progress: { done, total in if total > 1 { bar.update(done: done, of: total) } })
      return quiet ? "" : report
    } catch  where quiet && error.isAnswer {
      throw .answer("")
    }
  }
}
