import FlipbookGraphics
import FlipbookSupport
import Foundation

// MARK: - ContentsPath

/// Where a layer's `contents` may come from: a bundled asset by its bare name, or a file inside the
/// document's folder. A document is often someone else's; it may not reach into the rest of the disk,
/// by `..`, an absolute path or a symbolic link, unless the user said so (`--allow-outside-files`).
enum ContentsPath {
  /// Why `name` is not an asset name (a bare name: not empty, no `/`, not `.` or `..`), or nil.
  static func assetNameProblem(_ name: String) -> String? {
    if name.isEmpty { return "an asset name cannot be empty" }
    if name.contains("/") || name.contains("\0") || name == "." || name == ".." {
      return "\"\(name)\" is not an asset name: names are bare, with no \"/\" or \"..\""
    }
    return nil
  }

  /// The file `name` names, relative to `folder` unless absolute; nil and a reason when it lies outside
  /// the folder, as written or once symbolic links are followed, and `allowOutside` is false.
  static func file(_ name: String, in folder: URL, allowOutside: Bool) -> (path: String?, problem: String?) {
    if name.isEmpty { return (nil, "a file name cannot be empty") }
    let joined = name.hasPrefix("/") ? name : folder.appendingPathComponent(name).path
    if allowOutside { return (joined, nil) }
    let lexicalRoot = folder.standardizedFileURL.path
    let root = FolderContainment.canonical(folder.path) ?? lexicalRoot
    let hint = "; pass --allow-outside-files to read it"
    // `..` and `.` resolved as written, before any link is followed.
    let written = URL(fileURLWithPath: joined).standardizedFileURL.path
    guard FolderContainment.isInside(written, lexicalRoot) || FolderContainment.isInside(written, root) else {
      return (nil, "\"\(name)\" lies outside the document's folder \(root)\(hint)")
    }
    // A missing file is the image reader's to report; an existing one must resolve inside the folder.
    if let real = FolderContainment.canonical(joined), !FolderContainment.isInside(real, root) {
      return (nil, "\"\(name)\" is a symbolic link to \(real), outside the document's folder \(root)\(hint)")
    }
    return (joined, nil)
  }
}
