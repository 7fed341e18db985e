import FlipbookBatch

// MARK: - OutputPaths

/// Checks on the paths a command will write, made before any work so that a typo in a folder name
/// costs nothing: not a render of hundreds of frames followed by "cannot write", and no partial file.
enum OutputPaths {
  /// `-o ""` names nothing; it is a mistake in the command line (exit 64), not a failed write.
  static func rejectEmpty(_ arguments: ParsedArguments, options: [String]) throws(UsageError) {
    for option in options where arguments.string(option) == "" {
      throw UsageError("--\(option) must be a path, not empty")
    }
  }

  /// Each given option's path must be in a folder that exists: the file or folder itself is created,
  /// never its parents. A relative path with no folder part is written in the current folder.
  static func requireFolders(_ arguments: ParsedArguments, options: [String]) throws(ActionFailure) {
    for option in options {
      if let path = arguments.string(option) { try requireFolder(of: path) }
    }
  }

  /// Fails, in one line naming the folder, when the folder `path` would be written in is missing or
  /// is a file (`OutputParent`).
  static func requireFolder(of path: String) throws(ActionFailure) {
    do {
      try OutputParent.require(of: path)
    } catch {
      throw ActionFailure(error)
    }
  }
}
