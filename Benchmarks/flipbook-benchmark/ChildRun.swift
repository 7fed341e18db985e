import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// MARK: - ChildRun

/// One program run as a child process, measured from outside: wall time and the child's own peak
/// resident memory (its VmHWM, so neither the benchmark's memory nor another child's counts).
struct ChildRun {
  var seconds: Double
  /// Peak resident set size in MiB (VmHWM).
  var peakMiB: Double
  /// User plus system CPU time of the child and its threads: on a shared machine a program with more
  /// threads than cores gets a larger share of them, so wall time alone favours it.
  var cpuSeconds: Double = 0
  /// What a child of this benchmark's own reported of itself, by name (`report(_:_:)`).
  var reported: [String: Double] = [:]

  /// The environment variable naming the file a child of this benchmark reports figures of its own to, a
  /// line each (`report(_:_:)`), its peak memory last as it exits (`reportPeakIfAsked()`).
  static let reportFileVariable = "FLIPBOOK_BENCH_REPORT_FILE"

  /// Runs `arguments[0]` (a path, or a name looked up on PATH) with its output discarded (and its
  /// messages too when `quiet`: img2webp reports on stderr); throws when it cannot start or exits with a failure.
  ///
  /// A child of this benchmark's own (`ownChild`) reports its peak memory itself as it exits (and other
  /// figures of its own, in `reported`), and the wait
  /// for it is a plain one. Another program's peak is sampled from /proc every millisecond while it runs,
  /// and that sampling takes a core's time away from the child now and then: a fraction of a core for a
  /// child that uses one, but a share of its own time for one that uses every core, as Flipbook's do.
  static func run(_ arguments: [String], quiet: Bool = false, ownChild: Bool = false) throws -> ChildRun {
    var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    if quiet { posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    // Only an own child is given the report file, fresh (the children run one at a time).
    let reportFile = FileManager.default.temporaryDirectory.appendingPathComponent(
      "flipbook-bench-report-\(getpid())"
    ).path
    var environment = ProcessInfo.processInfo.environment
    if ownChild {
      unlink(reportFile)
      environment[reportFileVariable] = reportFile
    }
    var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { envp.forEach { free($0) } }
    defer { if ownChild { unlink(reportFile) } }
    let clock = ContinuousClock()
    let start = clock.now
    var pid: pid_t = 0
    let status = posix_spawnp(&pid, arguments[0], &actions, nil, &argv, &envp)
    guard status == 0 else { throw ChildError("\(arguments[0]): cannot start (\(String(cString: strerror(status))))") }
    var exit: Int32 = 0
    var usage = rusage()
    var peakKiB = 0
    while true {
      // Linux carries the spawning process's peak into a child's ru_maxrss across exec (the child
      // starts as a copy of this process's memory), so wait4's figure would be at least this
      // benchmark's own peak. The child's VmHWM (its high-water mark since exec) is its own.
      if !ownChild { peakKiB = max(peakKiB, highWaterKiB(of: pid)) }
      let reaped = wait4(pid, &exit, ownChild ? 0 : WNOHANG, &usage)
      if reaped == pid { break }
      if reaped < 0 && errno != EINTR { throw ChildError("\(arguments[0]): wait4 failed") }
      if !ownChild { usleep(1000) }
    }
    let elapsed = clock.now - start
    guard exit == 0 else { throw ChildError("\(arguments.joined(separator: " ")) failed (status \(exit))") }
    var reported: [String: Double] = [:]
    if ownChild {
      let lines = ((try? String(contentsOfFile: reportFile, encoding: .utf8)) ?? "").split(separator: "\n")
      for line in lines {
        let parts = line.split(separator: " ")
        if parts.count == 2, let value = Double(parts[1]) { reported[String(parts[0])] = value }
      }
      guard let kiB = reported[peakKey] else {
        throw ChildError("\(arguments.joined(separator: " ")) did not report its peak memory")
      }
      peakKiB = Int(kiB)
    }
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return ChildRun(
      seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
      peakMiB: Double(peakKiB) / 1024, cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime),
      reported: reported)
  }

  /// The name of a child's peak memory, in KiB, in its report.
  static let peakKey = "peakKiB"

  /// In a child run with `ownChild`, reports `value` under `name` (one word) to its parent; else nothing.
  static func report(_ name: String, _ value: Double) {
    guard let path = getenv(reportFileVariable), let file = fopen(path, "a") else { return }
    fputs("\(name) \(value)\n", file)
    fclose(file)
  }

  /// In a child run with `ownChild`, reports its own VmHWM; call it last, as it exits.
  static func reportPeakIfAsked() { report(peakKey, Double(highWaterKiB(of: getpid()))) }

  /// A running process's VmHWM in KiB (0 once it has exited).
  static func highWaterKiB(of pid: pid_t) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
    }
    return 0
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
