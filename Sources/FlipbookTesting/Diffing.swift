import Foundation

// MARK: - Diffing

/// How a snapshot format is stored and compared.
public struct Diffing<Value> {
  /// The bytes of a reference file.
  public var toData: (Value) throws -> Data
  /// Reads a reference file; throws with a message that says what is wrong with it (not a PNG, a Git LFS
  /// pointer, truncated) rather than crashing.
  public var fromData: (Data) throws -> Value
  /// Compares a reference with a new snapshot: nil when they match, else what differs and the files that
  /// show it.
  public var diff: (_ reference: Value, _ actual: Value) -> DiffFailure?

  /// A format from its three operations; `.image`, `.lines` and `.animation` are the ones Flipbook's
  /// strategies use, and a strategy of a new value type usually pulls one of them back instead.
  public init(
    toData: @escaping (Value) throws -> Data, fromData: @escaping (Data) throws -> Value,
    diff: @escaping (_ reference: Value, _ actual: Value) -> DiffFailure?
  ) {
    self.toData = toData
    self.fromData = fromData
    self.diff = diff
  }
}

/// Why a snapshot does not match, and the files that show it (written to the artifacts folder and
/// attached to the test).
public struct DiffFailure: Sendable {
  /// What differs, in the words the failing test prints (counts, first differing pixel, timing).
  public var message: String
  /// The files that show the difference, for a person to open: the expected image, a diff image, a strip.
  public var artifacts: [SnapshotArtifact]

  /// A failure with its message and the files that show it.
  public init(message: String, artifacts: [SnapshotArtifact] = []) {
    self.message = message
    self.artifacts = artifacts
  }
}

/// A file written beside a failing snapshot: `expected`, `diff`, `strip`…
public struct SnapshotArtifact: Sendable {
  /// What it shows; becomes part of the file name (`<test>.<name>.diff.png`).
  public var role: String
  /// The file's extension (`png`, `txt`), so the file opens in the right viewer.
  public var pathExtension: String
  /// The file's bytes, written as they are.
  public var data: Data

  /// An artifact from what it shows, its extension and its bytes.
  public init(role: String, pathExtension: String, data: Data) {
    self.role = role
    self.pathExtension = pathExtension
    self.data = data
  }
}

/// A snapshot that could not be taken or read, with a message for the test.
public struct SnapshotError: Error, CustomStringConvertible, Sendable {
  /// What went wrong and where, as the test prints it.
  public let message: String
  /// An error with the message the test prints.
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}
