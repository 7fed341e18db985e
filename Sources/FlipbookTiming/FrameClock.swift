// MARK: - FrameClock

/// The times of a render's frames: frame *i* at `start + i/rate`, an exact fraction computed from the
/// index (never accumulated), so a frame is at the same instant whatever `start` the render began at, and
/// the same instant always becomes the same `Double`.
public struct FrameClock: Hashable, Sendable {
  /// The first frame's time, in seconds.
  public let start: Rational
  /// Frames per second; positive.
  public let rate: Rational
  /// How many frames.
  public let count: Int

  /// `count` frames from `start` at `rate` frames a second (a rate that is not positive, or a negative
  /// count, is a programming error the callers' validation rules out).
  public init(start: Rational, rate: Rational, count: Int) {
    precondition(rate > .zero && count >= 0, "a frame clock needs a positive rate and a count of at least 0")
    self.start = start
    self.rate = rate
    self.count = count
  }

  /// The frames from `start` up to, not including, `end`: `ceil((end - start) × rate)` of them, at least one.
  public init(start: Rational, end: Rational, rate: Rational) {
    let frames = ((end - start) * rate).ceiling
    self.init(start: start, rate: rate, count: Int(clamping: max(1, frames)))
  }

  /// The time of frame `index` (which may lie past the last frame, for the end of the run).
  public func time(ofFrame index: Int) -> Rational {
    start + (Rational(index) / rate ?? .zero)
  }

  /// How long one frame lasts: `1/rate`.
  public var frameDuration: Rational { Rational.one / rate ?? .zero }

  /// The time the last frame ends: `start + count/rate`.
  public var end: Rational { time(ofFrame: count) }

  /// How long the frames last together: `count/rate`.
  public var duration: Rational { Rational(count) / rate ?? .zero }

  /// The index of the frame on screen at `time` (the last one that starts at or before it), or nil before
  /// the first frame and from the end on.
  public func frame(at time: Rational) -> Int? {
    guard time >= start, time < end else { return nil }
    let index = ((time - start) * rate).floor
    return Int(index)
  }

  /// Every frame's time, in order.
  public var times: some RandomAccessCollection<Rational> { (0..<count).lazy.map(time(ofFrame:)) }
}
