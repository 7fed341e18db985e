import FlipbookGraphics
import FlipbookTiming
import Foundation

// MARK: - GIF preview

extension FrameSequence {
  /// GIF's default frame rate: 2 cs a frame, the shortest delay browsers honour, so no frame is
  /// dropped and every frame starts on its time.
  public static let gifDefaultFPS = Rational(50)

  /// The frames as an animated GIF: one palette of at most 256 colours shared by every frame (so colours
  /// do not flicker), optionally dithered. The timeline is resampled to `timing.fps` (50 by default) and
  /// turned into centiseconds by `GIFTiming`: each frame starts within 5 ms of its time and the total is
  /// the preview's length to the centisecond. GIF keeps one bit of transparency: pixels under half
  /// opaque become clear. `progress(done, total)` is called on the calling thread after each frame is read.
  public func gif(
    timing: PreviewTiming = .init(), loopCount: Int = 0, dithering: Bool = true,
    progress: ((Int, Int) -> Void)? = nil
  ) throws(PreviewError) -> Data {
    let shown = GIFTiming.centiseconds(try timeline(timing.withDefaultFPS(Self.gifDefaultFPS)))
    var options = GIF.Options()
    options.loopCount = loopCount
    options.dithering = dithering
    // A frame that cannot be read stops the encoder; its own error is the one reported.
    var unreadable: PreviewError?
    do {
      var decoded: (index: Int, image: Image)?
      return try GIF.encode(frameCount: shown.count, options: options) {
        (index: Int) throws(GraphicsError) in
        let frame = shown[index].frame
        let image: Image
        if let decoded, decoded.index == frame {
          image = decoded.image
        } else {
          do throws(PreviewError) {
            image = try self.image(at: frame)
          } catch {
            unreadable = error
            throw GraphicsError.gifEncode(reason: error.description)
          }
        }
        decoded = (frame, image)
        progress?(index + 1, shown.count)
        return (image, shown[index].ticks)
      }
    } catch {
      throw unreadable ?? PreviewError("cannot write the GIF: \(error)")
    }
  }
}
