import FlipbookLive
import Foundation

/// A `flipbook watch` started in the background: its URL line, its event stream, its stderr, and a
/// signal to end it.
final class WatchRun {
  /// How long a test waits for the watch to start or a render to land before it fails: generous, for a
  /// debug build on a loaded 2-core machine (the 1 s promise is checked separately, on the time measured).
  static let patience: Duration = .seconds(60)

  struct Timeout: Error, CustomStringConvertible {
    let description: String
  }

  private let process = Process()
  private let scratch: URL
  private let stdoutURL: URL
  private let stderrURL: URL
  /// The port from the URL line.
  private(set) var port: UInt16 = 0

  /// Starts `flipbook watch` with `arguments`, in `directory` (default: the test's own), and waits for its
  /// URL line.
  init(_ arguments: [String], in directory: URL? = nil) throws {
    scratch = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-watch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    stdoutURL = scratch.appendingPathComponent("stdout")
    stderrURL = scratch.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
    process.executableURL = try FlipbookBinary.url()
    process.arguments = ["watch"] + arguments
    if let directory { process.currentDirectoryURL = directory }
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try FileHandle(forWritingTo: stdoutURL)
    process.standardError = try FileHandle(forWritingTo: stderrURL)
    try process.run()
    let line = try wait(for: "the URL line") { self.stdout.split(separator: "\n").first.map(String.init) }
    guard let range = line.range(of: #"http://127\.0\.0\.1:[0-9]+/"#, options: .regularExpression),
      let port = UInt16(line[range].dropFirst("http://127.0.0.1:".count).dropLast())
    else { throw Timeout(description: "no URL in the first line: \(line)") }
    self.port = port
  }

  deinit {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    try? FileManager.default.removeItem(at: scratch)
  }

  var stdout: String { (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? "" }
  var stderr: String { (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "" }
  var url: String { "http://127.0.0.1:\(port)/" }

  /// Polls `value` every few milliseconds until it is non-nil or the run ends.
  func wait<T>(for what: String, _ value: () -> T?) throws -> T {
    let deadline = ContinuousClock.now + Self.patience
    while true {
      if let found = value() { return found }
      guard process.isRunning else { throw Timeout(description: "the watch ended before \(what): \(stderr)") }
      guard ContinuousClock.now < deadline else { throw Timeout(description: "no \(what) within \(Self.patience)") }
      usleep(2000)
    }
  }

  /// Sends `signal`, waits for the end, and returns the exit code (nil if a signal killed it).
  func interrupt(with signal: Int32) throws -> Int32? {
    kill(process.processIdentifier, signal)
    _ = try wait(for: "the end after signal \(signal)") { () -> Bool? in process.isRunning ? nil : true }
    return process.terminationReason == .exit ? process.terminationStatus : nil
  }

  var isRunning: Bool { process.isRunning }
}

/// A page's view of the watch: the event stream, read up to the render generation wanted.
extension LoopbackClient.Events {
  /// The generation in a `render` event's data, `{"generation": 2}`.
  static func generation(of data: String) -> Int? {
    guard let digits = data.split(separator: ":").last?.filter(\.isNumber) else { return nil }
    return Int(digits)
  }

  /// Reads events until a `render` event with `generation`; returns the events before it.
  func awaitRender(_ generation: Int) -> [(name: String, data: String)]? {
    var before: [(name: String, data: String)] = []
    while let event = next() {
      if event.name == "render", Self.generation(of: event.data) == generation { return before }
      before.append(event)
    }
    return nil
  }
}

/// Writes `text` the way an editor saves (vim, VS Code): a temporary file beside `path`, renamed over it.
func saveByRename(_ text: String, to path: String) throws {
  let temporary = (path as NSString).deletingLastPathComponent + "/.\((path as NSString).lastPathComponent).swp"
  try text.write(toFile: temporary, atomically: false, encoding: .utf8)
  guard rename(temporary, path) == 0 else { throw CocoaError(.fileWriteUnknown) }
}
