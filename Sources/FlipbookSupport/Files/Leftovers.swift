import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// MARK: - Leftovers

/// Temporaries that a killed run left beside its target, found by their name (`TemporaryName`) and
/// removed by the next run that writes the same target.
///
/// A temporary is a leftover only when the process in its name is gone: `kill(pid, 0)` fails with ESRCH,
/// or the process is a zombie (it has ended and can write nothing more). A live process's temporaries are
/// never touched, whoever owns them, so two runs writing one target do not undo each other; a pid that
/// has been reused by an unrelated live process keeps its leftover until that process ends too (a kept
/// leftover is untidy, a removed live temporary is a broken render). Temporaries carrying this process's
/// own pid are leftovers unless `InFlight` holds them: an earlier process had the same pid (common in
/// containers, where pids start afresh).
///
/// A dead run's `previous` folder with no target beside it was killed between the two renames of
/// `FolderSwap`'s fallback: it is the earlier output, and it is renamed back to the target, not removed.
///
/// Processes are looked up in this machine's process table (this pid namespace): a temporary written
/// from another container into a shared folder looks dead.
public enum Leftovers {
  /// Removes the leftovers of the target at `path` and returns their paths, spelled as `path` is. They
  /// are also reported to the `collecting(_:)` that encloses the call, if any.
  @discardableResult
  public static func remove(besideTarget path: String) -> [String] {
    let (folder, name) = TemporaryName.split(path)
    guard !name.isEmpty,
      let entries = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)
    else { return [] }
    var removed: [String] = []
    for entry in entries.sorted() where entry.hasPrefix(".\(name).") {
      guard let temporary = TemporaryName(parsing: entry), temporary.target == name else { continue }
      let candidate = folder + entry
      let abandoned = temporary.pid == getpid() ? !InFlight.contains(candidate) : hasEnded(temporary.pid)
      guard abandoned else { continue }
      // Killed between the two renames of FolderSwap's fallback: the earlier output goes back in place.
      // (A plain rename: a file system without the exchange may lack RENAME_NOREPLACE too.)
      if temporary.tag == "previous", access(path, F_OK) != 0, rename(candidate, path) == 0 { continue }
      guard (try? FileManager.default.removeItem(atPath: candidate)) != nil else { continue }
      removed.append(candidate)
    }
    if !removed.isEmpty { collector?.add(removed) }
    return removed
  }

  /// Runs `body` and returns, with its value, every leftover removed on this thread while it ran; the CLI
  /// uses it to say what it removed.
  public static func collecting<T>(_ body: () -> T) -> (value: T, removed: [String]) {
    let found = Collector()
    let value = $collector.withValue(found) { body() }
    return (value, found.paths)
  }

  /// The one line the CLI prints about what `collecting(_:)` found, or nil for none: "Removed 2
  /// leftovers of an interrupted run: out/.ego.812.partial.tmp, out/.ego.812.previous.tmp".
  public static func notice(_ removed: [String]) -> String? {
    guard !removed.isEmpty else { return nil }
    var names = removed.prefix(noticeNames).joined(separator: ", ")
    if removed.count > noticeNames { names += " and \(removed.count - noticeNames) more" }
    let noun = removed.count == 1 ? "leftover" : "leftovers"
    return "Removed \(removed.count) \(noun) of an interrupted run: \(names)"
  }

  /// Paths named in the notice, which must stay one line however many files a run left.
  static let noticeNames = 5

  /// Whether process `pid` has ended: it does not exist, or it is a zombie.
  static func hasEnded(_ pid: pid_t) -> Bool {
    if kill(pid, 0) != 0 { return errno == ESRCH }
    return isZombie(pid)
  }

  /// A zombie's state in `/proc/PID/stat` is `Z`, the field after the parenthesised command name (which
  /// may itself contain spaces and parentheses, so the last `)` ends it).
  private static func isZombie(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return false }
    return stat[stat.index(after: close)...].split(separator: " ").first == "Z"
  }

  @TaskLocal private static var collector: Collector?

  private final class Collector: @unchecked Sendable {
    private let lock = NSLock()
    private var found: [String] = []

    func add(_ paths: [String]) { lock.withLock { found += paths } }
    var paths: [String] { lock.withLock { found } }
  }
}
