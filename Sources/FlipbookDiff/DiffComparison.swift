import FlipbookGraphics

// MARK: - Comparing two frame sets

extension DiffOutcome {
  /// Compares `actual` with `expected` pair by pair: folder frames by file name, animation frames by
  /// position. Timing is compared where both sides record it: animated PNG delays (exactly, as
  /// fractions), and rendered folders' manifest times (exactly when both manifests allow, see
  /// `ManifestTimes`).
  static func compare(
    _ expected: FrameSet, _ actual: FrameSet, paths: (expected: String, actual: String), tolerance: ImageTolerance,
    progress: ((Int, Int) -> Void)? = nil
  ) throws(DiffFailure) -> DiffOutcome {
    var pairs: [FramePair] = []
    let exactTimes = (expected.manifest?.isExact ?? false) && (actual.manifest?.isExact ?? false)
    let pixels = (expected: FramePixels(expected), actual: FramePixels(actual))
    let others = Dictionary(actual.frames.map { ($0.label, $0) }, uniquingKeysWith: { first, _ in first })
    for (index, frame) in expected.frames.enumerated() {
      defer { progress?(index + 1, expected.frames.count) }
      let counterpart =
        expected.kind == .folder ? others[frame.label] : (index < actual.frames.count ? actual.frames[index] : nil)
      guard let other = counterpart else { continue }
      let comparison = ImageComparison.compare(
        try pixels.expected.image(of: frame), try pixels.actual.image(of: other), tolerance: tolerance)
      var time: FrameTime? = frame.start.map(FrameTime.exact)
      var timing: TimingDifference?
      if let delay = frame.delay, let otherDelay = other.delay, delay != otherDelay {
        timing = TimingDifference(kind: .delay, expected: .exact(delay), actual: .exact(otherDelay))
      }
      if let manifest = expected.manifest {
        time = manifest.time(of: frame.label, exactly: exactTimes)
        if let time, let otherTime = actual.manifest?.time(of: other.label, exactly: exactTimes), time != otherTime {
          timing = TimingDifference(kind: .time, expected: time, actual: otherTime)
        }
      }
      pairs.append(FramePair(expected: frame, actual: other, comparison: comparison, time: time, timing: timing))
    }
    var onlyInExpected: [String] = []
    var onlyInActual: [String] = []
    if expected.kind == .folder {
      let names = Set(expected.frames.map(\.label))
      let otherNames = Set(actual.frames.map(\.label))
      onlyInExpected = names.subtracting(otherNames).sorted()
      onlyInActual = otherNames.subtracting(names).sorted()
    }
    return DiffOutcome(
      sets: (expected, actual), expectedPath: paths.expected, actualPath: paths.actual, tolerance: tolerance,
      pairs: pairs,
      frameCounts: (expected.frames.count, actual.frames.count), onlyInExpected: onlyInExpected,
      onlyInActual: onlyInActual)
  }
}
