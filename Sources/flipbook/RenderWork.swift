import FlipbookScene
import FlipbookTiming

// MARK: - RenderWork

/// The work a render will do, estimated from the document and the options alone, before anything is
/// drawn: how many frames, how many pixels they hold together, and how many simulation moments a
/// gesture script runs to reach the last of them.
struct RenderWork: Equatable {
  /// Frames to rasterize and encode.
  let frames: Int
  /// Pixels in each frame.
  let pixelsPerFrame: Int
  /// Simulation moments a script runs (0 for a scene, which has no simulation).
  let moments: Double

  /// Every frame's pixels together: what rasterizing and encoding cost.
  var pixels: Double { Double(frames) * Double(pixelsPerFrame) }

  /// An estimate already counted.
  init(frames: Int, pixelsPerFrame: Int, moments: Double) {
    self.frames = frames
    self.pixelsPerFrame = pixelsPerFrame
    self.moments = moments
  }

  /// The frames of `clock`, rendered from `document`.
  init(document: Document, frames clock: FrameClock) {
    self.init(document: document, frames: clock.count, until: clock.end.seconds)
  }

  /// `frames` frames of `document`, the last of them before `end` seconds.
  init(document: Document, frames: Int, until end: Double) {
    self.frames = frames
    pixelsPerFrame = document.pixelSize.width * document.pixelSize.height
    moments = if case .script(let script) = document { script.moments(upTo: end) } else { 0 }
  }
}
