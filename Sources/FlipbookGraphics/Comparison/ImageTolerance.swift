import Foundation

// MARK: - ImageTolerance

/// How different two images may be and still count as the same: pixelmatch's knobs, as Playwright and
/// jest-image-snapshot expose them, so thresholds carry over from those tools unchanged.
///
/// A comparison first decides, pixel by pixel, whether a pixel *differs*: its perceptual colour change
/// (pixelmatch's YIQ delta, see `YIQ`) must exceed `colorThreshold`, and, when `excusesAntialiasing` is
/// set, it must not look like an anti-aliased edge that merely moved. Then the image passes when no more
/// pixels differ than the larger of `maxDifferingPixels` and `maxDifferingRatio` of all pixels allow.
///
/// `ImageTolerance()` is pixelmatch's own default (threshold 0.1, anti-aliasing excused, no differing
/// pixel allowed); `strict` accepts byte-identical images only.
///
/// `precision(_:perceptualPrecision:)` judges instead as swift-snapshot-testing does (see
/// `SnapshotPrecision`): a CIE94 colour distance per pixel and a fraction of pixels that must match, the
/// vocabulary of iOS snapshot suites and lottie-ios's references.
public struct ImageTolerance: Hashable, Sendable {
  /// The perceptual colour change a pixel may have without counting, in 0...1 (pixelmatch's `threshold`).
  ///
  /// A pixel differs when its YIQ delta exceeds `35215 × colorThreshold²`, 35215 being the largest delta
  /// two colours can have (red against cyan; black against white is 32857). So 1 excuses every colour
  /// change, and 0.1 (pixelmatch's default) roughly what the eye misses next to the original. 0 means any
  /// change the metric can see counts (see `countsInvisibleChanges` for the others). Values outside 0...1
  /// are clamped.
  public var colorThreshold: Double
  /// How many differing pixels are allowed (Playwright's `maxDiffPixels`).
  public var maxDifferingPixels: Int
  /// What fraction of all pixels may differ, 0...1 (Playwright's `maxDiffPixelRatio`). When both
  /// allowances are set the larger one applies, so neither can make the other stricter.
  public var maxDifferingRatio: Double
  /// When true, a pixel detected as anti-aliasing in either image (pixelmatch's detector, see
  /// `AntialiasingDetector`) is not counted as differing but reported in `antialiasedPixels`: an edge
  /// rendered a fraction of a pixel elsewhere, or by a rasterizer with different coverage rounding, is
  /// not a regression. Pixelmatch's default (`includeAA = false`).
  public var excusesAntialiasing: Bool
  /// When true and `colorThreshold` is 0, a pixel whose bytes changed counts even when the YIQ metric
  /// cannot see the change (a transparent pixel turning translucent white, which over white looks the
  /// same): the comparison is then on bytes. Pixelmatch never counts such a pixel (its rule is
  /// `delta > 35215 × threshold²`), so this is false except in `strict`, and false keeps counts equal to
  /// pixelmatch's.
  public var countsInvisibleChanges: Bool
  /// When set, pixels are judged by swift-snapshot-testing's rule (`SnapshotPrecision`) and the pixelmatch
  /// knobs above are not used.
  public var snapshotPrecision: SnapshotPrecision?

  /// A tolerance from pixelmatch's knobs; the defaults are pixelmatch's own. Out-of-range values are
  /// clamped (thresholds and ratios to 0...1, counts to at least 0) rather than refused.
  public init(
    colorThreshold: Double = 0.1, maxDifferingPixels: Int = 0, maxDifferingRatio: Double = 0,
    excusesAntialiasing: Bool = true, countsInvisibleChanges: Bool = false
  ) {
    self.colorThreshold = min(max(colorThreshold, 0), 1)
    self.maxDifferingPixels = max(maxDifferingPixels, 0)
    self.maxDifferingRatio = min(max(maxDifferingRatio, 0), 1)
    self.excusesAntialiasing = excusesAntialiasing
    self.countsInvisibleChanges = countsInvisibleChanges
    self.snapshotPrecision = nil
  }

  /// swift-snapshot-testing's `precision` and `perceptualPrecision` (`.image(precision: 0.985,
  /// perceptualPrecision: 0.97)` there is `.precision(0.985, perceptualPrecision: 0.97)` here), with the
  /// same verdicts: see `SnapshotPrecision`. The defaults, 1 and 1, accept byte-identical images only.
  public static func precision(_ precision: Float = 1, perceptualPrecision: Float = 1) -> ImageTolerance {
    var tolerance = ImageTolerance.strict
    tolerance.snapshotPrecision = SnapshotPrecision(precision: precision, perceptualPrecision: perceptualPrecision)
    return tolerance
  }

  /// Byte-identical images only: any changed pixel fails, anti-aliased or not, seen by the metric or not.
  /// What a renderer's own reference tests want, since the same code on the same machine must reproduce
  /// every byte.
  public static let strict = ImageTolerance(
    colorThreshold: 0, maxDifferingPixels: 0, maxDifferingRatio: 0, excusesAntialiasing: false,
    countsInvisibleChanges: true)

  /// Pixelmatch-style tolerance for images from another machine or library version: colour changes up to
  /// `threshold` and anti-aliased edges are excused (Playwright uses 0.2, pixelmatch 0.1,
  /// jest-image-snapshot 0.01).
  public static func perceptual(
    threshold: Double = 0.1, maxDifferingPixels: Int = 0, maxDifferingRatio: Double = 0
  ) -> ImageTolerance {
    ImageTolerance(
      colorThreshold: threshold, maxDifferingPixels: maxDifferingPixels, maxDifferingRatio: maxDifferingRatio,
      excusesAntialiasing: true)
  }

  /// The largest YIQ delta a pixel may have without differing.
  var maxYIQDelta: Double { YIQ.maxDelta * colorThreshold * colorThreshold }

  /// How many of `totalPixels` may differ: the larger of the two allowances.
  func allowedDifferingPixels(of totalPixels: Int) -> Int {
    // The property is settable, so clamp again here: a NaN or out-of-range ratio must not trap `Int(_:)`.
    let ratio = maxDifferingRatio.isNaN ? 0 : min(max(maxDifferingRatio, 0), 1)
    return max(maxDifferingPixels, Int((ratio * Double(totalPixels)).rounded(.down)))
  }
}
