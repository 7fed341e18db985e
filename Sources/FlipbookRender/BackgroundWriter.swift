import Foundation

// MARK: - BackgroundWriter

/// Writes a batch's files on a serial queue while the next batch is simulated, rasterized and encoded:
/// file writes (0.3 ms each, mostly in the kernel) then overlap the work of the cores instead of adding
/// to it. Files are written in the order given, one batch at most in flight beyond the current one, and
/// the first failure is kept and reported at the next `wait()`. A render of one job writes on the calling
/// thread instead, before `enqueue` returns (`inBackground` false), so that it uses one core.
final class BackgroundWriter: @unchecked Sendable {
  /// Nil when writing on the calling thread (a render of one job, which is one thread).
  private let queue: DispatchQueue?
  private let group = DispatchGroup()
  private let lock = NSLock()
  private var failure: RenderError?
  private var bytes = 0
  private var seconds = 0.0
  // The folder is a value with two paths; it is only read here.
  private let folder: OutputFolder

  /// A writer into `folder`, on a queue of its own when `inBackground`, else on the calling thread.
  init(folder: OutputFolder, inBackground: Bool = true) {
    self.folder = folder
    queue = inBackground ? DispatchQueue(label: "flipbook.frame-writer") : nil
  }

  /// Queues `files` (name, bytes) to be written in order; without a queue, writes them before returning.
  func enqueue(_ files: [(name: String, data: Data)]) {
    guard let queue else { return write(files) }
    queue.async(group: group) { [self] in write(files) }
  }

  private func write(_ files: [(name: String, data: Data)]) {
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
