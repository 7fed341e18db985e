import FlipbookGraphics
import FlipbookImageFormats

// MARK: - FramePixels

/// The pixels of one side's frames, handed out in order: a folder's frame is read from its file, an
/// animation's is composed by an `AnimatedPNG.FrameReader` that moves forward (and starts again only if
/// asked for an earlier frame). It keeps the last frame it composed, so asking for the frames of a
/// comparison in order decodes each once and holds about two frames, however long the animation.
final class FramePixels {
  private let set: FrameSet
  private var reader: AnimatedPNG.FrameReader?
  private var last: (index: Int, image: Image)?

  init(_ set: FrameSet) { self.set = set }

  /// The pixels of `frame`, one of this side's frames.
  func image(of frame: FrameSet.Frame) throws(DiffFailure) -> Image {
    if let file = frame.file {
      do {
        return try Image(contentsOfFile: file)
      } catch {
        throw FrameSet.trouble(error, file: file)
      }
    }
    guard let (path, bytes) = set.image else { throw .trouble(frame.label, "has no pixels") }
    if let last, last.index == frame.sourceIndex { return last.image }
    do {
      if reader == nil || reader!.index > frame.sourceIndex {
        reader = try AnimatedPNG.FrameReader(bytes, source: path)
      }
      while let next = try reader!.next() {
        if reader!.index - 1 == frame.sourceIndex {
          last = (frame.sourceIndex, next.image)
          return next.image
        }
      }
    } catch {
      throw FrameSet.trouble(error, file: path)
    }
    throw .trouble(path, "has no frame \(frame.sourceIndex)")
  }
}
