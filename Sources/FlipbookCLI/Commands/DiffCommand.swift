import FlipbookDiff
import FlipbookGraphics
import FlipbookRender

/// `flipbook diff <a> <b> [-o <output>] [--threshold <threshold>] [--max-pixels <max-pixels>]
/// [--max-ratio <max-ratio>] [--include-aa] [--precision <precision>] [--perceptual-precision <p>] [--json]
/// [--report-all]`
enum DiffCommand: FlipbookCommand {
  static let spec = CommandSpec(
    name: "diff",
    abstract: "Compares two PNGs, two frame folders or two animated PNGs: pixels and timing.",
    discussion: """
      Exits 0 when they match, 1 when they differ, 2 when an input cannot be compared (missing, \
      unreadable, not a PNG, a Git LFS pointer, or of another kind than the other), 64 on bad arguments. \
      Without --threshold or --include-aa every changed pixel counts. With them, pixels are compared as \
      pixelmatch does: a pixel differs when its YIQ colour change is above --threshold (0 to 1) and it is \
      not an anti-aliased edge (unless --include-aa); --max-pixels or \
      --max-ratio lets some pixels differ. With --precision or --perceptual-precision, they are compared \
      as swift-snapshot-testing does: a pixel fails when its CIE94 colour distance is above \
      (1 - perceptual precision) x 100, and the images match when the fraction of pixels that do not \
      fail is at least --precision (lottie-ios's references: --precision 0.985 --perceptual-precision 0.97). Animated PNG delays are compared exactly, and rendered \
      folders' frame times from their manifests (exactly when both have from and index); a timing \
      difference is a difference. With --output, report.html and the \
      differing frames' expected, actual, diff and strip images are written to that folder. Two trees of \
      renders (flipbook render's batch output) are compared render by render; a shard's output only \
      for its own renders. --merge reads the --json reports of several shards' tree comparisons and \
      answers for them together.
      """,
    arguments: [
      ArgumentSpec("a", abstract: "The expected image, frame folder or animated PNG.", type: .path),
      ArgumentSpec(
        "b", abstract: "The actual one, of the same kind (with --merge: more reports).", type: .path,
        isOptional: true, isVariadic: true),
    ],
    options: [
      .value(
        "output", short: "o",
        abstract: "A folder for report.html and the diff images (for trees and --merge: a page per render too)."),
      .value(
        "threshold", abstract: "How far a pixel's colour may move, 0...1 (pixelmatch).", type: .number,
        defaultDescription: "strict: any change counts"),
      .value("max-pixels", abstract: "How many pixels per frame may differ.", type: .integer, defaultValue: "0"),
      .value("max-ratio", abstract: "What fraction of pixels per frame may differ.", type: .number, defaultValue: "0"),
      .flag("include-aa", abstract: "Count anti-aliased pixels as differences (pixelmatch's includeAA)."),
      .value(
        "precision", abstract: "The fraction of pixels that must match, 0...1 (swift-snapshot-testing).",
        type: .number, defaultDescription: "1"),
      .value(
        "perceptual-precision",
        abstract: "How close a pixel's colour must be, 0...1: 1 - CIE94 distance / 100 (swift-snapshot-testing).",
        type: .number, defaultDescription: "1"),
      .flag("json", abstract: "Print one JSON summary instead of the prose."),
      .flag("report-all", abstract: "Write the --output report for a match too."),
      .flag("merge", abstract: "The arguments are --json reports of render trees, one per shard: merge them."),
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
    for name in ["precision", "perceptual-precision"] {
      if let p = arguments.number(name), !(0...1).contains(p) {
        throw UsageError("--\(name) must be from 0 to 1 (got \(RenderCommand.format(p)))")
      }
    }
    if usesSnapshotPrecision(arguments) {
      // --max-pixels and --max-ratio default to 0, so only other values are theirs.
      let pixelmatch = [
        ("threshold", arguments.string("threshold") != nil), ("max-pixels", arguments.integer("max-pixels") ?? 0 != 0),
        ("max-ratio", arguments.number("max-ratio") ?? 0 != 0),
      ]
      for (name, given) in pixelmatch where given {
        throw UsageError(
          "--\(name) is pixelmatch's; --precision and --perceptual-precision are swift-snapshot-testing's: choose one")
      }
      if arguments.flag("include-aa") {
        throw UsageError(
          "--include-aa is pixelmatch's; --precision and --perceptual-precision are swift-snapshot-testing's: choose one"
        )
      }
    }
    if arguments.flag("report-all") && arguments.string("output") == nil {
      throw UsageError("--report-all needs --output, the folder to write the report to")
    }
    // Without --merge, `<b>` is one path, and errors name it so.
    var b = spec.arguments[1]
    b.isVariadic = false
    if arguments.flag("merge") {
      for name in ["threshold", "precision", "perceptual-precision"] where arguments.string(name) != nil {
        throw UsageError("--\(name) is for a comparison; --merge only adds up reports")
      }
    } else if arguments.string("b") == nil {
      throw .missingArgument(b)
    } else if arguments.list("b").count > 1 {
      throw .unexpectedArguments(Array(arguments.list("b").dropFirst()))
    }
  }

  /// The comparison the options ask for. With neither `--threshold` nor `--include-aa` it is strict:
  /// any changed pixel counts (a test should fail when it should), as it always was; either option
  /// switches to pixelmatch's counting, anti-aliased pixels excused unless `--include-aa`.
  static func tolerance(_ arguments: ParsedArguments) -> ImageTolerance {
    if usesSnapshotPrecision(arguments) {
      return .precision(
        Float(arguments.number("precision") ?? 1),
        perceptualPrecision: Float(arguments.number("perceptual-precision") ?? 1))
    }
    let maxPixels = arguments.integer("max-pixels") ?? 0
    let maxRatio = arguments.number("max-ratio") ?? 0
    guard arguments.number("threshold") != nil || arguments.flag("include-aa") else {
      var strict = ImageTolerance.strict
      strict.maxDifferingPixels = maxPixels
      strict.maxDifferingRatio = maxRatio
      return strict
    }
    return ImageTolerance(
      colorThreshold: arguments.number("threshold") ?? 0, maxDifferingPixels: maxPixels, maxDifferingRatio: maxRatio,
      excusesAntialiasing: !arguments.flag("include-aa"))
  }

  /// Whether swift-snapshot-testing's knobs were given (then pixelmatch's may not be).
  static func usesSnapshotPrecision(_ arguments: ParsedArguments) -> Bool {
    arguments.string("precision") != nil || arguments.string("perceptual-precision") != nil
  }

  static func run(_ arguments: ParsedArguments) throws(ActionFailure) -> String {
    do {
      try OutputPaths.requireFolders(arguments, options: ["output"])
    } catch {
      throw error.asTrouble
    }
    let quiet = arguments.flag("quiet")
    do throws(DiffFailure) {
      if arguments.flag("merge") {
        let report = try DiffAction.merge(
          [arguments.required("a")] + arguments.list("b"), json: arguments.flag("json"),
          output: arguments.string("output"), reportAll: arguments.flag("report-all"))
        return quiet ? "" : report
      }
      let bar = ProgressBar(quiet: quiet, unit: "frame pairs compared")
      defer { bar.finish() }
      var request = DiffAction.Request(
        expected: arguments.required("a"), actual: arguments.required("b"), tolerance: tolerance(arguments),
        output: arguments.string("output"), reportAll: arguments.flag("report-all"), json: arguments.flag("json"))
      // A single pair is over before a bar could say anything.
      request.progress = { done, total in if total > 1 { bar.update(done: done, of: total) } }
      let report = try DiffAction.run(request)
      return quiet ? "" : report
    } catch  where quiet && error.kind == .answer {
      throw .answer("")
    } catch {
      throw ActionFailure(error)
    }
  }
}
