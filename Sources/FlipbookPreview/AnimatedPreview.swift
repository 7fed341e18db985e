import FlipbookGraphics
import FlipbookImageFormats
import FlipbookSupport
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
    timing: PreviewTiming = .init(), loopCount: Int = 0, options: PNGOptions = .balanced,
    jobs: Int = ProcessInfo.processInfo.activeProcessorCount, progress: ((Int, Int) -> Void)? = nil
  ) throws(PreviewError) -> Data {
    var body: [UInt8] = []
    let (head, tail) = try encodeAnimatedPNG(
      timing: timing, loopCount: loopCount, options: options, jobs: jobs, progress: progress
    ) { (encoder) throws(PreviewError) in body += encoder.takeBody() }
    return Data(head + body + tail)
  }

  /// Writes the animated PNG `animatedPNG` builds to `path`, streaming: each megabyte of frame chunks
  /// goes to a temporary file beside `path` as soon as it is deflated, after space reserved for the
  /// header, which is written last (acTL's frame count is known only then); the file is then renamed
  /// into place. Memory does not grow with the number of frames or the size of the file.
  public func writeAnimatedPNG(
    toFile path: String, timing: PreviewTiming = .init(), loopCount: Int = 0, options: PNGOptions = .balanced,
    jobs: Int = ProcessInfo.processInfo.activeProcessorCount, progress: ((Int, Int) -> Void)? = nil
  ) throws(PreviewError) {
    func failure(_ error: FileError) -> PreviewError { .writing(path, error) }
    let stream: AtomicFileStream
    do {
      stream = try AtomicFileStream(path: path)
      try stream.write([UInt8](repeating: 0, count: AnimatedPNG.Encoder.headByteCount))
    } catch {
      throw failure(error)
    }
    // If encoding fails, releasing `stream` removes its temporary file; `path` is left as it was.
    let parts = try encodeAnimatedPNG(
      timing: timing, loopCount: loopCount, options: options, jobs: jobs, progress: progress
    ) { (encoder) throws(PreviewError) in
      do throws(FileError) { try stream.write(encoder.takeBody()) } catch { throw failure(error) }
    }
    do {
      try stream.write(parts.tail)
      try stream.overwrite(parts.head, at: 0)
      try stream.commit()
    } catch {
      throw failure(error)
    }
  }

  /// How many bytes of frame chunks `writeAnimatedPNG` gathers before writing them: large enough for
  /// few system calls, small enough to be nothing next to a frame's pixels.
  static let streamedChunkBytes = 1 << 20

  /// The encoding loop shared by `animatedPNG` and `writeAnimatedPNG`: `drain` is given the encoder
  /// after each frame and once more at the end, to take the body written so far.
  private func encodeAnimatedPNG(
    timing: PreviewTiming, loopCount: Int, options: PNGOptions, jobs: Int, progress: ((Int, Int) -> Void)?,
    drain: (inout AnimatedPNG.Encoder) throws(PreviewError) -> Void
  ) throws(PreviewError) -> (head: [UInt8], tail: [UInt8]) {
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
        if encoder.bodyByteCount >= Self.streamedChunkBytes { try drain(&encoder) }
        progress?(done + 1, timeline.entries.count)
      }
      let parts = try encoder.finishParts()
      try drain(&encoder)
      return parts
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
    throw PreviewError.writing(path, error)
  }
}

extension PreviewError {
  /// A preview file that could not be written: `PATH: cannot write (reason)`.
  static func writing(_ path: String, _ error: GraphicsError) -> PreviewError {
    guard case .file(_, let reason) = error else { return PreviewError("\(path): cannot write (\(error))") }
    return PreviewError("\(path): cannot write (\(reason))")
  }

  /// The same for a safe-file helper's failure (creating, writing or renaming the file).
  static func writing(_ path: String, _ error: FileError) -> PreviewError {
    writing(path, GraphicsError(error))
  }
}
