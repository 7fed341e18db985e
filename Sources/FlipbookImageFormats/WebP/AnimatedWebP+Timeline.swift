import FlipbookGraphics

// MARK: - AnimatedWebP.Timeline

extension AnimatedWebP {
  /// Puts exact frame start times, in milliseconds, on WebP's whole-millisecond grid.
  ///
  /// WebP stores each frame's duration in whole milliseconds. Rounding every duration on its own lets
  /// the error pile up (60 frames of 16.67 ms rounded to 17 ms each play 20 ms late after one second),
  /// so instead each start time is rounded, counted from the first frame, and a duration is the
  /// difference of two rounded starts:
  ///
  ///     exact   0    16.67  33.33  50    66.67  83.33  100
  ///     placed  0    17     33     50    67     83     100
  ///     shown     17    16     17     17    16     17
  struct Timeline {
    /// Frames placed so far.
    private(set) var frameCount = 0
    /// The first frame's exact start, which is placed at 0.
    private var origin = 0.0
    private var lastExact = 0.0
    private var lastPlaced = 0

    /// Places the next frame, starting at `milliseconds`, and returns its whole-millisecond start.
    /// Throws, changing nothing, for a time that is not finite, not after the previous frame's, that
    /// rounds to the previous frame's millisecond, or that lies beyond 2^31 - 1 ms.
    mutating func place(_ milliseconds: Double) throws(GraphicsError) -> Int {
      let placed = try placement(of: milliseconds, what: "frame \(frameCount)")
      if frameCount == 0 { origin = milliseconds }
      frameCount += 1
      lastExact = milliseconds
      lastPlaced = placed
      return placed
    }

    /// The whole-millisecond end of the animation, when it ends at `milliseconds`; the same rules as
    /// a frame's start, after the last frame.
    func end(_ milliseconds: Double) throws(GraphicsError) -> Int {
      guard frameCount > 0 else { throw .webpEncode(reason: "an animated WebP needs at least one frame") }
      return try placement(of: milliseconds, what: "the end")
    }

    private func placement(of milliseconds: Double, what: String) throws(GraphicsError) -> Int {
      guard milliseconds.isFinite else {
        throw .webpEncode(reason: "\(what) is at \(milliseconds) ms; times must be finite")
      }
      if frameCount == 0 { return 0 }
      guard milliseconds > lastExact else {
        throw .webpEncode(
          reason: "\(what) is at \(milliseconds) ms, not after frame \(frameCount - 1) at \(lastExact) ms")
      }
      let relative = (milliseconds - origin).rounded()
      guard relative <= Double(Int32.max) else {
        throw .webpEncode(reason: "\(what) is \(relative) ms after the first frame; WebP stops at 2^31 - 1 ms")
      }
      let placed = Int(relative)
      guard placed > lastPlaced else {
        throw .webpEncode(
          reason: "\(what) at \(milliseconds) ms rounds to the same millisecond (\(placed) ms from the start) as "
            + "frame \(frameCount - 1) at \(lastExact) ms; WebP times frames in whole milliseconds, so they must "
            + "be about 1 ms apart or more")
      }
      return placed
    }
  }
}
