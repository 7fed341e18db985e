import FlipbookGraphics
import FlipbookLottie
import Foundation

// MARK: - LottieRefreshDesign

/// A refresh header made of a Lottie animation, as apps ship it (the pattern of Stack Overflow question 53123171,
/// shipped by Pocket for iOS in its pull request 465): the pull scrubs one stretch of the timeline, a refresh plays
/// another in a loop, and the end may play a third once. It says only how the animation follows the pull and the
/// phases; whoever hosts the view (a free-standing `CustomRefreshControl`, APL's container) decides the distances,
/// the threshold and the inset. `LottieRefreshView` is the view it describes.
///
/// It is `@unchecked Sendable` as `RefreshDesign` is: its build options hold provider closures, which are only
/// called while a tree is built, on the thread building it.
public struct LottieRefreshDesign: @unchecked Sendable {
  /// The height of the header apps put their Lottie view in: a `UIRefreshControl`'s, 60 pt without a title (its
  /// `_refreshControlHeight` in a published runtime dump of a live control; Apple's documentation gives no number).
  public static let defaultHeight = 60.0
  /// The pull, in points, over which the pattern scrubs the whole animation: its `maxPullDistance` of 150 (Stack
  /// Overflow 53123171; copies use 96, 200 or 250 too).
  public static let defaultPullDistance = 150.0

  /// The animation the pull scrubs.
  public var animation: LottieAnimation
  /// How it is built: images, fonts, value providers.
  public var buildOptions: LottieBuildOptions
  /// A second animation shown while refreshing and while the finishing stretch plays, in place of the first; nil:
  /// the first plays.
  public var refreshAnimation: LottieAnimation?
  /// How the second animation is built.
  public var refreshBuildOptions: LottieBuildOptions
  /// The header's height in points.
  public var height: Double
  /// The header's background; nil is clear.
  public var backgroundColor: Color?
  /// The box the animation is drawn in, centred in the header; nil: the whole header.
  public var animationSize: CGSize?
  /// How the animation sits in its box (lottie-ios's default, aspect fit).
  public var contentMode: LottieContentMode
  /// The stretch the pull scrubs: progress 0 of the pull shows its start, progress 1 its end.
  public var pull: LottieRange
  /// The stretch a refresh plays, from its start, with `refreshingLoopMode`.
  public var refreshing: LottieRange
  /// How the refreshing stretch repeats (a loop, as `play()` with `loopMode = .loop` in the pattern).
  public var refreshingLoopMode: LottieLoopMode
  /// A stretch played once when the refresh ends, before the header goes; nil: the loop stops and the header
  /// shows the pull again (the pattern's `stop()`, then the pull's progress as the inset retracts).
  public var finishing: LottieRange?

  /// A design scrubbing all of `animation` with the pull and looping all of it while refreshing, unless told
  /// otherwise.
  public init(
    animation: LottieAnimation, buildOptions: LottieBuildOptions = LottieBuildOptions(),
    refreshAnimation: LottieAnimation? = nil, refreshBuildOptions: LottieBuildOptions = LottieBuildOptions(),
    height: Double = LottieRefreshDesign.defaultHeight, backgroundColor: Color? = nil, animationSize: CGSize? = nil,
    contentMode: LottieContentMode = .scaleAspectFit, pull: LottieRange = .whole, refreshing: LottieRange = .whole,
    refreshingLoopMode: LottieLoopMode = .loop, finishing: LottieRange? = nil
  ) {
    self.animation = animation
    self.buildOptions = buildOptions
    self.refreshAnimation = refreshAnimation
    self.refreshBuildOptions = refreshBuildOptions
    self.height = height
    self.backgroundColor = backgroundColor
    self.animationSize = animationSize
    self.contentMode = contentMode
    self.pull = pull
    self.refreshing = refreshing
    self.refreshingLoopMode = refreshingLoopMode
    self.finishing = finishing
  }

  /// The animation the refreshing and finishing stretches play: the second one when there is one.
  public var playedAnimation: LottieAnimation { refreshAnimation ?? animation }

  /// What cannot be played as declared, one line per stretch (`refreshing: the animation has no marker "spin"`);
  /// empty when all is well. A stretch naming a marker the file lacks shows the start frame rather than fail
  /// mid-render, so a test written in Swift checks this (a script's declaration is checked when it loads).
  public var problems: [String] {
    var found: [String] = []
    if let p = pull.problem(in: animation) { found.append("pull: \(p)") }
    if let p = refreshing.problem(in: playedAnimation) { found.append("refreshing: \(p)") }
    if let finishing, let p = finishing.problem(in: playedAnimation) { found.append("finishing: \(p)") }
    return found
  }

  /// How long the finishing stretch plays, in seconds (0 without one): a host holds the header open that long.
  public var finishingDuration: Double { finishing.flatMap { $0.duration(in: playedAnimation) } ?? 0 }

  /// The frame the pull shows at `progress`: the pull stretch's start plus its length times the progress,
  /// clamped to 0…1.
  public func pullFrame(atProgress progress: Double) -> Double {
    guard let (from, to) = pull.endFrames(in: animation) else { return animation.startFrame }
    return from + (to - from) * min(max(progress, 0), 1)
  }

  /// What a free-standing `CustomRefreshControl` does with this header unless told otherwise: progress over the
  /// pattern's 150 pt, a refresh when the pull reaches it, and the inset held open while the finishing stretch
  /// plays.
  public var defaultBehaviour: RefreshBehaviour {
    var behaviour = RefreshBehaviour(threshold: .progress(1), progressDistance: Self.defaultPullDistance)
    behaviour.insetOut.delay = finishingDuration
    return behaviour
  }
}
