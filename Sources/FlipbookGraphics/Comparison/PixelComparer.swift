import Foundation

// MARK: - PixelVerdict

/// What a comparison makes of one pixel position.
enum PixelVerdict {
  /// The same bytes in both images.
  case same
  /// Changed, but by no more than the tolerance's colour threshold.
  case withinThreshold
  /// Changed beyond the threshold, but excused as anti-aliasing.
  case antialiased
  /// Changed beyond the threshold and counted.
  case differs
}

// MARK: - PixelComparer

/// Classifies the pixels of two same-size images under a tolerance: the one rule that both the numbers
/// of `ImageComparison.compare` and the colours of `ImageComparison.diffImage` come from, so the picture
/// always shows what was counted.
///
/// Holds borrowed pixel buffers: use it only inside `withPixelComparer`.
struct PixelComparer {
  let expected: UnsafeBufferPointer<UInt32>
  let actual: UnsafeBufferPointer<UInt32>
  let width: Int
  let height: Int
  let tolerance: ImageTolerance
  private let maxDelta: Double
  private let comparesBytes: Bool
  private let detector: AntialiasingDetector
  /// swift-snapshot-testing's rule and the Lab of recently seen colours, when the tolerance asks for it.
  private let snapshot: (precision: SnapshotPrecision, threshold: Double, labs: LabCache)?

  init(
    expected: UnsafeBufferPointer<UInt32>, actual: UnsafeBufferPointer<UInt32>, width: Int, height: Int,
    tolerance: ImageTolerance
  ) {
    self.expected = expected
    self.actual = actual
    self.width = width
    self.height = height
    self.tolerance = tolerance
    self.maxDelta = tolerance.maxYIQDelta
    self.comparesBytes = tolerance.countsInvisibleChanges && tolerance.colorThreshold == 0
    self.detector = AntialiasingDetector(width: width, height: height)
    self.snapshot = tolerance.snapshotPrecision.map { ($0, Double($0.deltaEThreshold), LabCache()) }
  }

  /// The verdict at (x, y) and the pixel's change (0 when the bytes are the same): the YIQ delta, or under
  /// swift-snapshot-testing's rule the CIE94 distance (`LabDeltaE`). Under that rule a pixel differs when
  /// its distance is above the threshold, or, when it compares bytes (perceptual precision 1), whenever a
  /// byte changed.
  @inline(__always)
  func classify(x: Int, y: Int) -> (verdict: PixelVerdict, delta: Double) {
    let index = y * width + x
    let p = expected[index]
    let q = actual[index]
    if p == q { return (.same, 0) }
    if let snapshot {
      let distance = snapshot.labs.distance(p, q)
      if snapshot.precision.isPerceptual && distance <= snapshot.threshold { return (.withinThreshold, distance) }
      return (.differs, distance)
    }
    let delta = YIQ.delta(p, q)
    // Pixelmatch's rule, `delta > maxDelta`: at threshold 0 a change the metric cannot see (delta 0)
    // does not count, unless the tolerance compares bytes.
    if !comparesBytes && delta <= maxDelta { return (.withinThreshold, delta) }
    if tolerance.excusesAntialiasing
      && (detector.isAntialiased(x: x, y: y, in: expected, comparedWith: actual)
        || detector.isAntialiased(x: x, y: y, in: actual, comparedWith: expected))
    {
      return (.antialiased, delta)
    }
    return (.differs, delta)
  }
}

/// Runs `body` with a comparer over the pixels of two images of the same size.
func withPixelComparer<T>(
  _ expected: Image, _ actual: Image, tolerance: ImageTolerance, _ body: (PixelComparer) -> T
) -> T {
  precondition(expected.width == actual.width && expected.height == actual.height, "sizes differ")
  return expected.pixels.withUnsafeBufferPointer { e in
    actual.pixels.withUnsafeBufferPointer { a in
      body(PixelComparer(expected: e, actual: a, width: expected.width, height: expected.height, tolerance: tolerance))
    }
  }
}

extension Image {
  /// Whether two images have the same size and pixel bytes, by one memory comparison.
  func hasIdenticalPixels(to other: Image) -> Bool {
    guard width == other.width, height == other.height else { return false }
    return pixels.withUnsafeBytes { a in
      other.pixels.withUnsafeBytes { b in
        a.count == b.count && (a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
      }
    }
  }
}
