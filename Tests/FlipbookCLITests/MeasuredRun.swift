import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs the built `flipbook` as a child and measures it: exit status, wall time and peak resident
/// memory. The memory comes from GNU time's `%M`, not from our own `wait4`: `posix_spawn` starts the
/// child in the test process's address space (CLONE_VM), and Linux keeps that space's high-water mark
/// in the child's `ru_maxrss` across `exec`, so a direct child of a 150 MB test process reads 150 MB.
/// `time` forks its child from its own small process. A child still running at the deadline is killed
/// with its process group, so a hang fails one check instead of stopping the suite.
struct MeasuredRun {
  /// How long a child may run before it is killed: past the corpus's 2 s limit, so a slow run is
  /// reported as slow and only a hang is cut short.
  static let killDeadline: Duration = .seconds(3)

  /// The exit code, or 128 + the signal for a child that died by one (as a shell reports it).
  var exitCode: Int32
  var signal: Int32?
  var stderr: String
  var seconds: Double
  /// Peak resident memory in bytes.
  var peakMemory: Int
  var wasKilled: Bool

  struct SpawnFailed: Error, CustomStringConvertible {
    let code: Int32
    var description: String { "posix_spawn failed: \(String(cString: strerror(code)))" }
  }

  /// GNU time (Debian's `time` package).
  static let gnuTime = "/usr/bin/time"

  /// The last line of GNU time's report: the peak resident set in kilobytes.
  static func reportedKilobytes(_ path: String) -> Int? {
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
  }

  static func run(_ arguments: [String], in directory: URL) throws -> MeasuredRun {
    let executable = try FlipbookBinary.url().path
    let stderrPath = directory.appendingPathComponent("stderr").path
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let memoryPath = directory.appendingPathComponent("peak-memory").path
    let timed = FileManager.default.isExecutableFile(atPath: Self.gnuTime)
    let command = timed ? [Self.gnuTime, "-f", "%M", "-o", memoryPath, executable] : [executable]
    let argv = (command + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
    posix_spawnattr_setpgroup(&attributes, 0)
    var pid: pid_t = 0
    let clock = ContinuousClock()
    let start = clock.now
    let spawned = posix_spawn(&pid, command[0], &actions, &attributes, argv, environ)
    guard spawned == 0 else { throw SpawnFailed(code: spawned) }

    var status: Int32 = 0
    var usage = rusage()
    var killed = false
    while wait4(pid, &status, WNOHANG, &usage) == 0 {
      if !killed && clock.now - start > killDeadline {
        kill(-pid, SIGKILL)
        killed = true
      }
      usleep(5_000)
    }
    let elapsed = clock.now - start
    let signal = status & 0x7f
    return MeasuredRun(
      exitCode: signal == 0 ? (status >> 8) & 0xff : 128 + signal,
      signal: signal == 0 ? nil : signal,
      stderr: (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "",
      seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
      peakMemory: (timed ? Self.reportedKilobytes(memoryPath) : nil).map { $0 * 1024 } ?? usage.ru_maxrss * 1024,
      wasKilled: killed)
  }
}
