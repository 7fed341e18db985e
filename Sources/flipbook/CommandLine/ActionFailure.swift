/// A failure reported by a command's action.
///
/// `isUsage` true: the command line was wrong after all (reported like a usage error, exit 64).
/// `isUsage` false: a runtime failure (one `Error:` line on stderr, exit 1).
/// `isAnswer` true: not a failure but a "no" (`flipbook diff` found differences): the message is the
/// command's report on stdout, and the exit code is 1.
struct ActionFailure: Error {
  let message: String
  let isUsage: Bool
  var isAnswer = false

  init(message: String, isUsage: Bool = false) {
    self.message = message
    self.isUsage = isUsage
  }

  /// A report whose answer is "no": printed on stdout, exit code 1.
  static func answer(_ report: String) -> ActionFailure {
    var failure = ActionFailure(message: report)
    failure.isAnswer = true
    return failure
  }

  init(_ message: String, isUsage: Bool = false) {
    self.init(message: message, isUsage: isUsage)
  }
}
