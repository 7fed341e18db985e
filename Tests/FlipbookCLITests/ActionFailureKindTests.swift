import Testing

@testable import FlipbookCLI

/// Each `ActionFailure` kind's exit code and stream, through the runner with a stand-in command.
@Suite struct ActionFailureKindTests {
  enum Answer: FlipbookCommand {
    static let spec = CommandSpec(
      name: "answer", abstract: "Answers.", arguments: [ArgumentSpec("kind", abstract: "What to answer.")])

    static func run(_ arguments: ParsedArguments) throws(ActionFailure) -> String {
      switch arguments.required("kind") {
      case "no": throw .answer("Differ: they do")
      case "trouble": throw .trouble("b.png", "is a Git LFS pointer")
      case "failure": throw ActionFailure("It broke.")
      default: return "Match"
      }
    }
  }

  let runner = CommandRunner(root: CommandSpec(name: "tool", abstract: ""), commands: [Answer.self])

  @Test func yesExitsZeroOnStdout() {
    #expect(runner.run(["answer", "yes"]) == CommandResult(exitCode: 0, stdout: "Match\n"))
  }

  @Test func noExitsOneOnStdout() {
    #expect(runner.run(["answer", "no"]) == CommandResult(exitCode: 1, stdout: "Differ: they do\n"))
  }

  @Test func troubleExitsTwoWithOneErrorLineNamingTheFile() {
    #expect(
      runner.run(["answer", "trouble"])
        == CommandResult(exitCode: 2, stderr: "Error: b.png: is a Git LFS pointer\n"))
  }

  @Test func failureStillExitsOne() {
    #expect(runner.run(["answer", "failure"]) == CommandResult(exitCode: 1, stderr: "Error: It broke.\n"))
  }
}
