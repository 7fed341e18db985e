import FlipbookGraphics
import Foundation

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
    let counterparts = expected.frames.indices.map { index in
      expected.kind == .folder
        ? others[expected.frames[index].label] : (index < actual.frames.count ? actual.frames[index] : nil)
    }
    // A folder's pairs (files on both sides: the kinds match) are compared on every core, a few batches' worth
    // at a time so that memory stays that of a few frames; frames inside an animation are composed in order.
    let jobs = ProcessInfo.processInfo.activeProcessorCount
    var comparisons: [ImageComparison?] = []
    var start = 0
    while start < expected.frames.count {
      let end = expected.kind == .folder ? min(start + 4 * jobs, expected.frames.count) : start + 1
      let pairs = (start..<end).compactMap { index in
        counterparts[index].map { (expected: expected.frames[index], actual: $0) }
      }
      var compared: ArraySlice<ImageComparison>
      if expected.kind == .folder {
        let files = pairs.map { (expected: $0.expected.file!, actual: $0.actual.file!) }
        compared = try FilePairComparison.compare(files, jobs: jobs, tolerance: tolerance)[...]
      } else {
        compared = []
        for pair in pairs {
          compared.append(
            ImageComparison.compare(
              try pixels.expected.image(of: pair.expected), try pixels.actual.image(of: pair.actual),
              tolerance: tolerance))
        }
      }
      for index in start..<end {
        comparisons.append(counterparts[index] == nil ? nil : compared.popFirst())
        progress?(index + 1, expected.frames.count)
      }
      start = end
    }
    for (index, frame) in expected.frames.enumerated() {
      guard let other = counterparts[index], let comparison = comparisons[index] else { continue }
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
