/// A failure reported by a command's action.
///
/// `isUsage` true: the command line was wrong after all (reported like a usage error, exit 64).
/// `isUsage` false: a runtime failure (one `Error:` line on stderr, exit 1).
struct ActionFailure: Error {
  let message: String
  let isUsage: Bool

  init(message: String, isUsage: Bool = false) {
    self.message = message
    self.isUsage = isUsage
  }

  init(_ message: String, isUsage: Bool = false) {
    self.init(message: message, isUsage: isUsage)
  }
}
