import Foundation

// MARK: - Reference file names

/// How a test name or a snapshot name becomes part of a reference file name, shared by the assertions that
/// write references and the hygiene check that reads them back, so the two can never disagree.
public enum SnapshotFileName {
  /// Runs of non-word characters become one "-", trimmed at the ends (`pullRelease()` → `pullRelease`,
  /// `t0.5` → `t0-5`), as swift-snapshot-testing does.
  public static func sanitize(_ text: String) -> String {
    var result = ""
    var pendingDash = false
    for scalar in text.unicodeScalars {
      if CharacterSet.alphanumerics.contains(scalar) || scalar == "_" {
        if pendingDash, !result.isEmpty { result.append("-") }
        pendingDash = false
        result.unicodeScalars.append(scalar)
      } else {
        pendingDash = true
      }
    }
    return result
  }

  /// The key `.frames(at:)` gives a time: `t0`, `t0.5`, `t1.25` (a file name shows `t0-5`).
  public static func timeKey(_ seconds: String) -> String { "t" + seconds }

  /// The key `.frames(atProgress:)` gives a progress point: `p0`, `p0.25`, `p1` (a file name shows
  /// `p0-25`).
  public static func progressKey(_ progress: String) -> String { "p" + progress }

  /// The key `.frames(atFrames:)` gives a Lottie frame: `f0`, `f22.5` (a file name shows `f22-5`).
  public static func frameKey(_ frame: String) -> String { "f" + frame }

  /// Whether a file-name component is a key of `.frames(at:)` (prefix `t`), `.frames(atProgress:)`
  /// (prefix `p`) or `.frames(atFrames:)` (prefix `f`): the prefix, then a whole number, then optionally `-` and
  /// its fraction's digits.
  static func isSampleKey(_ component: Substring, prefix: Character) -> Bool {
    guard component.first == prefix else { return false }
    let number = component.dropFirst()
    let parts = number.split(separator: "-", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count) else { return false }
    return parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
  }
}
