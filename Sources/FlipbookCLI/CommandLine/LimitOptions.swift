import FlipbookBatch

// MARK: - RenderLimits from the command line

/// The options that lift a safety limit, which `render` and `inspect` share: `--allow-large` lets a
/// render past `RenderBudget` start, `--allow-outside-files` lets a scene's `contents` files lie outside
/// its folder. They set the library's `RenderLimits`.
extension RenderLimits {
  /// The two flags as the commands declare them.
  static let specs: [OptionSpec] = [
    .flag("allow-large", abstract: "Run even past the work budget (see the manual's Limits)."),
    .flag("allow-outside-files", abstract: "Let a scene's contents files lie outside the document's folder."),
  ]

  /// The flags as given on the command line.
  init(_ arguments: ParsedArguments) {
    self.init(allowLarge: arguments.flag("allow-large"), allowOutsideFiles: arguments.flag("allow-outside-files"))
  }
}
