import FlipbookLayers
import FlipbookTiming
import Foundation

// MARK: - LottieTimeline

/// The clock every Lottie animation is built against: which frames exist, which part plays and how, and how a
/// layer's own frames map onto the composition's (lottie-ios's `LayerAnimationContext` timing and
/// `CAMediaTimingConfiguration`, `Sources/Private/CoreAnimation/Layers/AnimationLayer.swift` and
/// `CoreAnimationLayer.swift`, 4.6.1).
///
/// Time 0 is the composition's in point `ip`; frame f is at `(f − ip) / fr` seconds. Every animation is first
/// built over the whole composition and then clipped to the played range by ``timed(_:)``, exactly as
/// lottie-ios's `CAAnimation.timed(with:for:)` does (`CAAnimation+TimingConfiguration.swift`).
public struct LottieTimeline {
  /// The composition's first frame (`ip`).
  public var startFrame: Double
  /// The composition's end frame (`op`).
  public var endFrame: Double
  /// Frames per second (`fr`).
  public var framerate: Double
  /// The frame playback starts from (the clip's start); `startFrame` when paused.
  public var playFrom: Double
  /// The frame playback runs to; `endFrame` when paused. Below `playFrom` the clip plays backwards.
  public var playTo: Double
  /// Whether the tree is shown paused (the root at speed 0): the built duration then reaches one frame past
  /// `endFrame` so that progress 1 can show frame `op` itself, as lottie-ios extends it
  /// (`LayerAnimationContext.animationDuration`).
  public var isPaused: Bool
  /// The clip's repeat count (`CAMediaTiming.repeatCount`; `.infinity` loops forever).
  public var repeatCount: Double = 0
  /// Whether the clip plays back and forth.
  public var autoreverses = false
  /// The clip's time offset in seconds (where in the loop playback starts).
  public var clipTimeOffset: Double = 0

  /// Maps a frame of the layer being built onto the composition's frames: a precomposition's start time and
  /// time stretch (lottie-ios's `simpleTimeRemapping`); the identity at the root.
  public var localToGlobalFrame: @Sendable (Double) -> Double = { $0 }

  /// A timeline showing the composition `startFrame...endFrame` at `framerate`, paused (the still renderer's
  /// configuration) unless a play range is set afterwards.
  public init(startFrame: Double, endFrame: Double, framerate: Double, isPaused: Bool = true) {
    self.startFrame = startFrame
    self.endFrame = endFrame
    self.framerate = framerate
    self.playFrom = startFrame
    self.playTo = endFrame
    self.isPaused = isPaused
  }

  /// The length in seconds every animation is built over: `ip...op`, plus one frame when paused.
  public var animationDuration: Double {
    ((isPaused ? endFrame + 1 : endFrame) - startFrame) / framerate
  }

  /// The composition time, in seconds from `ip`, of a frame of the layer being built.
  public func time(forFrame frame: Double) -> Double {
    (localToGlobalFrame(frame) - startFrame) / framerate
  }

  /// The composition time of a composition frame (no layer mapping).
  public func compositionTime(forFrame frame: Double) -> Double {
    (frame - startFrame) / framerate
  }

  /// The composition frame at a composition time.
  public func compositionFrame(atTime time: Double) -> Double {
    startFrame + time * framerate
  }

  /// This timeline for a layer whose frame f shows at the parent's frame `mapping(f)`, chained onto the parent's
  /// own mapping.
  public func mappingLocalFrames(_ mapping: @escaping @Sendable (Double) -> Double) -> LottieTimeline {
    var copy = self
    let outer = localToGlobalFrame
    copy.localToGlobalFrame = { outer(mapping($0)) }
    return copy
  }

  /// Wraps an animation built over the whole composition (duration ``animationDuration``, time 0 at `ip`) into
  /// the clip that plays: a group lasting the played range, offset to its start, repeating and autoreversing as
  /// configured, filling both ways and never removed, so it rests on its last frame
  /// (lottie-ios `CAAnimation.timed(with:for:)`).
  public func timed(_ animation: any LayerAnimation) -> AnimationGroup {
    var base = animation
    base.timing.duration = animationDuration
    base.timing.speed = playTo < playFrom ? -1 : 1
    base.timing.timeOffset = compositionTime(forFrame: playFrom)
    var clip = AnimationGroup([base], duration: abs(playTo - playFrom) / framerate)
    clip.timing.autoreverses = autoreverses
    clip.timing.repeatCount = repeatCount
    clip.timing.timeOffset = clipTimeOffset
    clip.timing.fillMode = .both
    clip.isRemovedOnCompletion = false
    return clip
  }
}
