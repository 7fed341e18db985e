// MARK: - Timeline

/// What a preview shows over time: a run of entries, each a source frame shown from `start` for
/// `duration`, back to back from 0, in exact fractions of a second.
///
/// Built from the rendered frames' own times (frame *i* from its time to the next frame's), then cut,
/// resampled, merged and held as a preview's options ask, and finally quantized to the unit its file
/// format stores (a centisecond for GIF, a millisecond for WebP) without letting rounding accumulate.
/// It knows nothing of pixels: a source frame is an index, and whether two frames look the same is the
/// caller's to say.
public struct Timeline: Hashable, Sendable {
  /// One source frame on screen.
  public struct Entry: Hashable, Sendable {
    /// The source frame's index.
    public var frame: Int
    /// When it appears, from the timeline's start.
    public var start: Rational
    /// How long it stays; positive.
    public var duration: Rational

    /// Source frame `frame` on screen from `start` for `duration`.
    public init(frame: Int, start: Rational, duration: Rational) {
      self.frame = frame
      self.start = start
      self.duration = duration
    }

    /// When it is replaced.
    public var end: Rational { start + duration }
  }

  /// In order, back to back from 0.
  public private(set) var entries: [Entry]

  /// The frames of a render: frame *i* from `times[i]` to `times[i + 1]`, the last one until `end`. Times
  /// are taken relative to `times[0]`; they must increase, and `end` must be after the last. Nil otherwise.
  public init?(times: [Rational], end: Rational) {
    guard let origin = times.first else { return nil }
    var entries: [Entry] = []
    entries.reserveCapacity(times.count)
    for (index, time) in times.enumerated() {
      let next = index + 1 < times.count ? times[index + 1] : end
      guard next > time else { return nil }
      entries.append(Entry(frame: index, start: time - origin, duration: next - time))
    }
    self.entries = entries
  }

  init(entries: [Entry]) { self.entries = entries }

  /// How long the whole timeline lasts.
  public var duration: Rational { entries.last?.end ?? .zero }

  /// The entry on screen at `time` (the last one starting at or before it), or nil outside the timeline.
  public func entryIndex(at time: Rational) -> Int? {
    guard time >= .zero, time < duration else { return nil }
    var low = 0
    var high = entries.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if entries[middle].start <= time { low = middle } else { high = middle - 1 }
    }
    return low
  }

  // MARK: Editing

  /// The part from `start` up to `end` (both within the timeline, `start` before `end`), moved to begin
  /// at 0: the frame on screen at `start` first, the frame on screen just before `end` last.
  public func cut(from start: Rational, to end: Rational) -> Timeline {
    var kept: [Entry] = []
    for entry in entries where entry.end > start && entry.start < end {
      let from = max(entry.start, start)
      let to = min(entry.end, end)
      kept.append(Entry(frame: entry.frame, start: from - start, duration: to - from))
    }
    return Timeline(entries: kept)
  }

  /// The timeline sampled at `rate` frames a second: output frame *k* at `k/rate` shows the source frame on
  /// screen then, for `1/rate` (the last one only up to the end, so the length is unchanged).
  public func resampled(rate: Rational) -> Timeline {
    let total = duration
    let count = Int(clamping: (total * rate).ceiling)
    var sampled: [Entry] = []
    sampled.reserveCapacity(count)
    var cursor = 0
    for k in 0..<count {
      let start = Rational(k) / rate ?? .zero
      let end = min(Rational(k + 1) / rate ?? total, total)
      while cursor + 1 < entries.count, entries[cursor + 1].start <= start { cursor += 1 }
      sampled.append(Entry(frame: entries[cursor].frame, start: start, duration: end - start))
    }
    return Timeline(entries: sampled)
  }

  /// Consecutive entries that show the same picture (`same(previous, next)` on their source frames)
  /// made one longer entry, which keeps the first one's frame.
  public func merged(where same: (_ previous: Int, _ next: Int) -> Bool) -> Timeline {
    var merged: [Entry] = []
    for entry in entries {
      if let last = merged.last, last.frame == entry.frame || same(last.frame, entry.frame) {
        merged[merged.count - 1].duration = last.duration + entry.duration
      } else {
        merged.append(entry)
      }
    }
    return Timeline(entries: merged)
  }

  /// The first entry held `first` longer (everything after it later by as much) and the last one `last`
  /// longer.
  public func holding(first: Rational, last: Rational) -> Timeline {
    guard !entries.isEmpty else { return self }
    var held = entries
    held[0].duration = held[0].duration + first
    for index in held.indices.dropFirst() { held[index].start = held[index].start + first }
    held[held.count - 1].duration = held[held.count - 1].duration + last
    return Timeline(entries: held)
  }

  // MARK: Quantizing

  /// The entries in whole ticks of `1/ticksPerSecond` s, for formats that store delays that way (a
  /// centisecond for GIF, a millisecond for WebP, a frame for constant-rate video).
  ///
  /// Each entry's start is rounded to the nearest tick on its own, so rounding never accumulates (error
  /// diffusion: a 1/30 s run at centiseconds gives 3, 4, 3, 3, 4, 3), and the total is the duration to
  /// the nearest tick. An entry that would last fewer than `minimumTicks` (GIF's 2 cs: browsers show
  /// shorter delays as 10 cs) is dropped, its time going to the entry before it, because it would not
  /// show; a last entry that short gives its time to the one before. An entry longer than `maximumTicks`
  /// is split into several of the same frame.
  public func quantized(ticksPerSecond scale: Rational, minimumTicks: Int = 1, maximumTicks: Int = Int(UInt16.max))
    -> [(frame: Int, ticks: Int)]
  {
    func tick(_ time: Rational) -> Int64 { (time * scale).rounded }
    var kept: [(frame: Int, start: Int64)] = []
    for entry in entries {
      let start = tick(entry.start)
      if let last = kept.last, start - last.start < Int64(minimumTicks) { continue }
      kept.append((entry.frame, start))
    }
    var end = tick(duration)
    while kept.count > 1, end - kept[kept.count - 1].start < Int64(minimumTicks) { kept.removeLast() }
    if let only = kept.last, end - only.start < Int64(minimumTicks) { end = only.start + Int64(minimumTicks) }
    var result: [(frame: Int, ticks: Int)] = []
    for (index, entry) in kept.enumerated() {
      var remaining = (index + 1 < kept.count ? kept[index + 1].start : end) - entry.start
      while remaining > 0 {
        let piece = min(remaining, Int64(maximumTicks))
        // A remainder shorter than the minimum is spread back onto the piece before it.
        let take =
          remaining - piece > 0 && remaining - piece < Int64(minimumTicks) ? piece - Int64(minimumTicks) : piece
        result.append((entry.frame, Int(take)))
        remaining -= take
      }
    }
    return result
  }
}
