import FlipbookBatch
import FlipbookDiff

/// A failure reported by a command's action, and which of the exit codes it means.
struct ActionFailure: Error {
  /// How the runner reports the failure.
  enum Kind: Equatable {
    /// A runtime failure: one `Error:` line on stderr, exit 1.
    case failure
    /// The command line was wrong after all: reported like a usage error, exit 64.
    case usage
    /// Not a failure but a "no" (`flipbook diff` found differences): the message is the command's
    /// report on stdout, and the exit code is 1.
    case answer
    /// The command could not give an answer at all (`flipbook diff` with an input that is missing,
    /// unreadable or not a PNG): one `Error:` line on stderr, exit 2, as `cmp` and `diff` do, so a CI
    /// script can tell "they differ" from "the comparison is broken".
    case trouble
  }

  let message: String
  let kind: Kind

  var isUsage: Bool { kind == .usage }

  init(message: String, isUsage: Bool = false) {
    self.message = message
    self.kind = isUsage ? .usage : .failure
  }

  init(_ message: String, isUsage: Bool = false) {
    self.init(message: message, isUsage: isUsage)
  }

  private init(message: String, kind: Kind) {
    self.message = message
    self.kind = kind
  }

  /// A report whose answer is "no": printed on stdout, exit code 1.
  static func answer(_ report: String) -> ActionFailure {
    ActionFailure(message: report, kind: .answer)
  }

  /// The same message, as trouble: for `diff`, whose exit 1 must only ever mean "they differ".
  var asTrouble: ActionFailure { ActionFailure(message: message, kind: .trouble) }

  /// No answer could be given because of `file`: `Error: <file>: <what>` on stderr, exit code 2.
  static func trouble(_ file: String, _ what: String) -> ActionFailure {
    ActionFailure(message: "\(file): \(what)", kind: .trouble)
  }
}

extension ActionFailure {
  /// A comparison's ending as the command reports it: a difference is the answer on stdout (exit 1),
  /// trouble is one `Error:` line (exit 2).
  init(_ failure: DiffFailure) {
    switch failure.kind {
    case .answer: self.init(message: failure.message, kind: .answer)
    case .trouble: self.init(message: failure.message, kind: .trouble)
    }
  }
}

extension ActionFailure {
  /// A render's or a batch's failure as the command reports it: a usage error (exit 64) when the request
  /// itself was wrong, else one `Error:` line (exit 1).
  init(_ failure: BatchError) {
    self.init(message: failure.message, isUsage: failure.isUsage)
  }
}
