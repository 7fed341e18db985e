import Foundation

// MARK: - FolderContainment

/// Whether a file lies inside a folder once every symbolic link, `.` and `..` is resolved: how documents'
/// images and manifests' frames are kept to their folders, so a link cannot lead a read elsewhere.
public enum FolderContainment {
  /// `path` with every symbolic link, `.` and `..` resolved (`realpath(3)`), or nil when it does not exist.
  public static func canonical(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Whether `path` is `root` or lies below it, both as written (no links are followed).
  public static func isInside(_ path: String, _ root: String) -> Bool {
    let prefix = root.hasSuffix("/") ? root : root + "/"
    return path == root || path.hasPrefix(prefix)
  }

  /// Where `path` really is when that is outside `folder` (both resolved), else nil; a path or folder
  /// that does not exist is nil, for the reader to report as missing.
  public static func escape(of path: String, from folder: String) -> String? {
    guard let real = canonical(path), let root = canonical(folder), !isInside(real, root) else { return nil }
    return real
  }
}
