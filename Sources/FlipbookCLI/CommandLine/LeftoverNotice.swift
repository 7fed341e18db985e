import FlipbookGraphics
import FlipbookSupport

extension CommandRunner {
  /// Runs a command through `body` and, unless `quiet`, puts first on stderr the one line that says
  /// which leftovers of interrupted runs its writers removed (`Leftovers`): files the user may have
  /// wondered about, or a folder of hundreds of megabytes, should not vanish without a word.
  func notingLeftovers(quiet: Bool, _ body: () -> CommandResult) -> CommandResult {
    let collected = Leftovers.collecting(body)
    var result = collected.value
    guard !quiet, let notice = Leftovers.notice(collected.removed) else { return result }
    result.stderr = notice + "\n" + result.stderr
    return result
  }
}
