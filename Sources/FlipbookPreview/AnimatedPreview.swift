import FlipbookGraphics
import Foundation

// MARK: - Animated PNG preview

extension FrameSequence {
  /// The frames as one animated PNG: each frame shown until the next one's time, identical consecutive
  /// frames merged into one longer frame, a frame that changes only a region stored as that region.
  /// `loopCount` 0 loops forever. Frames are deflated on `jobs` threads; the bytes are the same for any.
  /// `progress(done, total)` is called on the calling thread after each frame is added.
  public func animatedPNG(
    loopCount: Int = 0, options: PNGOptions = .smallest, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
    progress: ((Int, Int) -> Void)? = nil
  ) throws(PreviewError) -> Data {
    var encoder = AnimatedPNG.Encoder(loopCount: loopCount, options: options, hasAlpha: hasAlpha, jobs: jobs)
    do {
      for index in frames.indices {
        try encoder.append(AnimatedPNG.Frame(image: try image(at: index), delay: duration(ofFrame: index)))
        progress?(index + 1, frames.count)
      }
      return try encoder.finish()
    } catch let error as PreviewError {
      throw error
    } catch {
      throw PreviewError("cannot write the animated PNG: \(error)")
    }
  }
}

// MARK: - Writing

/// Writes a preview file through a temporary sibling and a rename: never a half-written preview.
public func writePreview(_ data: Data, to path: String) throws(PreviewError) {
  do {
    try writeFileAtomically(path, data)
  } catch {
    guard case .file(_, let reason) = error else { throw PreviewError("\(path): cannot write (\(error))") }
    throw PreviewError("\(path): cannot write (\(reason))")
  }
}
