import FlipbookBatch
import FlipbookPreview
import FlipbookScene
import FlipbookTiming

/// `flipbook plot <document> -o <output> [--at T0..T1] [--keys offset,inset,progress,state] [--layer NAME --key KEY]`
enum PlotCommand: FlipbookCommand {
  static let spec = CommandSpec(
    name: "plot",
    abstract: "Plots a document's motion over time as a PNG or an SVG: state band, curves, thresholds.",
    discussion: """
      A gesture script gives its refresh state as a band, contentOffset.y, contentInset.top and \
      refreshProgress as curves with the component's trigger as a dashed line, and the finger's down and up \
      marks. With --layer and --key, any document gives a layer's presented property instead. Everything is \
      sampled 240 times a second at exact times; the output is written only once it is whole.
      """,
    arguments: [
      ArgumentSpec("document", abstract: "The scene document or gesture script (JSON).", type: .path)
    ],
    options: [
      .value("output", short: "o", abstract: "Where to write the plot: a .svg or .png file.", isRequired: true),
      .value("at", abstract: "The time span to plot, T0..T1 in seconds.", defaultDescription: "the whole document"),
      .value(
        "keys", abstract: "Script tracks, comma-separated: offset, inset, progress, state.",
        defaultDescription: "every one the script has"),
      .value("layer", abstract: "The named layer whose property to plot (with --key)."),
      .value(
        "key", abstract: "The property's key path: opacity, strokeEnd, transform.rotation.z, position…"),
      .value("width", abstract: "The plot's width in points.", type: .number, defaultValue: "840"),
      .value("scale", abstract: "PNG: pixels per point, 1, 2 or 3.", type: .number, defaultValue: "2"),
      .quiet("No warnings or summary line; only errors."),
    ] + RenderLimits.specs
  )

  static func validate(_ arguments: ParsedArguments) throws(UsageError) {
    try OutputPaths.rejectEmpty(arguments, options: ["output"])
    let output = arguments.string("output")?.lowercased() ?? ""
    guard output.hasSuffix(".svg") || output.hasSuffix(".png") else {
      throw UsageError("--output must end in .svg or .png (got '\(arguments.string("output") ?? "")')")
    }
    _ = try range(arguments)
    _ = try keys(arguments)
    switch (arguments.string("layer"), arguments.string("key")) {
    case (_?, nil): throw UsageError("--layer needs --key: the property to plot")
    case (nil, _?): throw UsageError("--key needs --layer: the layer whose property to plot")
    case (_?, _?) where arguments.string("keys") != nil:
      throw UsageError("give --keys (a script's tracks) or --layer and --key (a layer's property), not both")
    default: break
    }
    if let key = arguments.string("key"), !PresentedProperty.keyNames.contains(key) {
      let hint = SpellingSuggestion.closest(to: key, among: PresentedProperty.keyNames).map {
        " (did you mean '\($0)'?)"
      }
      throw UsageError("--key: unknown or unplottable key path '\(key)'\(hint ?? "")")
    }
    if let width = arguments.number("width"), !(320...4096).contains(width) {
      throw UsageError("--width must be from 320 to 4096 points (got \(RenderCommand.format(width)))")
    }
    if let scale = arguments.number("scale"), ![1, 2, 3].contains(scale) {
      throw UsageError("--scale must be 1, 2 or 3 (got \(RenderCommand.format(scale)))")
    }
  }

  /// `--at T0..T1`, each decimal taken exactly; T0 from 0, T1 after it.
  static func range(_ arguments: ParsedArguments) throws(UsageError) -> (from: Rational, to: Rational)? {
    guard let text = arguments.string("at") else { return nil }
    let parts = text.components(separatedBy: "..")
    guard parts.count == 2, let from = Double(parts[0]), let to = Double(parts[1]),
      let start = Rational(decimal: from), let end = Rational(decimal: to)
    else {
      throw UsageError("--at must be a time span such as 0.2..1.5 (got '\(text)')")
    }
    guard from >= 0, to <= 86_400 else {
      throw UsageError("--at must lie from 0 to 86400 seconds (got '\(text)')")
    }
    guard end > start else { throw UsageError("--at must end after it starts (got '\(text)')") }
    return (start, end)
  }

  /// `--keys`, each a track name; a slip gets the nearest name.
  static func keys(_ arguments: ParsedArguments) throws(UsageError) -> [MotionTracks.Key]? {
    guard let text = arguments.string("keys") else { return nil }
    let names = MotionTracks.Key.allCases.map(\.rawValue)
    var keys: [MotionTracks.Key] = []
    for word in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
      guard let key = MotionTracks.Key(rawValue: word) else {
        let hint = SpellingSuggestion.closest(to: word, among: names).map { " (did you mean '\($0)'?)" } ?? ""
        throw UsageError("--keys: unknown track '\(word)'\(hint); the tracks are \(names.joined(separator: ", "))")
      }
      if !keys.contains(key) { keys.append(key) }
    }
    return keys
  }

  static func run(_ arguments: ParsedArguments) throws(ActionFailure) -> String {
    try OutputPaths.requireFolders(arguments, options: ["output"])
    var request = PlotAction.Request(document: arguments.required("document"), output: arguments.required("output"))
    do {
      request.range = try range(arguments)
      request.keys = try keys(arguments)
    } catch {
      throw ActionFailure(message: error.message, isUsage: true)
    }
    request.layer = arguments.string("layer")
    request.key = arguments.string("key")
    request.width = arguments.number("width") ?? request.width
    request.scale = arguments.number("scale") ?? request.scale
    request.quiet = arguments.flag("quiet")
    request.limits = RenderLimits(arguments)
    let summary = try PlotAction.run(request)
    return request.quiet ? "" : summary
  }
}
