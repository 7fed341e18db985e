import FlipbookGraphics
import FlipbookTiming
import Foundation

// MARK: - Animated PNG preview

extension FrameSequence {
  /// The frames as one animated PNG, each shown for exactly its time on `timing`'s timeline (fcTL
  /// delays such as 1/60 and 7/60 s, adding up to the preview's length exactly), identical consecutive
  /// frames merged into one longer frame, a frame that changes only a region stored as that region.
  /// `loopCount` 0 loops forever. Frames are deflated on `jobs` threads; the bytes are the same for any.
  /// `progress(done, total)` is called on the calling thread after each frame is added.
  public func animatedPNG(
    timing: PreviewTiming = .init(), loopCount: Int = 0, options: PNGOptions = .smallest,
    jobs: Int = ProcessInfo.processInfo.activeProcessorCount, progress: ((Int, Int) -> Void)? = nil
  ) throws(PreviewError) -> Data {
    let timeline = try self.timeline(timing)
    var encoder = AnimatedPNG.Encoder(loopCount: loopCount, options: options, hasAlpha: hasAlpha, jobs: jobs)
    do {
      var decoded: (index: Int, image: Image)?
      for (done, entry) in timeline.entries.enumerated() {
        let image: Image
        if let decoded, decoded.index == entry.frame {
          image = decoded.image
        } else {
          image = try self.image(at: entry.frame)
        }
        decoded = (entry.frame, image)
        try encoder.append(AnimatedPNG.Frame(image: image, duration: entry.duration))
        progress?(done + 1, timeline.entries.count)
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
