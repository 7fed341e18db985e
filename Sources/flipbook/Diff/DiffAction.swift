import FlipbookGraphics
import FlipbookJSON
import FlipbookRender
import Foundation

// MARK: - DiffAction

/// `flipbook diff`: loads both sides, compares frame by frame, reports, and writes the pictures.
enum DiffAction {
  /// `progress(done, total)` is called after each pair of frames is compared.
  static func run(
    a: String, b: String, output: String?, threshold: Double, maxPixels: Int, maxRatio: Double,
    progress: ((Int, Int) -> Void)? = nil
  ) throws(ActionFailure) -> String {
    let expected = try FrameSet.load(a)
    let actual = try FrameSet.load(b)
    guard expected.kind == actual.kind else {
      throw ActionFailure(
        message: "cannot compare \(expected.kind.rawValue) (\(a)) with \(actual.kind.rawValue) (\(b))", isUsage: true)
    }
    let tolerance = ImageTolerance(
      colorThreshold: threshold, maxDifferingPixels: maxPixels, maxDifferingRatio: maxRatio,
      excusesAntialiasing: threshold > 0)
    var lines: [String] = []
    var differing: [Difference] = []
    if expected.frames.count != actual.frames.count {
      lines.append("Frame counts differ: \(a) has \(expected.frames.count), \(b) has \(actual.frames.count).")
    }
    if expected.kind == .folder {
      let names = Set(expected.frames.map(\.label)).symmetricDifference(actual.frames.map(\.label))
      if !names.isEmpty { lines.append("Frames on one side only: \(names.sorted().prefix(5).joined(separator: ", "))") }
    }
    let others = Dictionary(actual.frames.map { ($0.label, $0) }, uniquingKeysWith: { a, _ in a })
    for (index, frame) in expected.frames.enumerated() {
      defer { progress?(index + 1, expected.frames.count) }
      let counterpart =
        expected.kind == .folder
        ? others[frame.label] : (index < actual.frames.count ? actual.frames[index] : nil)
      guard let other = counterpart else { continue }
      let comparison = ImageComparison.compare(try frame.image(), try other.image(), tolerance: tolerance)
      if !comparison.passes { differing.append(Difference(expected: frame, actual: other, comparison: comparison)) }
    }
    let compared = min(expected.frames.count, actual.frames.count)
    if let first = differing.first {
      lines.insert(
        compared == 1
          ? "Differ: \(first.comparison.summary)"
          : "Differ: \(differing.count) of \(compared) frames (first: \(first.expected.label), \(first.comparison.summary))",
        at: 0)
    } else if lines.isEmpty {
      return compared == 1
        ? "Match: the images are identical\(tolerance == .strict ? "" : " within the tolerance")"
        : "Match: all \(compared) frames\(tolerance == .strict ? " are identical" : " match within the tolerance")"
    } else {
      lines.insert("Differ:", at: 0)
    }
    if let output {
      try writeReport(to: output, differing: differing, tolerance: tolerance, a: a, b: b, summary: lines)
      lines.append("Wrote the diff images and report.html to \(output)")
    }
    throw ActionFailure.answer(lines.joined(separator: "\n"))
  }

  /// A pair of frames that failed the comparison; their pixels are decoded again for the report.
  struct Difference {
    let expected: FrameSet.Frame
    let actual: FrameSet.Frame
    let comparison: ImageComparison
  }

  /// Writes each differing frame's expected, actual, diff and strip PNGs and an HTML page showing them.
  static func writeReport(
    to path: String, differing: [Difference],
    tolerance: ImageTolerance, a: String, b: String, summary: [String]
  ) throws(ActionFailure) {
    let folder: OutputFolder
    do {
      folder = try OutputFolder(path: path)
    } catch {
      throw ActionFailure(message: error.description)
    }
    do {
      try fill(folder, differing: differing, tolerance: tolerance, a: a, b: b, summary: summary)
      try folder.commit()
    } catch let failure as ActionFailure {
      folder.discard()
      throw failure
    } catch {
      folder.discard()
      throw ActionFailure(message: String(describing: error))
    }
  }

  private static func fill(
    _ folder: OutputFolder, differing: [Difference],
    tolerance: ImageTolerance, a: String, b: String, summary: [String]
  ) throws {
    var rows: [String] = []
    for (index, frame) in differing.enumerated() {
      let stem = String(format: "%04d", index)
      let expected = try frame.expected.image()
      let actual = try frame.actual.image()
      let diff = ImageComparison.diffImage(expected: expected, actual: actual, tolerance: tolerance)
      try folder.write(try expected.pngData(), named: "\(stem)-expected.png")
      try folder.write(try actual.pngData(), named: "\(stem)-actual.png")
      try folder.write(try diff.pngData(), named: "\(stem)-diff.png")
      let strip = try ImageComparison.strip(expected: expected, diff: diff, actual: actual)
      try folder.write(try strip.pngData(), named: "\(stem)-strip.png")
      rows.append(
        """
        <section><h2>\(html(frame.expected.label))</h2><p>\(html(frame.comparison.summary))</p>
        <div class="row"><figure><img src="\(stem)-expected.png"><figcaption>Expected</figcaption></figure>
        <figure><img src="\(stem)-diff.png"><figcaption>Diff</figcaption></figure>
        <figure><img src="\(stem)-actual.png"><figcaption>Actual</figcaption></figure></div></section>
        """)
    }
    let page = """
      <!doctype html>
      <html><head><meta charset="utf-8"><title>flipbook diff</title>
      <style>body{font:14px -apple-system,Inter,sans-serif;margin:24px;color:#222}img{max-width:320px;\
      image-rendering:pixelated;border:1px solid #ccc}.row{display:flex;gap:12px}figure{margin:0}\
      figcaption{color:#666}</style></head>
      <body><h1>flipbook diff</h1><p>Expected: \(html(a))<br>Actual: \(html(b))</p>
      <p>\(summary.map(html).joined(separator: "<br>"))</p>
      \(rows.joined(separator: "\n"))
      </body></html>

      """
    try folder.write(Data(page.utf8), named: "report.html")
  }

  static func html(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }
}
