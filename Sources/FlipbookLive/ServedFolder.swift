import FlipbookSupport
import Foundation

// MARK: - ServedFolder

/// What a request path names inside the folder being served, and nothing outside it.
///
/// `HTTPRequest` already refused `.`, `..`, backslashes and NULs; here hidden names are refused too (a
/// render's partial folders and temporaries are hidden, and are nobody's to read), and a name that
/// resolves, once symbolic links are followed, outside the folder is missing as far as the server is
/// concerned. The folder's own path is resolved on every request: a render swaps a new folder in under
/// the same name, and the server must follow the name, not the folder it first saw.
public struct ServedFolder: Sendable {
  public enum Entry: Equatable, Sendable {
    /// A regular file, by its resolved path.
    case file(String)
    /// A folder, by its resolved path (the caller decides what a folder shows: never a listing).
    case folder(String)
    case missing
  }

  public let root: String

  public init(root: String) {
    self.root = root
  }

  /// The entry `path` (a decoded request path, `/` or `/ego/frame_000001.png`) names.
  public func entry(at path: String) -> Entry {
    let components = path.split(separator: "/").map(String.init)
    guard !components.contains(where: { $0.hasPrefix(".") }) else { return .missing }
    let joined = components.reduce(root) { ($0 as NSString).appendingPathComponent($1) }
    guard let base = FolderContainment.canonical(root), let real = FolderContainment.canonical(joined),
      FolderContainment.isInside(real, base)
    else { return .missing }
    // Regular files and folders only: a FIFO or a device would block or never end a read.
    switch (try? FileManager.default.attributesOfItem(atPath: real))?[.type] as? FileAttributeType {
    case .typeDirectory?: return .folder(real)
    case .typeRegular?: return .file(real)
    default: return .missing
    }
  }
}
