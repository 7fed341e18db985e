import FlipbookGraphics
import FlipbookJSON
import Foundation

// MARK: - DiffAction

/// `flipbook diff`: loads both sides, compares them frame by frame (pixels and timing), answers in prose
/// or JSON, and writes the report folder.
///
/// The answer is the exit code, as `cmp` and `diff` give it: a match returns its report (exit 0), a
/// difference throws it as `ActionFailure.answer` (exit 1), and an input that cannot be compared at all
/// throws `ActionFailure.trouble` naming the file (exit 2).
enum DiffAction {
  /// What to compare and how to answer.
  struct Request {
    var expected: String
    var actual: String
    var tolerance: ImageTolerance
    /// A folder for report.html and the differing frames' images.
    var output: String?
    /// Write the report for a match too.
    var reportAll = false
    /// Print the JSON summary instead of prose.
    var json = false
    /// Called with (pairs compared, pairs) after each pair.
    var progress: ((Int, Int) -> Void)?
  }

  static func run(_ request: Request) throws(ActionFailure) -> String {
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
  private static func runTrees(_ request: Request) throws(ActionFailure) -> String {
    for (path, other) in [(request.actual, request.expected), (request.expected, request.actual)]
    where !RenderTree.isTree(path) {
      throw .trouble(path, "is not a tree of renders but \(other) is; flipbook diff compares two of a kind")
    }
    if request.output != nil {
      throw ActionFailure(
        message: "--output writes the report of two frame folders or images; compare a render of the trees for it",
        isUsage: true)
    }
    let report = try TreeDiff.compare(
      expected: try RenderTree.load(request.expected), actual: try RenderTree.load(request.actual),
      tolerance: request.tolerance, progress: request.progress)
    return try answer(report, json: request.json)
  }

  /// `flipbook diff --merge R1.json R2.json …`: the shards' tree reports as one.
  static func merge(_ files: [String], json: Bool) throws(ActionFailure) -> String {
    var reports: [(file: String, report: TreeReport)] = []
    for file in files {
      let value: JSONValue
      do {
        value = try JSONParser.parse(Data(try SafeFile.read(file, kind: .document)))
      } catch let error as GraphicsError {
        throw FrameSet.trouble(error, file: file)
      } catch {
        throw .trouble(file, "is not JSON (\(error))")
      }
      reports.append((file, try TreeReport(json: value, file: file)))
    }
    return try answer(try TreeReport.merge(reports), json: json)
  }

  /// The report as prose or JSON: returned for a match, thrown as the answer for a difference.
  private static func answer(_ report: TreeReport, json: Bool) throws(ActionFailure) -> String {
    let text = json ? report.json.formatted() : report.prose.joined(separator: "\n")
    if report.matches { return text }
    throw .answer(text)
  }
}
