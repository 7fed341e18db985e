import FlipbookGraphics
import FlipbookSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: - OutputFolder

/// A folder of output that appears whole or not at all.
///
/// Everything is written into a hidden sibling, `.NAME.PID.partial.tmp` (`TemporaryName`), in the same
/// parent (so the final rename never crosses a file system). `commit()` then puts it in place with
/// `FolderSwap`: one atomic exchange with the old folder, which is then removed, so at every instant
/// `NAME` is either the complete old output or the complete new one. If anything fails before the swap
/// (a frame that will not encode, a scene that throws, a full disk) `discard()` removes the partial
/// folder and the old output is exactly as it was.
///
/// The pid in the names keeps two renders into the same parent from colliding and tells a dead run's
/// leftovers from a live run's work: creating the folder first removes the target's leftovers whose
/// process is gone (`Leftovers`), and the partial folder and every file in it are created through
/// `InFlight`, so that an interrupted run removes them (the CLI's signal handling).
public struct OutputFolder: Sendable {
  /// The folder being replaced.
  let target: URL
  /// The hidden folder being filled.
  let partial: URL
  /// `partial`'s path, kept as a string: a frame's file path is this, a slash and its name, without
  /// Foundation's URL parsing for each of hundreds of files (1 % of a render's CPU time).
  private let partialPath: String
  /// Where the old folder goes while the new one is renamed in, only where the file system cannot
  /// exchange the two (`FolderSwap`).
  private let aside: URL

  /// Checks `path` (`check(_:marker:)`) and creates the partial folder.
  public init(path: String, marker: String) throws(RenderError) {
    target = try Self.check(path, marker: marker)
    let name = target.lastPathComponent
    let parent = target.deletingLastPathComponent()
    partial = parent.appendingPathComponent(TemporaryName(target: name, tag: "partial").fileName)
    partialPath = partial.path
    aside = parent.appendingPathComponent(TemporaryName(target: name, tag: "previous").fileName)
    Leftovers.remove(besideTarget: target.path)
    let error = InFlight.creating(partial.path) { mkdir(partial.path, 0o755) == 0 ? 0 : errno }
    guard error == 0 else {
      InFlight.finished(partial.path)
      // Named by the output asked for: the hidden folder beside it is Flipbook's business.
      throw .file(path: target.path, reason: "cannot create the folder: \(Self.describe(error))")
    }
  }

  /// The folder `path` names, if an output may be put there: its parent exists (we do not guess at
  /// creating folder hierarchies), and the target is new, an empty folder, or an earlier output of the
  /// same kind, one that holds `marker` (`manifest.json` for frames, `report.html` for a diff report).
  /// Anything else is refused, since the swap removes the old folder whole: a file, a folder of the
  /// user's own (`-o ~/Documents`), and the current folder or one holding it (`-o .`, `-o ..`), which
  /// would leave the shell in a removed folder. Checked again when the render starts; a batch checks
  /// every render's folder first, so that none is refused halfway through.
  @discardableResult
  public static func check(_ path: String, marker: String) throws(RenderError) -> URL {
    guard !path.isEmpty else { throw .file(path: "\"\"", reason: "the output folder path is empty") }
    let fm = FileManager.default
    let target = URL(fileURLWithPath: path).standardizedFileURL
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
    guard fm.fileExists(atPath: target.path, isDirectory: &isDirectory) else { return target }
    guard isDirectory.boolValue else {
      throw .file(path: target.path, reason: "exists and is not a folder; refusing to replace it with frames")
    }
    if holdsCurrentFolder(target) {
      throw .file(path: target.path, reason: "is the current folder or holds it; give a folder beside it instead")
    }
    // A folder that cannot be listed cannot be shown to be an earlier output.
    guard let contents = try? fm.contentsOfDirectory(atPath: target.path) else {
      throw .file(path: target.path, reason: "cannot be listed; refusing to replace a folder it cannot see into")
    }
    guard contents.isEmpty || contents.contains(marker) else {
      let first = contents.sorted()[0]
      let more = contents.count > 1 ? " and \(contents.count - 1) more" : ""
      throw .file(
        path: target.path,
        reason: "holds no \(marker), so it is not an earlier output (it holds \(first)\(more)); "
          + "refusing to replace it: give a new folder, or remove this one first")
    }
    return target
  }

