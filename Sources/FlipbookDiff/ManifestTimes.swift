import FlipbookFrames
import FlipbookGraphics
import FlipbookSupport
import FlipbookTiming
import Foundation

// MARK: - ManifestTimes

/// The frame times a rendered folder's `manifest.json` records, for comparing two renders' timing.
///
/// Every manifest has a `time` per frame (a number written with six decimals). Manifests since the frame
/// index also have `fps`, `from` and a per-frame `index`, so that a frame's time is exactly
/// `from + index / fps` (`Manifest` reads it so); when both manifests of a comparison have those, times
/// are compared exactly as fractions, otherwise as the `time` numbers.
struct ManifestTimes: Sendable {
  struct Entry: Sendable {
    /// The `time` number as written.
    let time: Double
    /// `from + index / fps`, when the manifest has the three.
    let exact: Rational?
  }

  /// By file name.
  let entries: [String: Entry]

  /// Whether every frame's time is exactly `from + index / fps`.
  var isExact: Bool { entries.values.allSatisfy { $0.exact != nil } }

  /// The time of the frame in `file`: exact when `exactly` (and `isExact`), else the `time` number.
  func time(of file: String, exactly: Bool) -> FrameTime? {
    guard let entry = entries[file] else { return nil }
    if exactly, let exact = entry.exact { return .exact(exact) }
    return .seconds(entry.time)
  }

  /// The times in `folder`'s manifest; nil when the folder has none (a plain folder of PNGs). A manifest
  /// that cannot be read, or that `Manifest` refuses, is trouble: its render's timing cannot be checked.
  static func load(folder: String) throws(DiffFailure) -> ManifestTimes? {
    let path = FrameFolder.manifestPath(in: folder)
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    let manifest: Manifest
    do {
      manifest = try Manifest(parsing: Data(try SafeFile.read(path, kind: .document)), path: path)
    } catch let error as ManifestError {
      throw .trouble(path, error.message)
    } catch let error as FileError {
      throw FrameSet.trouble(error, file: path)
    } catch {
      throw .trouble(path, "cannot be read (\(error))")
    }
    var entries: [String: Entry] = [:]
    for (index, frame) in manifest.frames.enumerated() {
      // A frame the manifest lists but the folder lacks is a broken render, not a difference.
      guard FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(frame.file)) else {
        throw .trouble(path, "frames[\(index)] is \(frame.file), which is not in the folder")
      }
      entries[frame.file] = Entry(time: frame.time, exact: frame.isOnClock ? frame.exactTime : nil)
    }
    return ManifestTimes(entries: entries)
  }
}
