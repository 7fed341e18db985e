// The rule every entry name must follow: a plain relative path, so no name can reach outside the archive.

enum EntryName {
  /// Why `name` is refused, or nil when it is a plain relative path: non-empty, at most `maxLength` bytes,
  /// no control character (a NUL would let two readers see two names), no backslash (a separator on
  /// Windows), not absolute (`/x`, `C:x`), and no empty, `.` or `..` component (path traversal). A folder's
  /// one trailing `/` is allowed.
  static func problem(_ name: String, maxLength: Int) -> String? {
    if name.isEmpty { return "the name is empty" }
    if name.utf8.count > maxLength {
      return "the name is \(name.utf8.count) bytes long, more than the \(maxLength) allowed"
    }
    if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
      return "the name holds a NUL or another control character"
    }
    if name.contains("\\") { return "the name holds a backslash (a path separator on Windows)" }
    if name.hasPrefix("/") { return "the name is an absolute path" }
    if let colon = name.firstIndex(of: ":"), name[..<colon].count == 1 {
      return "the name starts with a drive letter (an absolute path on Windows)"
    }
    let components = (name.hasSuffix("/") ? String(name.dropLast()) : name).split(
      separator: "/", omittingEmptySubsequences: false)
    for component in components {
      switch component {
      case "..": return "the name has a \"..\" component (path traversal)"
      case ".": return "the name has a \".\" component"
      case "": return "the name has an empty component (\"//\")"
      default: continue
      }
    }
    return nil
  }
}
