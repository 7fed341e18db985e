import FlipbookScene
import FlipbookTiming

// MARK: - Stepping a document frame by frame

/// The exact instants of a document's frames: frame i at `from + i/fps`, as `flipbook render` places them,
/// so a snapshot taken at a frame shows what the rendered frame shows.
struct FrameSteps {
  let from: Rational
  let period: Rational
  let count: Int

  /// The frames of `[from, to)` at `fps` (the document's rate by default; `to` its duration).
  init(_ document: Document, fps: Double?, from: Double = 0, to: Double? = nil) throws {
    let rate = fps ?? document.fps
    guard let exactRate = Rational(decimal: rate), rate > 0, let period = Rational.one / exactRate,
      let start = Rational(decimal: from)
    else { throw SnapshotError("the frame rate \(rate) fps and start \(from) s must be positive numbers") }
    let end = to ?? document.duration
    self.from = start
    self.period = period
    guard let frames = Int(exactly: max(1, ((end - from) * rate - 1e-9).rounded(.up))) else {
      throw SnapshotError("the frames from \(from) s to \(end) s at \(rate) fps are not a finite count")
    }
    count = frames
  }

  /// Frame `index`'s time, from the clock the manifest records.
  func time(ofFrame index: Int) -> Rational { clock.time(ofFrame: index) }

  /// The frames as a `FrameClock`: frame i at `from + i/fps`, exactly as `flipbook render`'s clock.
  var clock: FrameClock { FrameClock(start: from, rate: Rational.one / period ?? .one, count: count) }
}
