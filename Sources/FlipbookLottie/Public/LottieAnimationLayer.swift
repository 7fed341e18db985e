import FlipbookGraphics
import FlipbookLayers
import FlipbookTiming
import Foundation

// MARK: - LottieAnimationLayer

/// A layer showing a Lottie animation, paused at any progress, frame or time or playing on Flipbook's virtual clock,
/// with lottie-ios's names (`LottieAnimationLayer`: `currentProgress`, `currentFrame`, `currentTime`,
/// `play(fromProgress:toProgress:loopMode:completion:)`). Usable anywhere in a layer tree.
///
/// As lottie-ios's Core Animation engine does (`Sources/Private/CoreAnimation/CoreAnimationLayer.swift`, 4.6.1),
/// the animation is a tree of layers with keyframe animations under one root: a still is that root paused with
/// `speed = 0` and a `timeOffset` of the frame's time; playback rebuilds the animations clipped to the played range
/// and lets the root run from the moment `play` is called. The layer's own bounds are the composition's; scale or
/// place it with its transform or ``fit(into:contentMode:)``.
public final class LottieAnimationLayer: Layer {
  /// The animation shown.
  public private(set) var animation: LottieAnimation
  /// Providers and overrides used to build the tree; setting them rebuilds it at the same frame.
  public var options: LottieBuildOptions {
    didSet { rebuildKeepingFrame() }
  }
  /// The playback speed `play` uses (lottie-ios `animationSpeed`); negative plays backwards.
  public var animationSpeed: Double = 1
  /// The loop mode `play` uses when none is given (lottie-ios `loopMode`).
  public var loopMode: LottieLoopMode = .playOnce
  /// What the last build could not draw as the file asks.
  public private(set) var issues: [LottieIssue] = []

  private enum Playback {
    /// Paused at a frame; `built` says whether the tree holds the full-range paused configuration.
    case paused(frame: Double)
    /// Playing: the clip's timing in the root's time, the base's offset and direction, and the frame it rests on.
    case playing(clip: MediaTiming, baseOffset: Double, baseSpeed: Double, restFrame: Double)
  }
  private var playback = Playback.paused(frame: 0)
  private var builtPaused = false
  private var contentRoot: Layer?

  /// `"lottie"`, as documents and `inspect` name the layer's type.
  public override class var typeName: String { "lottie" }

  /// A layer showing `animation` paused at its first frame.
  public init(animation: LottieAnimation, options: LottieBuildOptions = LottieBuildOptions()) {
    self.animation = animation
    self.options = options
    super.init()
    bounds = animation.bounds
    name = "Lottie"
    pause(atFrame: animation.startFrame)
  }

  /// A presentation or model copy (`CALayer.init(layer:)`); sublayers are copied separately.
  public required init(layer: Layer) {
    let source = layer as? LottieAnimationLayer
    animation = source?.animation ?? LottieAnimationLayer.empty
    options = source?.options ?? LottieBuildOptions()
    animationSpeed = source?.animationSpeed ?? 1
    loopMode = source?.loopMode ?? .playOnce
    issues = source?.issues ?? []
    playback = source?.playback ?? .paused(frame: 0)
    super.init(layer: layer)
  }

  /// Stands in for the animation of a copy made from a plain layer, which never shows one.
  private static var empty: LottieAnimation {
    LottieAnimation(
      version: "", framerate: 1, startFrame: 0, endFrame: 1, width: 1, height: 1, layers: [], precompositions: [:],
      images: [:], markers: [], fonts: [:], glyphCount: 0)
  }

  // MARK: Where playback is

  /// The frame shown now: the paused frame, or while playing the frame the virtual clock has reached.
  public var currentFrame: Double {
    get {
      switch playback {
      case .paused(let frame):
        return frame
      case .playing(let clip, let baseOffset, let baseSpeed, let restFrame):
        guard let root = contentRoot, let u = clip.basicLocalTime(parentTime: root.localTime(fromParentTime: localTime))
        else { return restFrame }
        return animation.frameTime(forTime: u * baseSpeed + baseOffset)
      }
    }
    set { pause(atFrame: newValue) }
  }

  /// The progress shown now, 0 at `ip` and 1 at `op`; setting it pauses there.
  public var currentProgress: Double {
    get { animation.progressTime(forFrame: currentFrame) }
    set { pause(atFrame: animation.frameTime(forProgress: newValue)) }
  }

  /// The time shown now, in seconds from `ip`; setting it pauses there.
  public var currentTime: Double {
    get { animation.time(forFrame: currentFrame) }
    set { pause(atFrame: animation.frameTime(forTime: newValue)) }
  }

  /// Whether playback is running: started and not yet at the end of its last repeat.
  public var isAnimationPlaying: Bool {
    guard case .playing(let clip, _, _, _) = playback, let root = contentRoot else { return false }
    return root.localTime(fromParentTime: localTime) < clip.endTime
  }

  // MARK: Pausing

  /// Shows `frame` paused: the root at speed 0 with `timeOffset` at the frame's time (lottie-ios's technique).
  public func pause(atFrame frame: Double) {
    if !builtPaused {
      rebuild(
        LottieTimeline(startFrame: animation.startFrame, endFrame: animation.endFrame, framerate: animation.framerate))
      builtPaused = true
    }
    playback = .paused(frame: frame)
    contentRoot?.beginTime = 0
    contentRoot?.speed = 0
    contentRoot?.timeOffset = animation.time(forFrame: frame)
  }

