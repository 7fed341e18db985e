import FlipbookGraphics

/// `flipbook diff <a> <b> [-o <output>] [--threshold <threshold>] [--max-pixels <max-pixels>]
/// [--max-ratio <max-ratio>] [--include-aa] [--json] [--report-all]`
enum DiffCommand: FlipbookCommand {
  static let spec = CommandSpec(
    name: "diff",
    abstract: "Compares two PNGs, two frame folders or two animated PNGs: pixels and timing.",
    discussion: """
      Exits 0 when they match, 1 when they differ, 2 when an input cannot be compared (missing, \
      unreadable, not a PNG, a Git LFS pointer, or of another kind than the other), 64 on bad arguments. \
      Pixels are compared as pixelmatch does: a pixel differs when its YIQ colour change is above \
      --threshold (0 to 1) and it is not an anti-aliased edge (unless --include-aa); --max-pixels or \
      --max-ratio lets some pixels differ. Animated PNG delays are compared exactly, and rendered \
      folders' frame times from their manifests (exactly when both have from and index); a timing \
      difference is a difference. With --output, report.html and the \
      differing frames' expected, actual, diff and strip images are written to that folder.
      """,
    arguments: [
      ArgumentSpec("a", abstract: "The expected image, frame folder or animated PNG."),
      ArgumentSpec("b", abstract: "The actual one, of the same kind."),
    ],
    options: [
      .value("output", short: "o", abstract: "A folder for report.html and the diff images."),
      .value("threshold", abstract: "How far a pixel's colour may move, 0...1.", type: .number, defaultValue: "0"),
      .value("max-pixels", abstract: "How many pixels per frame may differ.", type: .integer, defaultValue: "0"),
      .value("max-ratio", abstract: "What fraction of pixels per frame may differ.", type: .number, defaultValue: "0"),
      .flag("include-aa", abstract: "Count anti-aliased pixels as differences (pixelmatch's includeAA)."),
      .flag("json", abstract: "Print one JSON summary instead of the prose."),
      .flag("report-all", abstract: "Write the --output report for a match too."),
    ]
  )

  static func validate(_ arguments: ParsedArguments) throws(UsageError) {
    if let t = arguments.number("threshold"), !(0...1).contains(t) {
      throw UsageError("--threshold must be from 0 to 1 (got \(RenderCommand.format(t)))")
    }
    if let n = arguments.integer("max-pixels"), n < 0 {
      throw UsageError("--max-pixels must not be negative (got \(n))")
    }
    if let r = arguments.number("max-ratio"), !(0...1).contains(r) {
      throw UsageError("--max-ratio must be from 0 to 1 (got \(RenderCommand.format(r)))")
    }
    if arguments.flag("report-all") && arguments.string("output") == nil {
      throw UsageError("--report-all needs --output, the folder to write the report to")
    }
  }

  static func run(_ arguments: ParsedArguments) throws(ActionFailure) -> String {
    let tolerance = ImageTolerance(
      colorThreshold: arguments.number("threshold") ?? 0, maxDifferingPixels: arguments.integer("max-pixels") ?? 0,
      maxDifferingRatio: arguments.number("max-ratio") ?? 0, excusesAntialiasing: !arguments.flag("include-aa"))
    return try DiffAction.run(
      DiffAction.Request(
        expected: arguments.required("a"), actual: arguments.required("b"), tolerance: tolerance,
        output: arguments.string("output"), reportAll: arguments.flag("report-all"), json: arguments.flag("json")))
  }
}
