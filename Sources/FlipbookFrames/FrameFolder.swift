import Foundation

// MARK: - FrameFolder

/// The names in a frame folder, the format `flipbook render` writes: `frame_000000.png`… and the
/// manifest that lists them. Everything that opens a render's folder names its files through these, so
/// the names live in one place.
public enum FrameFolder {
  /// The manifest every render's folder holds, and so what marks a folder as an earlier render that a new
  /// one may replace.
  public static let manifestFileName = "manifest.json"

  /// The manifest's path in `folder`.
  public static func manifestPath(in folder: String) -> String {
    (folder as NSString).appendingPathComponent(manifestFileName)
  }

  /// Whether `folder` holds a manifest (a render's folder, not a plain folder of PNGs).
  public static func holdsManifest(_ folder: String) -> Bool {
    FileManager.default.fileExists(atPath: manifestPath(in: folder))
  }

  /// The file name of frame `index`: six digits, so names sort in frame order up to a million frames.
  public static func frameFileName(index: Int) -> String {
    let digits = String(index)
    return "frame_" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits + ".png"
  }
}