  /// Pauses at the frame shown now.
  public func pause() { pause(atFrame: currentFrame) }

  /// Stops playback and shows the first frame.
  public func stop() { pause(atFrame: animation.startFrame) }

  // MARK: Playing

  /// Plays from `fromProgress` (or the current progress) to `toProgress` with `loopMode` (or ``loopMode``),
  /// starting at the virtual clock's present; `completion` is told `true` when a finite playback reaches its end,
  /// `false` when it is replaced or stopped first.
  public func play(
    fromProgress: Double? = nil, toProgress: Double, loopMode: LottieLoopMode? = nil,
    completion: ((Bool) -> Void)? = nil
  ) {
    play(
      fromFrame: fromProgress.map { animation.frameTime(forProgress: $0) },
      toFrame: animation.frameTime(forProgress: toProgress),
      loopMode: loopMode, completion: completion)
  }

  /// Plays from the current frame to the end with ``loopMode``.
  public func play(completion: ((Bool) -> Void)? = nil) {
    play(fromFrame: nil, toFrame: animation.endFrame, loopMode: nil, completion: completion)
  }

  /// Plays from marker `fromMarker` (or the current frame) to marker `toMarker`; unknown markers do nothing.
  public func play(
    fromMarker: String? = nil, toMarker: String, loopMode: LottieLoopMode? = nil, completion: ((Bool) -> Void)? = nil
  ) {
    guard let to = animation.frameTime(forMarker: toMarker) else { return }
    let from = fromMarker.flatMap { animation.frameTime(forMarker: $0) }
    play(fromFrame: from, toFrame: to, loopMode: loopMode, completion: completion)
  }

  /// Plays `range` (lottie-ios `play(_ playbackMode:)` with a from-to mode or `marker(_:)`); a range naming a marker
  /// the file lacks does nothing, as an unknown marker does in lottie-ios.
  public func play(_ range: LottieRange, loopMode: LottieLoopMode? = nil, completion: ((Bool) -> Void)? = nil) {
    guard let (from, to) = range.endFrames(in: animation) else { return }
    play(fromFrame: from, toFrame: to, loopMode: loopMode, completion: completion)
  }

  /// Plays from `fromFrame` (or the current frame) to `toFrame` (lottie-ios `play(fromFrame:toFrame:loopMode:)`).
  public func play(
    fromFrame: Double? = nil, toFrame: Double, loopMode: LottieLoopMode? = nil, completion: ((Bool) -> Void)? = nil
  ) {
    let mode = loopMode ?? self.loopMode
    var from = fromFrame ?? currentFrame
    var to = toFrame
    guard from != to, animationSpeed != 0 else {
      pause(atFrame: to)
      completion?(true)
      return
    }
    // Core Animation plays no negative speed here: a negative speed swaps the ends (lottie-ios).
    if animationSpeed < 0 { swap(&from, &to) }
    var timeline = LottieTimeline(
      startFrame: animation.startFrame, endFrame: animation.endFrame, framerate: animation.framerate, isPaused: false)
    timeline.playFrom = from
    timeline.playTo = to
    (timeline.repeatCount, timeline.autoreverses) = mode.timing
    rebuild(timeline)
    builtPaused = false
    guard let root = contentRoot else { return }
    root.speed = abs(animationSpeed)
    root.timeOffset = 0
    root.beginTime = localTime
    let clip = timeline.timed(AnimationGroup([]))
    let base = clip.animations[0].timing
    playback = .playing(
      clip: clip.timing, baseOffset: base.timeOffset, baseSpeed: base.speed,
      restFrame: mode.timing.autoreverses ? from : to)
    // A stand-in with the clip's timing tells `completion` when playback ends, as lottie-ios's progress
    // animation does.
    var tracker = clip
    tracker.animations = []
    tracker.isRemovedOnCompletion = true
    tracker.completion = completion
    try? root.add(tracker, forKey: "playback")
  }

  // MARK: Size

  /// Sizes this layer to `size` and places the animation in it as a `LottieAnimationView` with `contentMode` would
  /// (by default `scaleAspectFit`, its default: scaled to fit whole and centred), through the root's position and
  /// transform. A rebuild (playing, new options) keeps the placement; changing `bounds` later does not re-fit, so
  /// call this again after resizing.
  public func fit(into size: CGSize, contentMode: LottieContentMode = .scaleAspectFit) {
    bounds = CGRect(origin: .zero, size: size)
    guard let root = contentRoot else { return }
    let placement = contentMode.placement(of: animation.size, in: size)
    root.position = placement.origin
    root.transform = Transform3D(scaleX: placement.scaleX, y: placement.scaleY)
  }

  // MARK: Building

  private func rebuild(_ timeline: LottieTimeline) {
    let previous = contentRoot
    let log = LottieIssueLog()
    let root = animation.makeLayerTree(timeline: timeline, options: options, issues: log)
    issues = log.issues
    if let previous {
      root.position = previous.position
      root.transform = previous.transform
      previous.removeAllAnimations()
      previous.removeFromSuperlayer()
    }
    addSublayer(root)
    contentRoot = root
  }

  private func rebuildKeepingFrame() {
    let frame = currentFrame
    builtPaused = false
    pause(atFrame: frame)
  }
}
