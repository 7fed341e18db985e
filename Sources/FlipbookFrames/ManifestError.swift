// MARK: - ManifestError

/// A manifest that cannot be read: the file and what is wrong, with the JSON path of the member at fault
/// (`frames[3].index must be a whole number`), for one `Error:` line.
public struct ManifestError: Error, CustomStringConvertible, Sendable {
  /// The manifest's path, as the caller named it.
  public let path: String
  /// What is wrong, without the path.
  public let message: String

  /// An error for the manifest at `path`, with `message` saying what is wrong.
  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  /// `path: message`, for one `Error:` line.
  public var description: String { "\(path): \(message)" }
}

/// A key a caller gave the manifest that would make its JSON ambiguous: a duplicate, or a key the
/// manifest writes itself.
public struct ManifestKeyConflict: Error, CustomStringConvertible, Sendable {
  /// Which key conflicts and why, for the caller's error message.
  public let reason: String
  /// The `reason`.
  public var description: String { reason }
}
