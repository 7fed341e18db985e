import FlipbookJSON

// MARK: - TimingLimits

/// The ranges of a document's media-timing numbers (`beginTime`, `timeOffset`, `speed`), checked when
/// the document is read so that no time reaches the animation engine that it cannot divide or count.
enum TimingLimits {
  /// Largest `beginTime` or `timeOffset`, in seconds, either side of 0: a day, the longest a render may
  /// run (`--at` and event times stop there too).
  static let maxTimeShift = 86_400.0
  /// Largest speed either side of 0: a thousand times real time already finishes a day's animation in
  /// under 90 s.
  static let maxSpeed = 1000.0
  /// Smallest speed other than 0 (which pauses): a thousandth of real time stretches a second to
  /// 17 minutes; slower speeds turn finite durations into ones no render reaches.
  static let minNonZeroSpeed = 0.001

  /// A `beginTime` or `timeOffset`.
  static func timeShift(_ c: JSONCursor) throws(DocumentError) -> Double {
    let t = try c.number()
    guard abs(t) <= maxTimeShift else {
      throw c.error("\(NumberLimits.describe(t)) s is beyond ±86400 s (a day), the longest a render runs")
    }
    return t
  }

  /// A `speed`: 0, or a magnitude from 0.001 to 1000.
  static func speed(_ c: JSONCursor) throws(DocumentError) -> Double {
    let s = try c.number()
    guard s == 0 || (minNonZeroSpeed...maxSpeed).contains(abs(s)) else {
      throw c.error("speed \(NumberLimits.describe(s)) must be 0 or from 0.001 to 1000 either side of 0")
    }
    return s
  }
}
