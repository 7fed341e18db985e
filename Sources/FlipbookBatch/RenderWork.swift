import FlipbookScene
import FlipbookTiming

// MARK: - RenderWork

/// The work a render will do, estimated from the document and the options alone, before anything is
/// drawn: how many frames, how many pixels they hold together, and how many simulation moments a
/// gesture script runs to reach the last of them. Public because `RenderBudget` judges it, and a caller
/// planning renders (a CI matrix, a batch) can weigh them before starting any.
public struct RenderWork: Equatable, Sendable {
  /// Frames to rasterize and encode.
  public let frames: Int
  /// Pixels in each frame.
  public let pixelsPerFrame: Int
  /// Simulation moments a script runs (0 for a scene, which has no simulation).
  public let moments: Double
  /// When the render runs to the end of a scene whose length no `duration` gave, the JSON path of the animation
  /// or event that sets it (and `lastingUntil` its end); else nil.
  public let lengthSource: String?
  /// The scene's length that `lengthSource` sets, in seconds.
  public let lastingUntil: Double

  /// Every frame's pixels together: what rasterizing and encoding cost.
  public var pixels: Double { Double(frames) * Double(pixelsPerFrame) }

  /// An estimate already counted.
  public init(frames: Int, pixelsPerFrame: Int, moments: Double, lengthSource: String? = nil, lastingUntil: Double = 0)
  {
    self.frames = frames
    self.pixelsPerFrame = pixelsPerFrame
    self.moments = moments
    self.lengthSource = lengthSource
    self.lastingUntil = lastingUntil
  }

  /// The frames of `clock`, rendered from `document`.
  public init(document: Document, frames clock: FrameClock) {
    self.init(document: document, frames: clock.count, until: clock.end.seconds)
  }

  /// `frames` frames of `document`, the last of them before `end` seconds.
  public init(document: Document, frames: Int, until end: Double) {
    self.frames = frames
    pixelsPerFrame = document.pixelSize.width * document.pixelSize.height
    moments = if case .script(let script) = document { script.moments(upTo: end) } else { 0 }
    let toTheEnd = end >= document.duration * (1 - 1e-9)
    lengthSource = toTheEnd ? document.lengthSource : nil
    lastingUntil = document.duration
  }
}
