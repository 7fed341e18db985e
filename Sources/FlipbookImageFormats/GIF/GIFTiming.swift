import FlipbookGraphics
import FlipbookTiming

// MARK: - GIFTiming

/// GIF delays are whole centiseconds (a UInt16 in the Graphic Control Extension), and browsers show
/// delays of 0 or 1 cs as 10 cs, so frames shorter than 2 cs must not be written at all.
///
/// Each frame starts at its exact time rounded to the nearest centisecond (the rounding error diffuses
/// into the next frame instead of accumulating: 1/30 s frames give 3, 4, 3, 3, 4, 3, ... cs), frames
/// that would then last under 2 cs are dropped, their time going to the frame before, and the total is
/// the exact length to the nearest centisecond. At 60 fps, one frame in three is dropped; a preview
/// resampled to 50 fps (2 cs a frame, the default for GIF) drops none.
public enum GIFTiming {
  /// The shortest delay browsers honour.
  public static let minimumCentiseconds = 2
  /// The longest delay the format can store.
  public static let maximumCentiseconds = Int(UInt16.max)

  /// The frames of `timeline` to write, with their delays in centiseconds.
  public static func centiseconds(_ timeline: Timeline) -> [(frame: Int, ticks: Int)] {
    timeline.quantized(
      ticksPerSecond: Rational(100), minimumTicks: minimumCentiseconds, maximumTicks: maximumCentiseconds)
  }

  /// The frames to write for frames lasting `durations`, with their delays in centiseconds.
  static func centiseconds(_ durations: [Rational]) -> [(frame: Int, ticks: Int)] {
    var times: [Rational] = []
    var total = Rational.zero
    for duration in durations {
      times.append(total)
      total = total + duration
    }
    // Zero-length frames have no time on screen; keep the last one at any instant.
    var starts: [Rational] = []
    var indices: [Int] = []
    for (index, time) in times.enumerated() {
      if let last = starts.last, last == time {
        indices[indices.count - 1] = index
      } else {
        starts.append(time)
        indices.append(index)
      }
    }
    guard total > (starts.last ?? .zero), let timeline = Timeline(times: starts, end: total) else {
      // Nothing lasts: one frame for the minimum.
      return [(indices.last ?? 0, minimumCentiseconds)]
    }
    return centiseconds(timeline).map { (indices[$0.frame], $0.ticks) }
  }
}
