import FlipbookBatch

/// `flipbook inspect <scene> [--at <at>] [--quiet]`
enum InspectCommand: FlipbookCommand {
  static let spec = CommandSpec(
    name: "inspect",
    abstract: "Prints a scene's layer tree as JSON.",
    discussion: """
      Without --at, the model tree as the document describes it. With --at, the presentation tree: what \
      the screen shows at that time, with every animation and event up to then applied, and a "time" key. \
      A gesture script is always shown at a time (0 by default), with its scroll view's state under "scroll".
      """,
    arguments: [
      ArgumentSpec("scene", abstract: "The scene document or gesture script (JSON).", type: .path)
    ],
    options: [
      .value("at", abstract: "The time to show, in seconds.", type: .number),
      .quiet("No warnings; the JSON, which is the command's product, is still printed."),
    ] + RenderLimits.specs
  )

  static func validate(_ arguments: ParsedArguments) throws(UsageError) {
    if let at = arguments.number("at"), !(0...86_400).contains(at) {
      throw UsageError("--at must be a time from 0 to 86400 seconds (got \(RenderCommand.format(at)))")
    }
  }

  static func run(_ arguments: ParsedArguments) throws(ActionFailure) -> String {
    try Actions.inspect(
      scenePath: arguments.required("scene"), at: arguments.number("at"), quiet: arguments.flag("quiet"),
      limits: RenderLimits(arguments))
  }
}
