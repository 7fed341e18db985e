import Foundation

/// A `flipbook` run started in the background, to be interrupted by a signal at a chosen moment.
final class BackgroundRun {
  /// How long a test waits for a moment to come (a frame to appear, the run to end) before it fails: a
  /// render of the longest example takes a few seconds on a loaded 2-core machine.
  static let patience: Duration = .seconds(120)

  struct Timeout: Error, CustomStringConvertible {
    let description: String
  }

  private let process = Process()
  private let scratch: URL
  private let stderrURL: URL

  init(_ arguments: [String]) throws {
    scratch = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-bg-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    stderrURL = scratch.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
    process.executableURL = try FlipbookBinary.url()
    process.arguments = arguments
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = try FileHandle(forWritingTo: stderrURL)
    try process.run()
  }

  deinit {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    try? FileManager.default.removeItem(at: scratch)
  }

  var pid: pid_t { process.processIdentifier }

  /// Waits until `moment` is true (polled every few milliseconds), or (unless `orUntilEnded` is false)
  /// the run has ended, in which case the moment never came.
  func wait(for what: String, orUntilEnded: Bool = true, until moment: () -> Bool) throws {
    let deadline = ContinuousClock.now + Self.patience
    while !moment() {
      guard process.isRunning || !orUntilEnded else { throw Timeout(description: "the run ended before \(what)") }
      guard ContinuousClock.now < deadline else { throw Timeout(description: "no \(what) within \(Self.patience)") }
      usleep(2000)
    }
  }

  /// Sends `signal` and waits for the run to end; returns how it ended: the exit code, or the signal
  /// that killed it, and its stderr.
  func interrupt(with signal: Int32) throws -> (exitCode: Int32?, killedBy: Int32?, stderr: String) {
    kill(pid, signal)
    let deadline = ContinuousClock.now + Self.patience
    while process.isRunning {
      guard ContinuousClock.now < deadline else { throw Timeout(description: "the run outlived signal \(signal)") }
      usleep(2000)
    }
    let stderr = (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? ""
    let exited = process.terminationReason == .exit
    return (exited ? process.terminationStatus : nil, exited ? nil : process.terminationStatus, stderr)
  }

  /// The pids of this run's child processes (ffmpeg), from `/proc`.
  func children() -> [pid_t] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { pid_t($0) }.filter { candidate in
      guard let stat = try? String(contentsOfFile: "/proc/\(candidate)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return false }
      // After the command name: state, then the parent's pid.
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      return fields.count > 1 && pid_t(fields[1]) == pid
    }
  }
}

/// Every file under `folder`, by relative path, with its bytes: an output compared byte for byte.
func snapshotOfFolder(_ folder: String) throws -> [String: Data] {
  var files: [String: Data] = [:]
  let enumerator = FileManager.default.enumerator(atPath: folder)
  while let name = enumerator?.nextObject() as? String {
    var isDirectory: ObjCBool = false
    let path = folder + "/" + name
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
      continue
    }
    files[name] = try Data(contentsOf: URL(fileURLWithPath: path))
  }
  return files
}
