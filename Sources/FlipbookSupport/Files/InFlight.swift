import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// MARK: - InFlight

/// The temporaries this process has created and not yet renamed or removed, and the child processes
/// writing into them, so that an interrupted run can remove exactly its own debris (`interrupt()`).
///
/// Every creation of a temporary (and of each file inside a partial folder) happens inside the
/// registry's lock, together with its registration. `interrupt()` takes the lock and never gives it
/// back, so once it has the list no writer can create anything more: what it removes is everything
/// there is. Steps that must not be cut in two (the folder swap) run inside the lock too
/// (`uninterrupted(_:)`), so an interruption sees the state before them or after, never between.
public enum InFlight {
  /// Recursive, so that a step run `uninterrupted` can create and record temporaries itself.
  private static let lock = NSRecursiveLock()
  nonisolated(unsafe) private static var paths: Set<String> = []
  nonisolated(unsafe) private static var children: Set<pid_t> = []
  nonisolated(unsafe) private static var interrupted = false

  /// How long `interrupt()` waits for a killed child to end before removing the files anyway: SIGKILL
  /// cannot be refused, but a child stuck in the kernel (a hung network file system) must not hang us.
  static let childExitWait: Duration = .seconds(2)
  /// Attempts at removing a folder, which the thread writing files may still be adding one to at the moment of
  /// the interruption (the file lands between the listing and the rmdir); the lock stops further ones.
  static let folderRemovalAttempts = 5

  /// Records `path` as in flight and runs `create`, which creates it, as one step. Returns nil, without
  /// calling `create`, once the process is being interrupted. Call `finished(_:)` when the temporary
  /// has been renamed into place or removed (or was not created after all).
  public static func creating<T>(_ path: String, _ create: () -> T) -> T? {
    lock.lock()
    defer { lock.unlock() }
    guard !interrupted else { return nil }
    paths.insert(key(path))
    return create()
  }

  /// Runs `create`, which creates something inside a temporary in flight (a frame in a partial folder),
  /// so that an interruption's removal of the temporary cannot miss it. Returns nil, without calling
  /// `create`, once the process is being interrupted.
  public static func unlessInterrupted<T>(_ create: () -> T) -> T? {
    lock.lock()
    defer { lock.unlock() }
    guard !interrupted else { return nil }
    return create()
  }

  /// The temporary at `path` is no longer this process's to clean up.
  public static func finished(_ path: String) {
    lock.withLock { _ = paths.remove(key(path)) }
  }

  /// Whether `path` is one of this process's temporaries in flight.
  public static func contains(_ path: String) -> Bool {
    lock.withLock { paths.contains(key(path)) }
  }

  /// Starts a child process with `launch` (which returns its pid) and records it, as one step, so that an
  /// interruption kills it. Returns false, without calling `launch`, once the process is being
  /// interrupted.
  public static func launching<E: Error>(_ launch: () throws(E) -> pid_t) throws(E) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    guard !interrupted else { return false }
    children.insert(try launch())
    return true
  }

  /// The child `pid` has ended.
  public static func exited(_ pid: pid_t) {
    lock.withLock { _ = children.remove(pid) }
  }

  /// Runs `body` so that no interruption happens in the middle of it: `interrupt()` waits for it.
  public static func uninterrupted<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }

  /// For a signal handler's thread, just before the process exits: stops every further creation (and
  /// every `uninterrupted` step: whoever waits for the lock waits for the exit), kills the children and
  /// removes every temporary in flight. Returns the paths it removed. Never returns the lock.
  @discardableResult
  public static func interrupt() -> [String] {
    lock.lock()
    interrupted = true
    for child in children {
      kill(child, SIGKILL)
      waitForExit(child)
    }
    var removed: [String] = []
    for path in paths.sorted() where remove(path) { removed.append(path) }
    return removed
  }

  /// Removes a file or a whole folder; true if something was removed.
  private static func remove(_ path: String) -> Bool {
    if unlink(path) == 0 { return true }
    guard errno == EISDIR else { return false }
    for _ in 0..<folderRemovalAttempts {
      if (try? FileManager.default.removeItem(atPath: path)) != nil { return true }
      if access(path, F_OK) != 0 { return true }
    }
    return false
  }

  /// Reaps a killed child, or gives up after `childExitWait`.
  private static func waitForExit(_ child: pid_t) {
    let deadline = ContinuousClock.now + childExitWait
    while ContinuousClock.now < deadline {
      let result = waitpid(child, nil, WNOHANG)
      // ECHILD: Foundation's Process reaped it first, so it has ended.
      if result == child || (result < 0 && errno != EINTR) { return }
      usleep(1000)
    }
  }

  /// Paths are kept absolute and standardized, so that `out/x` and `./out/x` are one temporary.
  private static func key(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.path
  }
}
