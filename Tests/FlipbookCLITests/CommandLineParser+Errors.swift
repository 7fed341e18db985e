@testable import FlipbookCLI

extension CommandLineParser {
  /// The usage error `arguments` raise, or nil when they parse: for tests that check the message.
  func error(_ arguments: [String]) -> UsageError? {
    do {
      _ = try parse(arguments)
      return nil
    } catch {
      return error
    }
  }
}
