import FlipbookLayers
import FlipbookTiming
import Foundation

// MARK: - In and out points

extension LottieBuildContext {
  /// Hides `layer` before its in point and from its out point on (lottie-ios `addVisibilityAnimation`,
  /// `Sources/Private/CoreAnimation/Animations/VisibilityAnimation.swift`, 4.6.1): a discrete `hidden` animation
  /// hidden → shown → hidden. A layer whose out point is the composition's end stays visible to the very end,
  /// through the extra frame a paused tree shows.
  public func addVisibilityAnimation(to layer: Layer, inFrame: Double, outFrame: Double) {
    if mustUseComplexTimeRemapping {
      let keyframes = LottieKeyframes(keyframes: [
        LottieKeyframe(value: true, frame: 0, isHold: true),
        LottieKeyframe(value: false, frame: inFrame, isHold: true),
        LottieKeyframe(value: true, frame: outFrame, isHold: true),
      ])
      addAnimation(to: layer, .hidden, keyframes: keyframes) { Discrete($0) }
      return
    }
    let frames = timeline.animationDuration * timeline.framerate
    func progress(_ frame: Double) -> Double { (timeline.localToGlobalFrame(frame) - timeline.startFrame) / frames }
    let shown = min(max(progress(inFrame), 0), 1)
    let hidden = timeline.localToGlobalFrame(outFrame) == timeline.endFrame ? 1 : min(max(progress(outFrame), shown), 1)
    var animation = KeyframeAnimation(keyPath: .hidden, values: [Discrete(true), Discrete(false), Discrete(true)])
    animation.calculationMode = .discrete
    animation.keyTimes = [0, shown, hidden, 1]
    do {
      try layer.add(timeline.timed(animation), forKey: "hidden")
    } catch {
      report("in and out points not applied (\(error.message))")
    }
  }
}
