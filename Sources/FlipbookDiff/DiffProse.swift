// MARK: - The prose report

extension DiffOutcome {
  /// What `flipbook diff` prints without `--json`: one `Match:` line, or a `Differ:` line with the first
  /// difference followed by one line per other kind of difference (timing, frame counts, frames on one
  /// side only).
  var prose: [String] {
    let compared = pairs.count
    if matches {
      if compared == 1 {
        return [identical ? "Match: the images are identical" : "Match: the images match within the tolerance"]
      }
      return ["Match: all \(compared) frames\(identical ? " are identical" : " match within the tolerance")"]
    }
    var lines: [String] = []
    let differing = differingPairs
    if let first = differing.first {
      let summary = first.pixelsDiffer ? first.comparison.summary : "timing: \(first.label) \(first.timing!.summary)"
      lines.append(
        compared == 1
          ? "Differ: \(summary)"
          : "Differ: \(differing.count) of \(compared) frames (first: \(first.label), \(summary))")
    } else {
      lines.append("Differ:")
    }
    let timings = timingDifferences
    if !timings.isEmpty {
      let listed = timings.prefix(5).map { "\($0.label) \($0.timing!.summary)" }.joined(separator: "; ")
      let more = timings.count > 5 ? "; and \(timings.count - 5) more" : ""
      lines.append(
        "Timing differs for \(timings.count) \(timings.count == 1 ? "frame" : "frames"): \(listed)\(more)")
    }
    if frameCountsDiffer {
      lines.append(
        "Frame counts differ: \(expectedPath) has \(frameCounts.expected), \(actualPath) has \(frameCounts.actual).")
    }
    let oneSided = (onlyInExpected + onlyInActual).sorted()
    if !oneSided.isEmpty { lines.append("Frames on one side only: \(oneSided.prefix(5).joined(separator: ", "))") }
    return lines
  }
}
