import Foundation

// MARK: - ImageComparison

/// The outcome of comparing an image with its reference under an `ImageTolerance`: counts, the worst
/// change, where the first counted change is, whether it passes, and a one-line summary for a failure
/// message.
///
/// Counts follow pixelmatch: a pixel differs when its YIQ colour change exceeds the threshold and it is
/// not excused as anti-aliasing; excused pixels are counted separately. Under a tolerance with a
/// `SnapshotPrecision` they follow swift-snapshot-testing: a pixel differs when its CIE94 distance
/// exceeds the perceptual threshold, and `passes` is its verdict. Images of different sizes are
/// not compared pixel by pixel at all: they fail with `sizeMatches` false and zero counts.
public struct ImageComparison: Sendable, CustomStringConvertible {
  /// The reference image's width and height in pixels.
  public let expectedSize: (width: Int, height: Int)
  /// The compared image's width and height in pixels.
  public let actualSize: (width: Int, height: Int)
  /// The tolerance the counts were made and `passes` is judged under.
  public let tolerance: ImageTolerance
  /// Pixels whose bytes differ at all, whatever the tolerance.
  public let changedPixels: Int
  /// Bytes (four a pixel) that differ: what swift-snapshot-testing counts when its perceptual precision is 1.
  public let changedBytes: Int
  /// Pixels changed beyond the colour threshold and not excused as anti-aliasing.
  public let differingPixels: Int
  /// Pixels changed beyond the colour threshold but excused as anti-aliasing (0 unless the tolerance
  /// `excusesAntialiasing`).
  public let antialiasedPixels: Int
  /// The largest colour change of any pixel, on the same 0...1 scale as `ImageTolerance.colorThreshold`
  /// (the square root of the YIQ delta over its maximum), so a pixel counts exactly when its change is
  /// above the threshold: red against cyan is 1, black against white about 0.97, red against white about 0.82.
  /// Under a `SnapshotPrecision`, the largest CIE94 distance over 100 (at most 1), so that
  /// `1 − maxDelta` is swift-snapshot-testing's "lowest perceptual color precision".
  public let maxDelta: Double
  /// The first counted differing pixel in reading order (row by row from the top left); nil when none.
  public let firstDifference: (x: Int, y: Int)?

  /// Whether both images have the same width and height.
  public var sizeMatches: Bool { expectedSize == actualSize }
  /// The number of pixels compared (the expected image's; 0 when the sizes differ).
  public var totalPixels: Int { sizeMatches ? expectedSize.width * expectedSize.height : 0 }
  /// `differingPixels` as a fraction of `totalPixels`.
  public var differingRatio: Double { totalPixels == 0 ? 0 : Double(differingPixels) / Double(totalPixels) }
  /// Whether the sizes match and no more pixels differ than the tolerance allows.
  public var passes: Bool {
    guard sizeMatches else { return false }
    if let snapshot = tolerance.snapshotPrecision {
      return snapshot.matches(failedPixels: differingPixels, changedBytes: changedBytes, totalPixels: totalPixels)
    }
    return differingPixels <= tolerance.allowedDifferingPixels(of: totalPixels)
  }

  /// One line for a failure message, such as
  /// `1 pixel differs (0.0 % of 3000; largest colour change 0.45)` or
  /// `sizes differ: expected 40x30, actual 41x30`.
  public var summary: String {
    guard sizeMatches else {
      return "sizes differ: expected \(expectedSize.width)x\(expectedSize.height), "
        + "actual \(actualSize.width)x\(actualSize.height)"
    }
    if let snapshot = tolerance.snapshotPrecision, changedPixels > 0 { return snapshotSummary(snapshot) }
    let change = String(format: "largest colour change %.2f", maxDelta)
    var text: String
    if differingPixels > 0 {
      let percent = String(format: "%.1f", differingRatio * 100)
      let verb = differingPixels == 1 ? "pixel differs" : "pixels differ"
      text = "\(differingPixels) \(verb) (\(percent) % of \(totalPixels); \(change))"
      let allowed = tolerance.allowedDifferingPixels(of: totalPixels)
      if allowed > 0 { text += passes ? ", within the \(allowed) allowed" : ", more than the \(allowed) allowed" }
    } else if changedPixels == 0 {
      text = "images are identical (\(totalPixels) pixels)"
    } else {
      text = "no pixel differs beyond the tolerance (\(totalPixels) pixels; \(change))"
    }
    if antialiasedPixels > 0 {
      text += "; \(antialiasedPixels) anti-aliased \(antialiasedPixels == 1 ? "pixel" : "pixels") excused"
    }
    return text
  }

