/// `flipbook render <scene> -o <output> [--scale <scale>] [--png <png>]`
enum RenderCommand: FlipbookCommand {
  enum PNGEncoding: String, CaseIterable {
    case fast
    case smallest
  }

  static let spec = CommandSpec(
    name: "render",
    abstract: "Renders a scene document to a PNG image.",
    arguments: [
      ArgumentSpec("scene", abstract: "The scene document (JSON).")
    ],
    options: [
      .value("output", short: "o", abstract: "Where to write the PNG.", isRequired: true),
      .value(
        "scale",
        abstract: "Pixels per point: 1, 2 or 3.",
        type: .number,
        defaultDescription: "the scene's scale, else 2"
      ),
      .value(
        "png",
        abstract: "PNG encoding: fast or smallest.",
        type: .choice(of: PNGEncoding.self),
        defaultValue: PNGEncoding.fast.rawValue
      ),
    ]
  )

  static func validate(_ arguments: ParsedArguments) throws(UsageError) {
    if let scale = arguments.number("scale"), ![1, 2, 3].contains(scale) {
      throw UsageError("--scale must be 1, 2 or 3 (got \(format(scale)))")
    }
  }

  /// `2` for whole numbers, `1.5` otherwise.
  private static func format(_ number: Double) -> String {
    if number.isFinite && number.rounded() == number && abs(number) < 1e15 {
      return String(Int(number))
    }
    return String(number)
  }

  static func run(_ arguments: ParsedArguments) throws(ActionFailure) -> String {
    try Actions.render(
      scenePath: arguments.required("scene"),
      outputPath: arguments.required("output"),
      scale: arguments.number("scale"),
      smallestPNG: arguments.value("png", as: PNGEncoding.self) == .smallest
    )
  }
}
