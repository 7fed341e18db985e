import FlipbookGraphics
import Foundation

// MARK: - GIF preview

extension FrameSequence {
  /// The frames as an animated GIF: one palette of at most 256 colours shared by every frame (so colours
  /// do not flicker), optionally dithered, delays in centiseconds (at least 2, the rounding carried so the
  /// total time stays right). GIF keeps one bit of transparency: pixels under half opaque become clear.
  /// `progress(done, total)` is called on the calling thread after each frame is read.
  public func gif(
    loopCount: Int = 0, dithering: Bool = true, progress: ((Int, Int) -> Void)? = nil
  ) throws(PreviewError) -> Data {
    var options = GIF.Options()
    options.loopCount = loopCount
    options.dithering = dithering
    do {
      return try GIF.encode(frameCount: frames.count, options: options) {
        (index: Int) throws(GraphicsError) in
        let image = try Image(contentsOfFile: frames[index].path)
        progress?(index + 1, frames.count)
        return (image, duration(ofFrame: index))
      }
    } catch {
      throw PreviewError("cannot write the GIF: \(error)")
    }
  }
}
