import FlipbookGraphics

// MARK: - DiffOutcome

/// Everything `flipbook diff` found: each compared pair of frames, the frames present on one side only,
/// and the frame counts. The prose, the `--json` summary and `report.html` are all written from this one
/// value, so they cannot disagree.
struct DiffOutcome {
  /// One compared pair of frames.
  struct FramePair {
    let expected: FrameSet.Frame
    let actual: FrameSet.Frame
    let comparison: ImageComparison
    /// When the expected frame shows, when its source records it.
    let time: FrameTime?
    let timing: TimingDifference?

    var pixelsDiffer: Bool { !comparison.passes }
    var differs: Bool { pixelsDiffer || timing != nil }
    var label: String { expected.label }
  }

  /// The two sides compared, for the report to compose the differing frames again.
  let sets: (expected: FrameSet, actual: FrameSet)
  let expectedPath: String
  let actualPath: String
  let tolerance: ImageTolerance
  let pairs: [FramePair]
  let frameCounts: (expected: Int, actual: Int)
  /// Folder frames with no file of the same name on the other side.
  let onlyInExpected: [String]
  let onlyInActual: [String]

  var differingPairs: [FramePair] { pairs.filter(\.differs) }
  var timingDifferences: [FramePair] { pairs.filter { $0.timing != nil } }
  var frameCountsDiffer: Bool { frameCounts.expected != frameCounts.actual }

  /// The verdict: every pair passes, with the same timing, and nothing is on one side only.
  var matches: Bool {
    !frameCountsDiffer && onlyInExpected.isEmpty && onlyInActual.isEmpty && !pairs.contains(where: \.differs)
  }

  /// Whether no byte of any compared pixel changed (a match may still be "within the tolerance").
  var identical: Bool { pairs.allSatisfy { $0.comparison.changedPixels == 0 && $0.comparison.sizeMatches } }
}
