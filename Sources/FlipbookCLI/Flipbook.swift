import FlipbookSupport
import Foundation

/// The `flipbook` command-line tool.
@main
struct Flipbook {
  /// Printed by `flipbook --version`.
  static let version = "0.1.0"

  static let spec = CommandSpec(
    name: "flipbook",
    abstract:
      "Renders iOS pull-to-refresh animations as frames, with a software Core Animation on Cairo."
  )

  /// The subcommands, in the order the help lists them. A new command is one file in
  /// `Commands/` plus one entry here.
  static var commands: [any FlipbookCommand.Type] {
    [
      RenderCommand.self,
      WatchCommand.self,
      InspectCommand.self,
      PreviewCommand.self,
      PlotCommand.self,
      DiffCommand.self,
      SnapshotsCommand.self,
      SchemaCommand.self,
    ]
  }

  static func main() {
    FreedMemory.keepForReuse()
    Interruption.install()
    let result = run(Array(CommandLine.arguments.dropFirst()), screenWidth: terminalWidth())
    Interruption.settle()
    FileHandle.standardOutput.write(Data(result.stdout.utf8))
    FileHandle.standardError.write(Data(result.stderr.utf8))
    exit(result.exitCode)
  }

  /// Parses and runs one invocation without touching the process's streams; `main` prints the
  /// result. Help is wrapped to `screenWidth` columns.
  static func run(_ arguments: [String], screenWidth: Int = 80) -> CommandResult {
    CommandRunner(root: spec, version: version, commands: commands, screenWidth: screenWidth)
      .run(arguments)
  }
}
