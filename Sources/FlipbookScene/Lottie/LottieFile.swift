import FlipbookJSON
import FlipbookLottie
import Foundation

// MARK: - LottieFile

/// A Lottie file read from disk for Swift code: a Lottie JSON file with the images beside it (the assets' `u` and
/// `p`), or a dotLottie archive with the images it holds, as a gesture script's `"animation"` reads it. A test author
/// builds a `LottieRefreshDesign` or a `LottieAnimationLayer` from its two parts; `LottieAnimation(data:)` alone
/// reads the JSON without its images.
public struct LottieFile: @unchecked Sendable {
  /// The animation.
  public let animation: LottieAnimation
  /// How to build it: its images.
  public let buildOptions: LottieBuildOptions

  /// Reads the file at `path` (relative to the current folder unless absolute); images beside a JSON file are read
  /// from its folder and below. Fails with the path and what is wrong, as a script naming the file would.
  public init(path: String) throws(DocumentError) {
    (animation, buildOptions) = try LottieDocument.animation(
      atPath: URL(fileURLWithPath: path).path, named: nil, allowOutside: false, location: path)
  }
}
