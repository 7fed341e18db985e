import FlipbookGraphics
import FlipbookImageFormats
import Foundation

// MARK: - Images

extension Diffing where Value == Image {
  /// Images stored as PNG and compared on decoded pixels, never bytes. Strict by default: every pixel
  /// must match. On failure the artifacts are the expected image, a diff (changed pixels red over a
  /// greyed original) and a labelled expected | diff | actual strip.
  public static func image(tolerance: ImageTolerance = .strict) -> Diffing {
    Diffing(
      toData: { image in try image.pngData(options: .smallest) },
      fromData: { data in try Image(pngData: data, source: "reference") },
      diff: { reference, actual in
        let comparison = ImageComparison.compare(reference, actual, tolerance: tolerance)
        guard !comparison.passes else { return nil }
        return DiffFailure(
          message: comparison.summary,
          artifacts: ImageArtifacts.make(expected: reference, actual: actual, tolerance: tolerance))
      })
  }

  /// Images judged as swift-snapshot-testing judges them, in its words: `precision` is the fraction of
  /// pixels that must match, `perceptualPrecision` how close a pixel's colour must be (1 − CIE94 ΔE / 100),
  /// with its verdicts (see `SnapshotPrecision`). lottie-ios's own tests use `precision: 0.985,
  /// perceptualPrecision: 0.97`.
  public static func image(precision: Float = 1, perceptualPrecision: Float = 1) -> Diffing {
    .image(tolerance: .precision(precision, perceptualPrecision: perceptualPrecision))
  }
}

extension Snapshotting where Value == Image, Format == Image {
  /// An image compared pixel for pixel.
  public static var image: Snapshotting { .image(tolerance: .strict) }

  /// An image compared with a tolerance: how far a pixel's colour may move (pixelmatch's YIQ threshold,
  /// with anti-aliased pixels excused) and how many pixels may differ.
  public static func image(tolerance: ImageTolerance) -> Snapshotting {
    Snapshotting(pathExtension: "png", diffing: .image(tolerance: tolerance))
  }

  /// An image compared as swift-snapshot-testing's `.image(precision:perceptualPrecision:)` compares it.
  public static func image(precision: Float = 1, perceptualPrecision: Float = 1) -> Snapshotting {
    .image(tolerance: .precision(precision, perceptualPrecision: perceptualPrecision))
  }
}

/// The pictures that explain an image mismatch.
enum ImageArtifacts {
  static func make(expected: Image, actual: Image, tolerance: ImageTolerance, prefix: String = "") -> [SnapshotArtifact]
  {
    var artifacts: [SnapshotArtifact] = []
    let diff = ImageComparison.diffImage(expected: expected, actual: actual, tolerance: tolerance)
    if let data = try? expected.pngData() {
      artifacts.append(SnapshotArtifact(role: prefix + "expected", pathExtension: "png", data: data))
    }
    if let data = try? diff.pngData() {
      artifacts.append(SnapshotArtifact(role: prefix + "diff", pathExtension: "png", data: data))
    }
    if let strip = try? ImageComparison.strip(expected: expected, diff: diff, actual: actual),
      let data = try? strip.pngData()
    {
      artifacts.append(SnapshotArtifact(role: prefix + "strip", pathExtension: "png", data: data))
    }
    return artifacts
  }
}
