import FlipbookTiming

// MARK: - PreviewTiming

/// Which part of a frame folder an animated preview plays, and how: a range of the frames' own times,
/// an output frame rate, and pauses on the first and last frames. The default plays every frame at its
/// own time, so the preview lasts exactly as long as the manifest says.
public struct PreviewTiming: Hashable, Sendable {
  /// Where the preview starts, in the frames' time (the manifest's `time`); nil for the first frame.
  public var from: Rational?
  /// Where it stops (not included); nil for the end of the last frame.
  public var to: Rational?
  /// Resample to this many frames a second (the frame on screen at each output time); nil keeps the
  /// frames' own times.
  public var fps: Rational?
  /// Extra time on the first frame, in seconds.
  public var holdFirst: Rational
  /// Extra time on the last frame, in seconds.
  public var holdLast: Rational

  /// A timing; the defaults play every frame at its own time with no holds.
  public init(
    from: Rational? = nil, to: Rational? = nil, fps: Rational? = nil, holdFirst: Rational = .zero,
    holdLast: Rational = .zero
  ) {
    self.from = from
    self.to = to
    self.fps = fps
    self.holdFirst = holdFirst
    self.holdLast = holdLast
  }

  /// The same timing at another frame rate, unless one was asked for (GIF's default of 50).
  public func withDefaultFPS(_ rate: Rational) -> PreviewTiming {
    var timing = self
    timing.fps = timing.fps ?? rate
    return timing
  }
}

extension FrameSequence {
  /// The frames' range as the timing asks, checked: `from` and `to` within the frames' times, `from`
  /// before `to`.
  public func check(_ timing: PreviewTiming) throws(PreviewError) {
    let first = frames.first?.exactTime ?? .zero
    let range = "\(format(first))...\(format(end)) s"
    if let from = timing.from, from < first || from >= end {
      throw PreviewError("--from \(format(from)) s is outside the frames' times (\(range))", isUsage: true)
    }
    if let to = timing.to, to <= first || to > end {
      throw PreviewError("--to \(format(to)) s is outside the frames' times (\(range))", isUsage: true)
    }
    if let from = timing.from, let to = timing.to, to <= from {
      throw PreviewError("--to (\(format(to)) s) must be after --from (\(format(from)) s)", isUsage: true)
    }
  }

  /// What the preview shows when: the frames cut, resampled and held as `timing` says, consecutive frames
  /// that repeat a picture merged into one. Times start at 0.
  public func timeline(_ timing: PreviewTiming = .init()) throws(PreviewError) -> Timeline {
    try check(timing)
    let first = frames.first?.exactTime ?? .zero
    var timeline = self.timeline
    if timing.from != nil || timing.to != nil {
      timeline = timeline.cut(from: (timing.from ?? first) - first, to: (timing.to ?? end) - first)
    }
    if let rate = timing.fps { timeline = timeline.resampled(rate: rate) }
    return timeline.merged(where: samePicture).holding(first: timing.holdFirst, last: timing.holdLast)
  }

  private func format(_ time: Rational) -> String {
    let text = String(format: "%.6f", time.seconds)
    var trimmed = Substring(text)
    while trimmed.hasSuffix("0") { trimmed = trimmed.dropLast() }
    if trimmed.hasSuffix(".") { trimmed = trimmed.dropLast() }
    return String(trimmed)
  }
}
