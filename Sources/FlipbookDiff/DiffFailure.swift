// MARK: - DiffFailure

/// How a comparison ends other than in a match, told apart as `cmp` and `diff` tell them apart, so that a
/// CI script can tell "they differ" (exit 1) from "the comparison could not be made" (exit 2).
public struct DiffFailure: Error, CustomStringConvertible {
  /// Which of the two endings it is.
  public enum Kind: Equatable, Sendable {
    /// Not a failure but a "no": the inputs differ, and the message is the report (prose or JSON).
    case answer
    /// No answer could be given: an input is missing, unreadable, not a PNG or of another kind than the
    /// other, or the report could not be written. The message names the file and says what is wrong.
    case trouble
  }

  /// The report (for an answer) or the one line saying what is wrong and where (for trouble).
  public let message: String
  /// Which ending it is.
  public let kind: Kind

  public var description: String { message }

  private init(message: String, kind: Kind) {
    self.message = message
    self.kind = kind
  }

  /// A report whose answer is "no, they differ".
  public static func answer(_ report: String) -> DiffFailure {
    DiffFailure(message: report, kind: .answer)
  }

  /// No answer could be given because of `file`: `<file>: <what>`.
  public static func trouble(_ file: String, _ what: String) -> DiffFailure {
    DiffFailure(message: "\(file): \(what)", kind: .trouble)
  }
}
