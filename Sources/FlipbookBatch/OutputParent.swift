import FlipbookSupport
import Foundation

// MARK: - OutputParent

/// The check made on a path before any work writes it, so that a typo in a folder name costs nothing:
/// not a render of hundreds of frames followed by "cannot write", and no partial file.
public enum OutputParent {
  /// Fails, in one line naming the folder, when the folder `path` would be written in is missing or is a
  /// file: the file or folder itself is created, never its parents. A relative path with no folder part is
  /// written in the current folder.
  public static func require(of path: String) throws(BatchError) {
    let folder = ParentFolder.of(path)
    guard !folder.isEmpty else { return }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
      throw BatchError("cannot write \(path): the folder \(folder) does not exist")
    }
    guard isDirectory.boolValue else {
      throw BatchError("cannot write \(path): \(folder) is not a folder")
    }
  }
}