  /// The summary in swift-snapshot-testing's terms, such as `2100 pixels differ by more than ΔE 2.9999971 (2.1 %
  /// of 100000): 0.979 of the pixels match, less than the 0.985 required; largest ΔE 9.21`.
  private func snapshotSummary(_ snapshot: SnapshotPrecision) -> String {
    let largest = String(format: "largest ΔE %.2f", maxDelta * 100)
    let verdict = passes ? "at least" : "less than"
    if !snapshot.isPerceptual {
      let bytes = 4 * totalPixels
      let percent = String(format: "%.1f", Double(changedBytes) / Double(bytes) * 100)
      let fraction = 1 - Float(changedBytes) / Float(bytes)
      return "\(changedBytes) of \(bytes) bytes differ (\(percent) %): precision \(fraction), "
        + "\(verdict) the \(snapshot.precision) required; \(largest)"
    }
    let percent = String(format: "%.1f", differingRatio * 100)
    let fraction = snapshot.matchingFraction(failedPixels: differingPixels, totalPixels: totalPixels)
    let verb = differingPixels == 1 ? "pixel differs" : "pixels differ"
    return "\(differingPixels) \(verb) by more than ΔE \(snapshot.deltaEThreshold) (\(percent) % of \(totalPixels)): "
      + "\(fraction) of the pixels match, \(verdict) the \(snapshot.precision) required; \(largest)"
  }

  /// The one-line `summary`, so that a comparison prints as its failure message.
  public var description: String { summary }

  /// Two images known to hold the same pixels, `width` by `height` (two byte-identical PNG files): what
  /// `compare` says of them, without their pixels.
  public static func identical(width: Int, height: Int, tolerance: ImageTolerance) -> ImageComparison {
    ImageComparison(
      expectedSize: (width, height), actualSize: (width, height), tolerance: tolerance, changedPixels: 0,
      changedBytes: 0, differingPixels: 0, antialiasedPixels: 0, maxDelta: 0, firstDifference: nil)
  }

  /// Compares `actual` with the reference `expected` under `tolerance`.
  ///
  /// Byte-identical images are recognised by one memory comparison, without per-pixel work; otherwise
  /// only pixels whose bytes changed are measured, and only those beyond the threshold are run through
  /// the anti-aliasing detector.
  public static func compare(_ expected: Image, _ actual: Image, tolerance: ImageTolerance) -> ImageComparison {
    let sizes = (expected: (expected.width, expected.height), actual: (actual.width, actual.height))
    guard expected.width == actual.width, expected.height == actual.height else {
      return ImageComparison(
        expectedSize: sizes.expected, actualSize: sizes.actual, tolerance: tolerance, changedPixels: 0,
        changedBytes: 0, differingPixels: 0,
        antialiasedPixels: 0, maxDelta: 0, firstDifference: nil)
    }
    if expected.hasIdenticalPixels(to: actual) {
      return ImageComparison(
        expectedSize: sizes.expected, actualSize: sizes.actual, tolerance: tolerance, changedPixels: 0,
        changedBytes: 0, differingPixels: 0,
        antialiasedPixels: 0, maxDelta: 0, firstDifference: nil)
    }
    var changed = 0
    var changedBytes = 0
    var differing = 0
    var antialiased = 0
    var largest = 0.0
    var first: (x: Int, y: Int)?
    withPixelComparer(expected, actual, tolerance: tolerance) { comparer in
      for y in 0..<comparer.height {
        for x in 0..<comparer.width {
          let (verdict, delta) = comparer.classify(x: x, y: y)
          if verdict == .same { continue }
          changed += 1
          let bits = comparer.expected[y * comparer.width + x] ^ comparer.actual[y * comparer.width + x]
          changedBytes +=
            (bits & 0xFF != 0 ? 1 : 0) + (bits & 0xFF00 != 0 ? 1 : 0)
            + (bits & 0xFF_0000 != 0 ? 1 : 0) + (bits & 0xFF00_0000 != 0 ? 1 : 0)
          largest = max(largest, delta)
          switch verdict {
          case .same, .withinThreshold: break
          case .antialiased: antialiased += 1
          case .differs:
            differing += 1
            if first == nil { first = (x, y) }
          }
        }
      }
    }
    return ImageComparison(
      expectedSize: sizes.expected, actualSize: sizes.actual, tolerance: tolerance, changedPixels: changed,
      changedBytes: changedBytes, differingPixels: differing,
      antialiasedPixels: antialiased,
      maxDelta: tolerance.snapshotPrecision == nil
        ? min(1, (largest / YIQ.maxDelta).squareRoot()) : min(1, largest / 100),
      firstDifference: first)
  }
}
