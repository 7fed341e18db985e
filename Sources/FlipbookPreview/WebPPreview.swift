import FlipbookGraphics
import FlipbookImageFormats
import FlipbookTiming
import Foundation

// MARK: - Animated WebP preview

extension FrameSequence {
  /// The frames as an animated WebP (lossless by default, or lossy at a quality 0...100), each frame
  /// starting at its time on `timing`'s timeline rounded to the millisecond WebP stores, so rounding never
  /// accumulates and the total is the preview's length to the millisecond. Identical consecutive frames
  /// are merged. Frames are compressed on `jobs` threads while the next ones are decoded, a few at a time
  /// (see `AnimatedWebP.Encoder`); the bytes are the same for any.
  public func webp(
    timing: PreviewTiming = .init(), quality: AnimatedWebP.Quality = .lossless, loopCount: Int = 0,
    jobs: Int = ProcessInfo.processInfo.activeProcessorCount, progress: ((Int, Int) -> Void)? = nil
  ) throws(PreviewError) -> Data {
    let shown = try timeline(timing).quantized(ticksPerSecond: Rational(1000), maximumTicks: Int.max)
    do {
      let encoder = try AnimatedWebP.Encoder(loopCount: loopCount, quality: quality, jobs: jobs)
      var start = 0
      for (done, entry) in shown.enumerated() {
        try encoder.append(try image(at: entry.frame), timestampMilliseconds: Double(start))
        start += entry.ticks
        progress?(done + 1, shown.count)
      }
      return try encoder.finish(endMilliseconds: Double(start))
    } catch let error as PreviewError {
      throw error
    } catch {
      throw PreviewError("cannot write the WebP: \(error)")
    }
  }
}
