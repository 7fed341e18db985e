import Foundation

// MARK: - ContentType

/// The media type of a served file, from its extension: the kinds a render folder holds (frames,
/// manifests, previews). Anything else is served as bytes to download, never guessed at.
public enum ContentType {
  /// A page: the player, a batch's index, the page shown before the first render.
  public static let html = "text/html; charset=utf-8"
  public static let json = "application/json"

  static let byExtension: [String: String] = [
    "png": "image/png",
    "gif": "image/gif",
    "webp": "image/webp",
    "json": json,
    "html": html,
    "mp4": "video/mp4",
    "webm": "video/webm",
    "txt": "text/plain; charset=utf-8",
  ]

  /// `image/png` for `frame_000001.png`; `application/octet-stream` for an unknown extension.
  public static func of(_ path: String) -> String {
    byExtension[(path as NSString).pathExtension.lowercased()] ?? "application/octet-stream"
  }
}
