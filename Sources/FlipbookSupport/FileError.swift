// MARK: - FileError

/// Why a file or folder could not be read, written or put in place: the path and errno's wording (or the
/// file's type, or the limit passed), printed as one line, `PATH: REASON`.
///
/// It is its own type, not a case of FlipbookGraphics' `GraphicsError`, so that the safe-file helpers
/// need no drawing library: FlipbookLive serves files and FlipbookBatch writes indexes without linking
/// Cairo. FlipbookGraphics turns it into `GraphicsError.file` with the same path, reason and wording.
public enum FileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// `path` could not be used; `reason` says why.
  case file(path: String, reason: String)

  public var description: String {
    switch self {
    case .file(let path, let reason): "\(path): \(reason)"
    }
  }
}
