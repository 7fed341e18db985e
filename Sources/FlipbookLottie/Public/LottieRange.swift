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
  public func frames(in animation: LottieAnimation) -> (from: Double, to: Double)? {
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

  /// Why the range cannot be played in `animation` (a marker it lacks, an end outside `ip`…`op`), or nil.
  public func problem(in animation: LottieAnimation) -> String? {
    let names = [markerNames.from, markerNames.to].compactMap { $0 }
    for name in names where animation.marker(named: name) == nil {
      let known = animation.markerNames
      return "the animation has no marker \"\(name)\""
        + (known.isEmpty
          ? " (it has no markers)" : "; its markers are \(known.map { "\"\($0)\"" }.joined(separator: ", "))")
    }
    guard let (from, to) = frames(in: animation) else { return nil }
    let (first, last) = (animation.startFrame, animation.endFrame)
    for end in [from, to] where !(end >= first && end <= last) {
      return "frame \(Self.number(end)) is outside the animation, which runs from frame \(Self.number(first)) to "
        + "\(Self.number(last))"
    }
    return nil
  }

  /// The range's length in seconds at the animation's frame rate, played at speed 1.
  public func duration(in animation: LottieAnimation) -> Double? {
    frames(in: animation).map { abs($0.to - $0.from) / animation.framerate }
  }

  private var markerNames: (from: String?, to: String?) {
    switch self {
    case .markers(let from, let to): (from, to)
    case .marker(let name): (name, nil)
    case .progress, .frames: (nil, nil)
    }
  }

  private static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}