  /// Whether the process's current folder is `folder` or inside it, compared with symbolic links resolved.
  private static func holdsCurrentFolder(_ folder: URL) -> Bool {
    let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).resolvingSymlinksInPath().path
    let resolved = folder.resolvingSymlinksInPath().path
    return current == resolved || current.hasPrefix(resolved == "/" ? "/" : resolved + "/")
  }

  /// Creates the folder `name` (a relative path: `ego/full-refresh`, and the folders on its way) inside the
  /// partial folder, for an output that nests, such as a tree diff's report of each render. Created
  /// inside `InFlight`'s lock, as files are, so an interruption removing the partial folder cannot race it
  /// into being again.
  public func createFolder(named name: String) throws(RenderError) {
    let path = partial.appendingPathComponent(name).path
    // Nil when interrupted; else nil or the error's description.
    let outcome = InFlight.unlessInterrupted { () -> String? in
      do {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return nil
      } catch {
        return error.localizedDescription
      }
    }
    switch outcome {
    case .some(.none): return
    case .some(.some(let failure)): throw .file(path: path, reason: "cannot create the folder: \(failure)")
    case .none: throw .file(path: path, reason: "cannot create the folder: interrupted")
    }
  }

  /// Writes `data` as `name` inside the partial folder; returns the number of bytes written.
  @discardableResult
  public func write(_ data: Data, named name: String) throws(RenderError) -> Int {
    let path = partialPath + "/" + name
    // Created inside InFlight's lock, so that an interruption removing the folder does not race it.
    let opened = InFlight.unlessInterrupted { () -> (fd: Int32, error: Int32) in
      let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      return (fd, fd >= 0 ? 0 : errno)
    }
    // Errors name the output asked for and the file in it, never the hidden folder being filled.
    guard let opened, opened.fd >= 0 else {
      throw .file(path: target.path, reason: "cannot create \(name): \(Self.describe(opened?.error))")
    }
    let fd = opened.fd
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
    if let failure { throw .file(path: target.path, reason: "cannot write \(name): \(failure)") }
    return data.count
  }

  /// Swaps the partial folder in for the target. On failure the target is as it was and the partial
  /// folder is gone. The swap runs `InFlight.uninterrupted`, so a signal sees the old output with the
  /// partial folder to remove, or the new output with the old folder to remove, never a moment between.
  public func commit() throws(RenderError) {
    let outcome: FolderSwap.Outcome
    do {
      outcome = try InFlight.uninterrupted { () throws(FileError) in
        let outcome = try FolderSwap.replace(target.path, with: partial.path, aside: aside.path)
        // Two renames: the old folder went aside, and is what an interruption must now remove.
        if outcome == .renamedAside { _ = InFlight.creating(aside.path) {} }
        return outcome
      }
    } catch {
      discard()
      switch error {
      case .file(let path, let reason): throw .file(path: path, reason: reason)
      }
    }
    // The new output is in place; a leftover old folder is untidy but not a failed render.
    switch outcome {
    case .moved: InFlight.finished(partial.path)
    case .exchanged: discard()
    case .renamedAside:
      InFlight.finished(partial.path)
      try? FileManager.default.removeItem(at: aside)
      InFlight.finished(aside.path)
    }
  }

  /// Removes the partial folder and everything in it.
  public func discard() {
    try? FileManager.default.removeItem(at: partial)
    InFlight.finished(partial.path)
  }

  /// errno's wording, or why nothing may be created any more (nil: the process is exiting on a signal).
  private static func describe(_ error: Int32?) -> String {
    error.map { String(cString: strerror($0)) } ?? "the run is being interrupted"
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
