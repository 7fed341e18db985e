import FlipbookJSON
import Foundation

// MARK: - LottieRange

/// A stretch of an animation's timeline, in any of the units lottie-ios plays by (`LottiePlaybackMode`'s
/// `fromProgress:toProgress:`, `fromFrame:toFrame:`, `fromMarker:toMarker:` and `marker(_:)`, 4.6.1). A refresh
/// header scrubs one such stretch while pulling and loops another while refreshing.
public enum LottieRange: Hashable, Sendable {
  /// From one progress to another, 0 at `ip` and 1 at `op`.
  case progress(from: Double, to: Double)
  /// From one frame to another.
  case frames(from: Double, to: Double)
  /// From one marker's frame to another's.
  case markers(from: String, to: String)
  /// One marker's span, from its frame to its frame plus its duration (`tm` to `tm + dr`).
  case marker(String)

  /// The whole animation, `ip` to `op`.
  public static let whole = LottieRange.progress(from: 0, to: 1)

  /// The range's ends as frames of `animation`, or nil when it names a marker the file does not have.
  public func endFrames(in animation: LottieAnimation) -> (from: Double, to: Double)? {
    switch self {
    case .progress(let from, let to):
      return (animation.frameTime(forProgress: from), animation.frameTime(forProgress: to))
    case .frames(let from, let to):
      return (from, to)
    case .markers(let from, let to):
      guard let a = animation.frameTime(forMarker: from), let b = animation.frameTime(forMarker: to) else { return nil }
      return (a, b)
    case .marker(let name):
      return animation.marker(named: name).map { ($0.frame, $0.endFrame) }
    }
  }

  /// Why the range cannot be played in `animation`, which messages call `name` (a marker it lacks, an end outside
  /// `ip`…`op`), or nil.
  public func problem(in animation: LottieAnimation, named name: String = "the animation") -> String? {
    let names = [markerNames.from, markerNames.to].compactMap { $0 }
    for marker in names where animation.marker(named: marker) == nil {
      let known = animation.markerNames
      return "\(name) has no marker \"\(marker)\""
        + (known.isEmpty
          ? " (it has no markers)" : "; its markers are \(known.map { "\"\($0)\"" }.joined(separator: ", "))")
    }
    guard let (from, to) = endFrames(in: animation) else { return nil }
    let (first, last) = (animation.startFrame, animation.endFrame)
    for end in [from, to] where !(end >= first && end <= last) {
      return "frame \(JSONValue.format(end)) is outside \(name), which runs from frame \(JSONValue.format(first)) "
        + "to \(JSONValue.format(last))"
    }
    return nil
  }

  /// The range's length in seconds at the animation's frame rate, played at speed 1.
  public func duration(in animation: LottieAnimation) -> Double? {
    endFrames(in: animation).map { abs($0.to - $0.from) / animation.framerate }
  }

  private var markerNames: (from: String?, to: String?) {
    switch self {
    case .markers(let from, let to): (from, to)
    case .marker(let name): (name, nil)
    case .progress, .frames: (nil, nil)
    }
  }
}
