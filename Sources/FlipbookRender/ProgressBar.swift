import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: - ProgressBar

/// A one-line progress bar on stderr, redrawn in place with `\r`:
///
///     [##############..............]  120/240 frames  2.1 s
///
/// It draws only for a person watching a terminal: when stderr is a TTY, the environment has no `CI`
/// variable (CI logs keep every `\r` frame as a line of noise) and the user did not ask for quiet. In
/// every other case it prints nothing at all, so redirected output and logs stay clean. The decision
/// and the output are injectable so tests can check both without a terminal.
///
/// Work other than rendering (a preview being encoded, frame pairs being compared) names itself with
/// `title` and counts its own `unit`: `GIF  [####......]  12/60 frames  0.4 s`.
public final class ProgressBar {
  /// Whether anything will be drawn; decided once, at creation.
  public let isEnabled: Bool
  /// Characters between the brackets.
  public let width: Int
  /// Printed before the bar, so one of several bars in a row says what it measures; may be empty.
  public let title: String
  /// What is counted: "frames" for a render.
  public let unit: String
  private let output: (String) -> Void
  /// Length of the last line drawn, so a shorter line can blank out the longer one's tail.
  private var lastLength = 0
  /// When the bar was made: the elapsed time for callers that count items but keep no clock.
  private let started = ContinuousClock.now

  /// - Parameters:
  ///   - quiet: the user asked for no progress output.
  ///   - isTTY: whether stderr is a terminal; by default asked of the real stderr.
  ///   - environment: by default the process's.
  ///   - output: where text goes; by default stderr, unbuffered.
  public init(
    quiet: Bool = false, isTTY: Bool = isatty(2) != 0,
    environment: [String: String] = ProcessInfo.processInfo.environment, width: Int = 30,
    title: String = "", unit: String = "frames",
    output: @escaping (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }
  ) {
    isEnabled = Self.shouldDraw(quiet: quiet, isTTY: isTTY, environment: environment)
    self.width = max(1, width)
    self.title = title
    self.unit = unit
    self.output = output
  }

  /// The rule above, on its own so it can be tested directly.
  static func shouldDraw(quiet: Bool, isTTY: Bool, environment: [String: String]) -> Bool {
    !quiet && isTTY && environment["CI"] == nil
  }

  /// Redraws the bar; pass it as the pipeline's `progress` callback.
  public func update(_ progress: FrameProgress) {
    guard isEnabled else { return }
    let line = (title.isEmpty ? "" : title + "  ") + Self.line(for: progress, width: width, unit: unit)
    let padding = String(repeating: " ", count: max(0, lastLength - line.count))
    lastLength = line.count
    output("\r" + line + padding)
  }

  /// Redraws the bar for `done` of `total` items, timed from the bar's creation; the shape of a
  /// `(Int, Int) -> Void` progress callback.
  public func update(done: Int, of total: Int) {
    let elapsed = started.duration(to: .now)
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    update(FrameProgress(framesDone: done, total: total, elapsedSeconds: seconds))
  }

  /// Ends the line the bar was drawn on, so what is printed next starts on a fresh line.
  public func finish() {
    guard isEnabled, lastLength > 0 else { return }
    output("\n")
    lastLength = 0
  }

  /// The bar's text for `progress`, without `\r`.
  static func line(for progress: FrameProgress, width: Int, unit: String = "frames") -> String {
    let filled = Int((progress.fraction * Double(width)).rounded(.down))
    let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
    let seconds = String(format: "%.1f", progress.elapsedSeconds)
    return "[\(bar)]  \(progress.framesDone)/\(progress.total) \(unit)  \(seconds) s"
  }
}
