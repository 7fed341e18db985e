// MARK: - LiveError

/// A failure to set up watching or serving: a port taken, a watch refused. One line, for `Error:`.
public struct LiveError: Error, CustomStringConvertible, Sendable {
  public let description: String

  public init(_ description: String) {
    self.description = description
  }
}
