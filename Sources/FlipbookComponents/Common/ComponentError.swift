// MARK: - ComponentError

/// A component that cannot be built as asked (a missing asset, an unknown option value). A missing image
/// is an error rather than an invisible layer: a preview without its artwork would mislead its reviewer.
public struct ComponentError: Error, CustomStringConvertible, Sendable {
  /// What cannot be built and why, as the CLI prints it.
  public let message: String
  /// An error with the message the CLI prints.
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}
