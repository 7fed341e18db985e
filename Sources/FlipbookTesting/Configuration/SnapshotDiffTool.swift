import Foundation

// MARK: - Diff tool

/// A command that shows a failing snapshot's expected and actual files side by side, printed in every
/// failure so the person reading it can paste it: `flipbook diff {expected} {actual} -o {artifacts}`,
/// or a bare program name such as `ksdiff`, which is given the two files as arguments.
///
/// Placeholders: `{expected}` (the reference), `{actual}` (the new snapshot in the artifacts folder),
/// `{artifacts}` (that folder). Paths are shell-quoted.
public struct SnapshotDiffTool: Sendable, ExpressibleByStringLiteral, Equatable {
  /// The command with its placeholders, or a bare program name that is given the two paths as arguments.
  public var template: String

  /// A tool from a command template; a string literal does the same (`diffTool: "ksdiff"`).
  public init(_ template: String) { self.template = template }
  public init(stringLiteral template: String) { self.template = template }

  /// Flipbook's own comparison, which writes a reviewable report into the artifacts folder.
  public static let flipbook: SnapshotDiffTool = "flipbook diff {expected} {actual} -o {artifacts}"

  /// The command for one failure.
  public func command(expected: String, actual: String, artifacts: String) -> String {
    let placeholders = ["{expected}", "{actual}", "{artifacts}"]
    guard placeholders.contains(where: template.contains) else {
      return "\(template) \(Self.quote(expected)) \(Self.quote(actual))"
    }
    return
      template
      .replacingOccurrences(of: "{expected}", with: Self.quote(expected))
      .replacingOccurrences(of: "{actual}", with: Self.quote(actual))
      .replacingOccurrences(of: "{artifacts}", with: Self.quote(artifacts))
  }

  /// A path as one shell word: bare when it is plain, single-quoted otherwise.
  static func quote(_ path: String) -> String {
    let plain = path.unicodeScalars.allSatisfy {
      CharacterSet.alphanumerics.contains($0) || "/._-+:@%=,".unicodeScalars.contains($0)
    }
    if plain, !path.isEmpty { return path }
    return "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}

extension SnapshotDiffTool {
  /// The tool printed when none is configured: `flipbook diff` for images and animations, `diff -u` for
  /// text.
  static func standard(forExtension pathExtension: String) -> SnapshotDiffTool {
    pathExtension == "png" ? .flipbook : "diff -u {expected} {actual}"
  }
}
