import FlipbookGraphics
import FlipbookJSON
import FlipbookRender
import Foundation

// MARK: - TreeDiff

/// `flipbook diff REFS OUT` over two trees of renders: each render of OUT's part of the batch compared
/// with its reference as two frame folders are, one `TreeReport` for all of them.
enum TreeDiff {
  /// Where `--output` puts each render's own report: a folder of the report folder named after the render,
  /// for a differing render or, with `all`, for every one.
  struct Reports {
    let folder: OutputFolder
    /// The report folder as given on the command line, to name the pages by.
    let path: String
    let all: Bool
  }

  static func compare(
    expected: RenderTree, actual: RenderTree, tolerance: ImageTolerance, reports: Reports? = nil,
    progress: ((Int, Int) -> Void)?
  ) throws(DiffFailure) -> TreeReport {
    let references = Set(expected.renders)
    let present = Set(actual.renders)
    // A shard's part is what its indexes list; a whole batch's is every reference.
    let wanted = actual.listed ?? references.union(present)
    let names = wanted.union(present).sorted()
    var renders: [TreeReport.Render] = []
    var onlyInExpected: [String] = []
    var onlyInActual: [String] = []
    for (index, name) in names.enumerated() {
      defer { progress?(index + 1, names.count) }
      switch (references.contains(name), present.contains(name)) {
      case (true, true):
        renders.append(
          try render(name, expected: expected.path, actual: actual.path, tolerance: tolerance, reports: reports))
      case (true, false): onlyInExpected.append(name)
      case (false, true): onlyInActual.append(name)
      case (false, false): onlyInExpected.append(name)  // listed by the shard, rendered by no one
      }
    }
    let others = references.subtracting(wanted).subtracting(present).sorted()
    return TreeReport(
      expected: expected.path, actual: actual.path, shards: actual.shards,
      tolerance: DiffOutcome.toleranceJSON(tolerance),
      renders: renders, onlyInExpected: onlyInExpected, onlyInActual: onlyInActual, otherShards: others)
  }

  /// One render compared, its report written as soon as it is compared, so that a tree of hundreds of
  /// renders holds one render's images at a time.
  private static func render(
    _ name: String, expected: String, actual: String, tolerance: ImageTolerance, reports: Reports?
  ) throws(DiffFailure) -> TreeReport.Render {
    let paths = (
      expected: (expected as NSString).appendingPathComponent(name),
      actual: (actual as NSString).appendingPathComponent(name)
    )
    let outcome = try DiffOutcome.compare(
      try FrameSet.load(paths.expected), try FrameSet.load(paths.actual), paths: paths, tolerance: tolerance)
    var report: String?
    if let reports, reports.all || !outcome.matches {
      do {
        try DiffReport.write(outcome, into: reports.folder, named: name, summary: outcome.prose)
      } catch let error as RenderError {
        throw DiffReport.trouble(error, folder: reports.path)
      } catch let failure as DiffFailure {
        throw failure
      } catch {
        throw .trouble(reports.path, String(describing: error))
      }
      report = TreeReportFolder.page(of: name, under: reports.path)
    }
    return TreeReport.Render(
      name: name, matches: outcome.matches, comparedFrames: outcome.pairs.count,
      differingFrames: outcome.differingPairs.count, timingDifferences: outcome.timingDifferences.count,
      differingPixels: outcome.pairs.reduce(0) { $0 + $1.comparison.differingPixels },
      pixels: outcome.pairs.reduce(0) { $0 + $1.comparison.totalPixels },
      summary: outcome.prose.joined(separator: "; "),
      report: report)
  }
}
