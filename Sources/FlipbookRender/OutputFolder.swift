import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: - OutputFolder

/// A folder of output that appears whole or not at all.
///
/// Everything is written into a hidden sibling, `.NAME.partial-<pid>`, in the same parent (so the final
/// renames never cross a file system). `commit()` then swaps it in: the old folder is renamed aside to
/// `.NAME.previous-<pid>`, the new one renamed into place, the old one deleted. Each rename is atomic, so
/// at every instant `NAME` is either the complete old output or the complete new one, and if anything fails
/// before the swap (a frame that will not encode, a scene that throws, a full disk) `discard()` removes the
/// partial folder and the old output is exactly as it was. Between the two renames `NAME` briefly does not
/// exist; POSIX has no portable atomic exchange of two folders.
///
/// The pid in the names keeps two renders into the same parent from colliding; a partial folder left by
/// a killed process is not cleaned up by others, since it might belong to a render still running.
public struct OutputFolder: Sendable {
  /// The folder being replaced.
  let target: URL
  /// The hidden folder being filled.
  let partial: URL
  private let aside: URL

  /// Checks `path` and creates the partial folder. Refuses a parent that does not exist (we do not guess
  /// at creating folder hierarchies) and a target that exists but is not a folder (never replace a file
  /// with a folder of frames).
  public init(path: String) throws(RenderError) {
    guard !path.isEmpty else { throw .file(path: "\"\"", reason: "the output folder path is empty") }
    let fm = FileManager.default
    target = URL(fileURLWithPath: path).standardizedFileURL
    let name = target.lastPathComponent
    guard !name.isEmpty, name != "/", name != ".", name != ".." else {
      throw .file(path: target.path, reason: "cannot be replaced as an output folder")
    }
    let parent = target.deletingLastPathComponent()
    var isDirectory: ObjCBool = false
    guard fm.fileExists(atPath: parent.path, isDirectory: &isDirectory) else {
      throw .file(path: parent.path, reason: "the output folder's parent does not exist")
    }
    guard isDirectory.boolValue else {
      throw .file(path: parent.path, reason: "the output folder's parent is not a folder")
    }
    if fm.fileExists(atPath: target.path, isDirectory: &isDirectory), !isDirectory.boolValue {
      throw .file(path: target.path, reason: "exists and is not a folder; refusing to replace it with frames")
    }
    let pid = ProcessInfo.processInfo.processIdentifier
    partial = parent.appendingPathComponent(".\(name).partial-\(pid)")
    aside = parent.appendingPathComponent(".\(name).previous-\(pid)")
    // Only our own pid's leftovers (an earlier render in this process that could not clean up).
    try? fm.removeItem(at: partial)
    guard mkdir(partial.path, 0o755) == 0 else {
      throw .file(path: partial.path, reason: "cannot create the folder: \(Self.lastError())")
    }
  }

  /// Writes `data` as `name` inside the partial folder; returns the number of bytes written.
  @discardableResult
  public func write(_ data: Data, named name: String) throws(RenderError) -> Int {
    let path = partial.appendingPathComponent(name).path
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else { throw .file(path: path, reason: "cannot create the file: \(Self.lastError())") }
    var failure: String?
    data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
      var offset = 0
      while offset < buffer.count {
        let written = posixWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = Self.lastError()
          return
        }
        offset += written
      }
    }
    // close can report a deferred write error (NFS, quota), so it counts as part of the write.
    if close(fd) != 0, failure == nil { failure = Self.lastError() }
    if let failure { throw .file(path: path, reason: "cannot write the file: \(failure)") }
    return data.count
  }

  /// Swaps the partial folder in for the target. On failure the target is as it was and the partial
  /// folder is gone.
  public func commit() throws(RenderError) {
    let fm = FileManager.default
    try? fm.removeItem(at: aside)
    let hadTarget = fm.fileExists(atPath: target.path)
    if hadTarget, rename(target.path, aside.path) != 0 {
      let reason = Self.lastError()
      discard()
      throw .file(path: target.path, reason: "cannot move the previous output aside: \(reason)")
    }
    if rename(partial.path, target.path) != 0 {
      let reason = Self.lastError()
      if hadTarget { _ = rename(aside.path, target.path) }
      discard()
      throw .file(path: target.path, reason: "cannot move the new output into place: \(reason)")
    }
    // The new output is in place; a leftover old folder is untidy but not a failed render.
    if hadTarget { try? fm.removeItem(at: aside) }
  }

  /// Removes the partial folder and everything in it.
  public func discard() {
    try? FileManager.default.removeItem(at: partial)
  }

  private static func lastError() -> String {
    String(cString: strerror(errno))
  }
}

/// POSIX write(2), named apart from the `write(_:named:)` method that calls it.
private func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
    Glibc.write(fd, buffer, count)
  #else
    Darwin.write(fd, buffer, count)
  #endif
}
