import FlipbookJSON

// MARK: - RenderBudget

/// How much work a render may start without `--allow-large`. Every bundled example needs well under a
/// hundredth of each budget; a render past one is almost always a typo (`--fps 2400`, `--to 36000`) or a
/// hostile document, and would otherwise run for minutes or hours before anyone noticed.
/// `RenderLimits.allowLarge` (the command's `--allow-large`) lifts it.
public enum RenderBudget {
  /// Most frames in one render: 36,000 is ten minutes at 60 fps, far longer than any refresh animation.
  public static let maxFrames = 36_000
  /// Most pixels over all frames: 20 billion is 36,000 frames of a 750x750 px screen, about ten minutes of
  /// rasterizing and encoding on one core.
  public static let maxPixels = 20e9
  /// Most simulation moments a script may run: 216,000 is an hour at 60 ticks a second, the longest a
  /// script's `duration` may be.
  public static let maxMoments = 216_000.0

  /// Refuses `work` past a budget, naming the estimate, the budget and the way round, unless
  /// `allowLarge`. `path` is the document the work comes from.
  public static func check(_ work: RenderWork, document path: String, allowLarge: Bool) throws(BatchError) {
    guard !allowLarge else { return }
    var hint = "; pass --allow-large to run it anyway"
    if let source = work.lengthSource {
      // The length came from the document, not from the command: say which part made it.
      hint =
        " (the scene lasts \(NumberLimits.describe(work.lastingUntil)) s, until \(source) ends; give the document a "
        + "\"duration\" to end sooner, or pass --allow-large to run it anyway)"
    }
    if work.frames > maxFrames {
      throw BatchError(
        message: "\(path): the render would draw \(work.frames) frames, more than the budget of \(maxFrames)\(hint)")
    }
    if work.pixels > maxPixels {
      throw BatchError(
        message: "\(path): the render would draw \(describe(work.pixels)) pixels (\(work.frames) frames of "
          + "\(work.pixelsPerFrame)), more than the budget of \(describe(maxPixels))\(hint)")
    }
    if work.moments > maxMoments {
      throw BatchError(
        message: "\(path): reaching the last frame takes \(describe(work.moments)) simulation ticks, more than "
          + "the budget of \(describe(maxMoments)) (an hour at 60 a second)\(hint)")
    }
  }

  /// A whole count as digits, however large (`5184000`, `30000000000`).
  private static func describe(_ count: Double) -> String {
    count < 1e18 ? String(Int64(count.rounded(.up))) : NumberLimits.describe(count)
  }
}
