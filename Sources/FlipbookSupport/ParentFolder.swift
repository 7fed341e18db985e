// MARK: - ParentFolder

/// The folder a path is in, the same as `NSString.deletingLastPathComponent` gives, without it: the Swift 6.3
/// toolchain's Foundation traps (SIGILL) on any path of one character, so `-o x` or `-o .` crashed the CLI
/// before it could say anything.
public enum ParentFolder {
  /// `a` for `a/b`, `a/b/` and `a//b`; `/` for `/b` and `/`; empty for `b`, a path in the current folder.
  public static func of(_ path: String) -> String {
    var rest = Substring(path)
    while rest.count > 1, rest.hasSuffix("/") { rest = rest.dropLast() }
    guard let slash = rest.lastIndex(of: "/") else { return "" }
    var folder = rest[..<slash]
    while folder.hasSuffix("/") { folder = folder.dropLast() }
    return folder.isEmpty ? "/" : String(folder)
  }
}
