import FlipbookGraphics
import FlipbookJSON
import FlipbookRender
import FlipbookSupport
import Foundation

// MARK: - DiffAction

/// What `flipbook diff` does, as a library call: loads both sides, compares them frame by frame (pixels
/// and timing), answers in prose or JSON, and writes the report folder. It is here rather than in the
/// executable so that a Swift program (a CI step, a test helper) compares renders with the very call the
/// command makes, and the command itself only parses arguments and prints.
///
/// The answer is the outcome, as `cmp` and `diff` give it: a match returns its report (exit 0 for the
/// command), a difference throws it as `DiffFailure.answer` (exit 1), and an input that cannot be compared
/// at all throws `DiffFailure.trouble` naming the file (exit 2).
public enum DiffAction {
  /// What to compare and how to answer: one value, so a caller sets only what differs from the command's
  /// defaults.
  public struct Request {
    /// The expected side: a PNG, an animated PNG, a frame folder or a tree of renders.
    public var expected: String
    /// The actual side, of the same kind as `expected`.
    public var actual: String
    /// How far pixels may differ before a frame counts as different.
    public var tolerance: ImageTolerance
    /// A folder for report.html and the differing frames' images.
    public var output: String?
    /// Write the report for a match too.
    public var reportAll = false
    /// Answer with the JSON summary instead of prose.
    public var json = false
    /// Called with (pairs compared, pairs) after each pair.
    public var progress: ((Int, Int) -> Void)?

    /// A comparison of `expected` with `actual` within `tolerance`; the other settings start as the
    /// command's defaults (no report folder, prose, no progress).
    public init(
      expected: String, actual: String, tolerance: ImageTolerance, output: String? = nil, reportAll: Bool = false,
      json: Bool = false, progress: ((Int, Int) -> Void)? = nil
    ) {
      self.expected = expected
      self.actual = actual
      self.tolerance = tolerance
      self.output = output
      self.reportAll = reportAll
      self.json = json
      self.progress = progress
    }
  }

  /// Compares the two sides of `request`: returns the report when they match, throws it as
  /// `DiffFailure.answer` when they differ, and throws `DiffFailure.trouble` when they cannot be compared.
  public static func run(_ request: Request) throws(DiffFailure) -> String {
    if RenderTree.isTree(request.expected) || RenderTree.isTree(request.actual) { return try runTrees(request) }
    let expected = try FrameSet.load(request.expected)
    let actual = try FrameSet.load(request.actual)
    guard expected.kind == actual.kind else {
      throw .trouble(
        request.actual,
        "is \(actual.kind.rawValue) but \(request.expected) is \(expected.kind.rawValue); "
          + "flipbook diff compares two of a kind")
    }
    let outcome = try DiffOutcome.compare(
      expected, actual, paths: (request.expected, request.actual), tolerance: request.tolerance,
      progress: request.progress)
    var lines = outcome.prose
    var report: String?
    if let output = request.output, request.reportAll || !outcome.matches {
      try DiffReport.write(outcome, to: output, summary: lines)
      report = (output as NSString).appendingPathComponent("report.html")
      lines.append(
        "Wrote report.html\(outcome.pairs.contains(where: \.pixelsDiffer) ? " and the diff images" : "") to \(output)")
    }
    let text = request.json ? outcome.json(report: report).formatted() : lines.joined(separator: "\n")
    if outcome.matches { return text }
    throw .answer(text)
  }

  /// Two render trees: every render compared, one report.
  private static func runTrees(_ request: Request) throws(DiffFailure) -> String {
    for (path, other) in [(request.actual, request.expected), (request.expected, request.actual)]
    where !RenderTree.isTree(path) {
      throw .trouble(path, "is not a tree of renders but \(other) is; flipbook diff compares two of a kind")
    }
    let expected = try RenderTree.load(request.expected)
    let actual = try RenderTree.load(request.actual)
    guard let output = request.output else {
      return try answer(
        try TreeDiff.compare(
          expected: expected, actual: actual, tolerance: request.tolerance, progress: request.progress),
        json: request.json)
    }
    // The folder is made first and filled as renders are compared, then put in place, or not at all
    // when everything matches and --report-all was not given, as for two folders.
    let folder = try reportFolder(output)
    var report: TreeReport
    do {
      report = try TreeDiff.compare(
        expected: expected, actual: actual, tolerance: request.tolerance,
        reports: TreeDiff.Reports(folder: folder, path: output, all: request.reportAll), progress: request.progress)
    } catch {
      folder.discard()
      throw error
    }
    guard request.reportAll || !report.matches else {
      folder.discard()
      return try answer(report, json: request.json)
    }
    try TreeReportFolder.finish(&report, folder: folder, path: output)
    return try answer(report, json: request.json, wrote: output)
  }

  /// The report folder at `path`, created empty beside its target; trouble (exit 2) when it cannot be.
  private static func reportFolder(_ path: String) throws(DiffFailure) -> OutputFolder {
    do {
      return try OutputFolder(path: path, marker: DiffReport.pageName)
    } catch {
      throw DiffReport.trouble(error, folder: path)
    }
  }

  /// `flipbook diff --merge R1.json R2.json …`: the shards' tree reports as one.
  /// With `output`, also the report folder (when they differ, or with `reportAll`): the page over the
  /// batch, and each render's report copied from its shard's (`TreeReportFolder.gather`).
  public static func merge(_ files: [String], json: Bool, output: String? = nil, reportAll: Bool = false)
    throws(DiffFailure) -> String
  {
    var reports: [(file: String, report: TreeReport)] = []
    for file in files {
      let value: JSONValue
      do {
        value = try JSONParser.parse(Data(try SafeFile.read(file, kind: .document)))
      } catch let error as FileError {
        throw FrameSet.trouble(error, file: file)
      } catch {
        throw .trouble(file, "is not JSON (\(error))")
      }
      reports.append((file, try TreeReport(json: value, file: file)))
    }
    var merged = try TreeReport.merge(reports)
    guard let output, reportAll || !merged.matches else { return try answer(merged, json: json) }
    var sources: [String: String] = [:]
    for (file, report) in reports {
      for render in report.renders { sources[render.name] = file }
    }
    let folder = try reportFolder(output)
    let missing = try TreeReportFolder.gather(&merged, sources: sources, into: folder, path: output)
    try TreeReportFolder.finish(&merged, folder: folder, path: output, missing: missing)
    var notes: [String] = []
    if !missing.isEmpty {
      notes.append(
        "\(missing.count) \(missing.count == 1 ? "render's report was" : "renders' reports were") not found "
          + "beside their shards' JSON files: "
          + missing.prefix(5).joined(separator: ", ") + (missing.count > 5 ? ", and \(missing.count - 5) more" : ""))
    }
    return try answer(merged, json: json, wrote: output, notes: notes)
  }

  /// The report as prose or JSON: returned for a match, thrown as the answer for a difference. `wrote`:
  /// the report folder written, which the prose ends by naming.
  private static func answer(_ report: TreeReport, json: Bool, wrote folder: String? = nil, notes: [String] = [])
    throws(DiffFailure) -> String
  {
    var lines = report.prose + notes
    if let folder {
      let pages = report.renders.filter { $0.report != nil }.count
      lines.append("Wrote report.html and the reports of \(pages) \(pages == 1 ? "render" : "renders") to \(folder)")
    }
    let text = json ? report.json.formatted() : lines.joined(separator: "\n")
    if report.matches { return text }
    throw .answer(text)
  }
}
