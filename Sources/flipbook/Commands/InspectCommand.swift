/// `flipbook inspect <scene>`
enum InspectCommand: FlipbookCommand {
  static let spec = CommandSpec(
    name: "inspect",
    abstract: "Prints a scene's layer tree as JSON.",
    arguments: [
      ArgumentSpec("scene", abstract: "The scene document (JSON).")
    ]
  )

  static func run(_ arguments: ParsedArguments) throws(ActionFailure) -> String {
    try Actions.inspect(scenePath: arguments.required("scene"))
  }
}
