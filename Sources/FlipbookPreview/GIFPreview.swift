import FlipbookGraphics
import FlipbookImageFormats
import FlipbookSupport
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
  /// opaque become clear. Frames are read twice (once for the palette, once to map them to it), a few
  /// at a time, on `jobs` threads; the bytes are the same for any. `progress(done, total)` is called on
  /// the calling thread as frames are read, over both passes.
  public func gif(
    timing: PreviewTiming = .init(), loopCount: Int = 0, dithering: Bool = true,
    jobs: Int = ProcessInfo.processInfo.activeProcessorCount, progress: ((Int, Int) -> Void)? = nil
  ) throws(PreviewError) -> Data {
    var bytes: [UInt8] = []
    try encodeGIF(timing: timing, loopCount: loopCount, dithering: dithering, jobs: jobs, progress: progress) {
      (piece) throws(PreviewError) in bytes += piece
    }
    return Data(bytes)
  }

  /// Writes the GIF `gif` builds to `path` as it is made (through a temporary sibling renamed into
  /// place), so the file never waits in memory.
  public func writeGIF(
    toFile path: String, timing: PreviewTiming = .init(), loopCount: Int = 0, dithering: Bool = true,
    jobs: Int = ProcessInfo.processInfo.activeProcessorCount, progress: ((Int, Int) -> Void)? = nil
  ) throws(PreviewError) {
    let stream: AtomicFileStream
    do {
      stream = try AtomicFileStream(path: path)
    } catch {
      throw .writing(path, error)
    }
    // If encoding fails, releasing `stream` removes its temporary file; `path` is left as it was.
    try encodeGIF(timing: timing, loopCount: loopCount, dithering: dithering, jobs: jobs, progress: progress) {
      (piece) throws(PreviewError) in
      do throws(FileError) { try stream.write(piece) } catch { throw .writing(path, error) }
    }
    do {
      try stream.commit()
    } catch {
      throw .writing(path, error)
    }
  }

  private func encodeGIF(
    timing: PreviewTiming, loopCount: Int, dithering: Bool, jobs: Int, progress: ((Int, Int) -> Void)?,
    write: ([UInt8]) throws(PreviewError) -> Void
  ) throws(PreviewError) {
    let entries = GIFTiming.centiseconds(try timeline(timing.withDefaultFPS(Self.gifDefaultFPS)))
    let shown = Self.mergingRepeats(entries)
    // Progress in the timeline's entries, as the other previews count it: merged entry i ends at
    // ends[i] of them.
    var ends: [Int] = [0]
    var entry = 0
    for merged in shown {
      var ticks = 0
      while ticks < merged.ticks {
        ticks += entries[entry].ticks
        entry += 1
      }
      ends.append(entry)
    }
    var options = GIF.Options()
    options.loopCount = loopCount
    options.dithering = dithering
    // A frame that cannot be read, or a write that fails, stops the encoder; its own error is reported.
    let unreadable = FirstError()
    var unwritable: PreviewError?
    let sequence = self
    do {
      try GIF.encode(
        frameCount: shown.count, options: options, jobs: jobs,
        progress: progress.map { report in { done, _ in report(ends[done], entries.count) } }
      ) {
        (index: Int) throws(GraphicsError) in
        do throws(PreviewError) {
          return (try sequence.image(at: shown[index].frame), shown[index].ticks)
        } catch {
          unreadable.record(error, at: index)
          throw GraphicsError.gifEncode(reason: error.description)
        }
      } write: { (piece) throws(GraphicsError) in
        do throws(PreviewError) { try write(piece) } catch {
          unwritable = error
          throw GraphicsError.gifEncode(reason: error.description)
        }
      }
    } catch {
      throw unwritable ?? unreadable.error ?? PreviewError("cannot write the GIF: \(error)")
    }
  }

  /// Consecutive entries that show the same frame, as one entry with their summed delay (while it fits
  /// GIF's 16-bit delay): the encoder would merge their identical pixels anyway, in the same way, but
  /// this way the frame is decoded once.
  static func mergingRepeats(_ shown: [(frame: Int, ticks: Int)]) -> [(frame: Int, ticks: Int)] {
    var merged: [(frame: Int, ticks: Int)] = []
    for entry in shown {
      if let last = merged.last, last.frame == entry.frame,
        last.ticks + entry.ticks <= GIFTiming.maximumCentiseconds
      {
        merged[merged.count - 1].ticks += entry.ticks
      } else {
        merged.append(entry)
      }
    }
    return merged
  }
}

/// The error of the earliest frame that could not be read, whichever thread read it, so the report
/// does not depend on the number of threads.
private final class FirstError: @unchecked Sendable {
  private let lock = NSLock()
  private var first: (index: Int, error: PreviewError)?

  func record(_ error: PreviewError, at index: Int) {
    lock.lock()
    defer { lock.unlock() }
    if first.map({ index < $0.index }) ?? true { first = (index, error) }
  }

  var error: PreviewError? {
    lock.lock()
    defer { lock.unlock() }
    return first?.error
  }
}
