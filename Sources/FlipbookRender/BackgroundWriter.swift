import Foundation

// MARK: - BackgroundWriter

/// Writes a batch's files on a serial queue while the next batch is simulated, rasterized and encoded:
/// file writes (0.3 ms each, mostly in the kernel) then overlap the work of the cores instead of adding
/// to it. Files are written in the order given, one batch at most in flight beyond the current one, and
/// the first failure is kept and reported at the next `wait()`.
final class BackgroundWriter: @unchecked Sendable {
  private let queue = DispatchQueue(label: "flipbook.frame-writer")
  private let group = DispatchGroup()
  private let lock = NSLock()
  private var failure: RenderError?
  private var bytes = 0
  private var seconds = 0.0
  // The folder is a value with two paths; it is only read here.
  private let folder: OutputFolder

  init(folder: OutputFolder) { self.folder = folder }

  /// Queues `files` (name, bytes) to be written in order.
  func enqueue(_ files: [(name: String, data: Data)]) {
    queue.async(group: group) { [self] in
      let watch = Stopwatch()
      var written = 0
      var firstError: RenderError?
      for file in files where firstError == nil {
        do throws(RenderError) {
          written += try folder.write(file.data, named: file.name)
        } catch {
          firstError = error
        }
      }
      lock.lock()
      bytes += written
      seconds += watch.seconds
      if failure == nil { failure = firstError }
      lock.unlock()
    }
  }

  /// Waits for everything queued; throws the first failure. Returns bytes written and seconds spent.
  func wait() throws(RenderError) -> (bytes: Int, seconds: Double) {
    group.wait()
    lock.lock()
    defer {
      bytes = 0
      seconds = 0
      lock.unlock()
    }
    if let failure { throw failure }
    return (bytes, seconds)
  }
}
