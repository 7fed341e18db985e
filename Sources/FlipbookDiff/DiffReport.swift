import FlipbookGraphics
import FlipbookImageFormats
import FlipbookRender
import Foundation

// MARK: - DiffReport

/// The `-o DIR` folder: `report.html` and, for every frame whose pixels differ, its expected, actual,
/// diff and strip PNGs (`0000-expected.png`, ...), which the page shows by relative name. Written through
/// `OutputFolder`, so DIR is either the complete new report or left as it was.
enum DiffReport {
  /// The report's page, and so what marks a folder as an earlier report that a new one may replace.
  static let pageName = "report.html"

  /// The PNG names of the `number`th frame with differing pixels.
  struct ImageNames {
    let stem: String
    var expected: String { "\(stem)-expected.png" }
    var actual: String { "\(stem)-actual.png" }
    var diff: String { "\(stem)-diff.png" }
    var strip: String { "\(stem)-strip.png" }

    init(number: Int) { stem = String(format: "%04d", number) }
  }

  /// Writes the report folder. Failing to write it is trouble (exit 2) naming the folder, like an input
  /// that cannot be read: exit 1 must mean only "they differ".
  static func write(_ outcome: DiffOutcome, to path: String, summary: [String]) throws(DiffFailure) {
    let folder: OutputFolder
    do {
      folder = try OutputFolder(path: path, marker: pageName)
    } catch {
      throw trouble(error, folder: path)
    }
    do {
      try fill(folder, outcome: outcome, summary: summary)
      try folder.commit()
    } catch let failure as DiffFailure {
      folder.discard()
      throw failure
    } catch let error as RenderError {
      folder.discard()
      throw trouble(error, folder: path)
    } catch {
      folder.discard()
      throw .trouble(path, String(describing: error))
    }
  }

  /// A report that cannot be written is trouble (exit 2), named by the file or the folder.
  static func trouble(_ error: RenderError, folder: String) -> DiffFailure {
    if case .file(let path, let reason) = error { return .trouble(path, reason) }
    return .trouble(folder, error.description)
  }

  /// Writes the report of one render of a tree diff into the folder `name` of the tree's report folder.
  static func write(_ outcome: DiffOutcome, into folder: OutputFolder, named name: String, summary: [String]) throws {
    try folder.createFolder(named: name)
    try fill(folder, outcome: outcome, summary: summary, under: name + "/")
  }

  /// The page and the differing frames' images, named under `prefix` (a folder of `folder`, or none).
  private static func fill(_ folder: OutputFolder, outcome: DiffOutcome, summary: [String], under prefix: String = "")
    throws
  {
    var images: [Int: ImageNames] = [:]
    let pixels = (expected: FramePixels(outcome.sets.expected), actual: FramePixels(outcome.sets.actual))
    for (index, pair) in outcome.pairs.enumerated() where pair.pixelsDiffer {
      let names = ImageNames(number: images.count)
      let expected = try pixels.expected.image(of: pair.expected)
      let actual = try pixels.actual.image(of: pair.actual)
      let diff = ImageComparison.diffImage(expected: expected, actual: actual, tolerance: outcome.tolerance)
      try folder.write(try expected.pngData(), named: prefix + names.expected)
      try folder.write(try actual.pngData(), named: prefix + names.actual)
      try folder.write(try diff.pngData(), named: prefix + names.diff)
      let strip = try ImageComparison.strip(expected: expected, diff: diff, actual: actual)
      try folder.write(try strip.pngData(), named: prefix + names.strip)
      images[index] = names
    }
    let page = DiffReportPage(outcome: outcome, summary: summary, images: images).html
    try folder.write(Data(page.utf8), named: prefix + pageName)
  }
}
