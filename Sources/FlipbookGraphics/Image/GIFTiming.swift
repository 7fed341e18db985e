// MARK: - GIFTiming

/// GIF delays are whole centiseconds (a UInt16 in the Graphic Control Extension), and browsers show
/// delays of 0 or 1 cs as 10 cs, so this turns second-based delays into centiseconds that are at
/// least 2, rounding each to the nearest centisecond of the running total: the rounding error of one
/// frame is carried into the next, so the animation's total length stays right (1/30 s frames give
/// 3, 4, 3, 3, 4, 3, ... cs: 10 cs every three frames).
enum GIFTiming {
  /// The shortest delay browsers honour.
  static let minimumCentiseconds = 2
  /// The longest delay the format can store.
  static let maximumCentiseconds = Int(UInt16.max)

  /// The centisecond delay of each frame. A frame pushed up to the 2 cs minimum (or down to the
  /// maximum) moves the running total, and later frames are shortened (lengthened) to catch up,
  /// though never below the minimum.
  static func centiseconds(_ delays: [Double]) -> [Int] {
    var exact = 0.0  // the running total in centiseconds, as asked
    var written = 0  // the running total in centiseconds, as written
    return delays.map { delay in
      exact += max(0, delay) * 100
      // The epsilon keeps 1/30 s sums such as 9.999999999 from rounding differently than 10 would.
      let wanted = Int((exact - Double(written) + 1e-9).rounded())
      let centiseconds = min(maximumCentiseconds, max(minimumCentiseconds, wanted))
      written += centiseconds
      return centiseconds
    }
  }
}
