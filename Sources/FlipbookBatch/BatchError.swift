// MARK: - BatchError

/// Why a document or a batch could not be rendered to a folder: one line that says what and where (the
/// document, the variant, the JSON path, the budget passed), as `flipbook render` prints it after `Error:`.
///
/// `isUsage` marks the mistakes that are the caller's way of asking (a document given twice, a malformed
/// `--shard`), which the command reports as a usage error (exit 64) rather than a failed render (exit 1).
public struct BatchError: Error, Equatable, CustomStringConvertible {
  /// The one line, without the `Error:` the command puts before it.
  public let message: String
  /// The request itself was wrong, rather than a document or the disk.
  public let isUsage: Bool

  /// A failure whose one line is `message`.
  public init(_ message: String, isUsage: Bool = false) {
    self.message = message
    self.isUsage = isUsage
  }

  /// The same as `init(_:isUsage:)`, for call sites that name the message.
  public init(message: String, isUsage: Bool = false) {
    self.init(message, isUsage: isUsage)
  }

  public var description: String { message }
}
