// MARK: - ManifestError

/// A manifest that cannot be read: the file and what is wrong, with the JSON path of the member at fault
/// (`frames[3].index must be a whole number`), for one `Error:` line.
public struct ManifestError: Error, CustomStringConvertible, Sendable {
  /// The manifest's path, as the caller named it.
  public let path: String
  /// What is wrong, without the path.
  public let message: String

  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  public var description: String { "\(path): \(message)" }
}

/// A key a caller gave the manifest that would make its JSON ambiguous: a duplicate, or a key the
/// manifest writes itself.
public struct ManifestKeyConflict: Error, CustomStringConvertible, Sendable {
  public let reason: String
  public var description: String { reason }
}
