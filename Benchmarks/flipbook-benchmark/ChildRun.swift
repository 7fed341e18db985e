import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// MARK: - ChildRun

/// One program run as a child process, measured from outside: wall time and the child's own peak
/// resident memory (wait4's rusage, so neither the benchmark's memory nor another child's counts).
struct ChildRun {
  var seconds: Double
  /// Peak resident set size in MiB (ru_maxrss).
  var peakMiB: Double

  /// Runs `arguments[0]` (a path, or a name looked up on PATH) with its output discarded; throws
  /// when it cannot start or exits with a failure.
  static func run(_ arguments: [String]) throws -> ChildRun {
    var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let clock = ContinuousClock()
    let start = clock.now
    var pid: pid_t = 0
    let status = posix_spawnp(&pid, arguments[0], &actions, nil, &argv, environ)
    guard status == 0 else { throw ChildError("\(arguments[0]): cannot start (\(String(cString: strerror(status))))") }
    var exit: Int32 = 0
    var usage = rusage()
    while wait4(pid, &exit, 0, &usage) < 0 && errno == EINTR {}
    let elapsed = clock.now - start
    guard exit == 0 else { throw ChildError("\(arguments.joined(separator: " ")) failed (status \(exit))") }
    return ChildRun(
      seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
      peakMiB: Double(usage.ru_maxrss) / 1024)
  }

  /// Whether `name` is an executable on PATH.
  static func available(_ name: String) -> Bool {
    (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
      access("\($0)/\(name)", X_OK) == 0
    }
  }
}

struct ChildError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
