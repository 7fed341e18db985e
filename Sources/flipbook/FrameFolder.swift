import FlipbookGraphics
import Foundation

// MARK: - FrameFolder

/// Writes a folder of frames so that it appears whole or not at all: the frames go into a hidden sibling
/// folder, which replaces the target only when every frame is written. A failed or interrupted render
/// leaves the previous folder as it was, never a mix of old and new frames.
enum FrameFolder {
  static func write<T>(to path: String, _ body: (String) throws(GraphicsError) -> T) throws(GraphicsError) -> T {
    let fm = FileManager.default
    let target = URL(fileURLWithPath: path).standardizedFileURL
    let parent = target.deletingLastPathComponent()
    var isDirectory: ObjCBool = false
    guard fm.fileExists(atPath: parent.path, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw .file(path: parent.path, reason: "no such folder")
    }
    if fm.fileExists(atPath: target.path, isDirectory: &isDirectory), !isDirectory.boolValue {
      throw .file(path: target.path, reason: "exists and is not a folder")
    }
    let stem = ".\(target.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier)"
    let partial = parent.appendingPathComponent(stem + ".partial")
    let previous = parent.appendingPathComponent(stem + ".previous")
    try? fm.removeItem(at: partial)
    do {
      try fm.createDirectory(at: partial, withIntermediateDirectories: false)
    } catch {
      throw .file(path: partial.path, reason: "cannot create the folder (\(error.localizedDescription))")
    }
    let result: T
    do {
      result = try body(partial.path)
    } catch {
      try? fm.removeItem(at: partial)
      throw error
    }
    // Swap: old aside, new in, old gone. rename(2) is atomic for each step.
    let hadPrevious = fm.fileExists(atPath: target.path)
    if hadPrevious, rename(target.path, previous.path) != 0 {
      try? fm.removeItem(at: partial)
      throw .file(path: target.path, reason: String(cString: strerror(errno)))
    }
    if rename(partial.path, target.path) != 0 {
      let reason = String(cString: strerror(errno))
      if hadPrevious { _ = rename(previous.path, target.path) }
      try? fm.removeItem(at: partial)
      throw .file(path: target.path, reason: reason)
    }
    if hadPrevious { try? fm.removeItem(at: previous) }
    return result
  }

  /// Writes a small text file (the manifest) inside a folder being built.
  static func writeText(_ text: String, to path: String) throws(GraphicsError) {
    do {
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    } catch {
      throw .file(path: path, reason: error.localizedDescription)
    }
  }
}
