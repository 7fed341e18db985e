import Foundation

// MARK: - TemporaryName

/// The one name every temporary the project writes goes by, files and folders alike:
/// `.NAME.PID.TAG.tmp` beside the target `NAME`.
///
/// - `PID` is the writing process's id, so a later run can tell a dead run's leftovers from a live run's
///   work in progress (see `Leftovers`);
/// - `TAG` is lowercase letters and digits saying what it is: `partial` (a folder being filled, and after
///   the swap the old folder being removed), `previous` (the old folder moved aside, only where the file
///   system cannot exchange), `log` (ffmpeg's messages), `video`, or a random number (a file written
///   atomically; random so that two writes of one name in one process never share a temporary).
///
/// The name is parsed from the right, so `NAME` may contain dots. The two folder names earlier versions
/// used, `.NAME.partial-PID` and `.NAME.previous-PID`, are recognised too, so that their leftovers are
/// removed as well.
public struct TemporaryName: Equatable, Sendable {
  /// The file name of the target the temporary belongs to.
  public let target: String
  /// The process that created it.
  public let pid: pid_t
  /// What it is for.
  public let tag: String

  /// Marks the end of every temporary's name.
  static let suffix = ".tmp"

  public init(target: String, pid: pid_t = getpid(), tag: String) {
    self.target = target
    self.pid = pid
    self.tag = tag
  }

  /// The temporary's file name.
  public var fileName: String { ".\(target).\(pid).\(tag)\(Self.suffix)" }

  /// Parses a file name; nil when it is not a temporary's.
  public init?(parsing fileName: String) {
    guard let parsed = Self.parseCurrent(fileName) ?? Self.parseLegacy(fileName) else { return nil }
    self = parsed
  }

  /// A random tag for a file written atomically.
  public static func randomTag() -> String { String(UInt32.random(in: 0...UInt32.max)) }

  /// The path of a temporary with `tag` for the target at `path`, in the target's folder (so that the
  /// final rename never crosses a file system).
  public static func path(besideTarget path: String, tag: String) -> String {
    let (folder, name) = split(path)
    return folder + TemporaryName(target: name, tag: tag).fileName
  }

  /// `path`'s folder (with its trailing slash, empty for the current folder) and file name.
  static func split(_ path: String) -> (folder: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return ("", path) }
    return (String(path[...slash]), String(path[path.index(after: slash)...]))
  }

  /// `.NAME.PID.TAG.tmp`.
  private static func parseCurrent(_ fileName: String) -> TemporaryName? {
    guard fileName.hasPrefix("."), fileName.hasSuffix(suffix) else { return nil }
    let parts = fileName.dropFirst().dropLast(suffix.count).split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count >= 3, let pid = processID(parts[parts.count - 2]) else { return nil }
    let tag = parts[parts.count - 1]
    guard !tag.isEmpty, tag.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber) }) else { return nil }
    let target = parts.dropLast(2).joined(separator: ".")
    guard !target.isEmpty else { return nil }
    return TemporaryName(target: target, pid: pid, tag: String(tag))
  }

  /// `.NAME.partial-PID` and `.NAME.previous-PID`, the folder names before this one.
  private static func parseLegacy(_ fileName: String) -> TemporaryName? {
    guard fileName.hasPrefix("."), let dash = fileName.lastIndex(of: "-"),
      let pid = processID(fileName[fileName.index(after: dash)...])
    else { return nil }
    let stem = fileName[fileName.index(after: fileName.startIndex)..<dash]
    for tag in ["partial", "previous"] where stem.hasSuffix(".\(tag)") {
      let target = stem.dropLast(tag.count + 1)
      guard !target.isEmpty else { return nil }
      return TemporaryName(target: String(target), pid: pid, tag: tag)
    }
    return nil
  }

  /// A positive process id written in decimal digits only (no sign, no spaces).
  private static func processID(_ text: Substring) -> pid_t? {
    guard !text.isEmpty, text.count <= 10, text.allSatisfy({ $0.isASCII && $0.isNumber }),
      let value = pid_t(text), value > 0
    else { return nil }
    return value
  }
}
