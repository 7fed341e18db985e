import FlipbookLive

/// `flipbook watch <scene> -o <output> [--port <port>] [render's options]`
enum WatchCommand: FlipbookCommand {
  /// Render's options that make sense for a folder of frames rendered again and again: not `--at`
  /// (a still) nor `--shard` (a CI job's part of a batch).
  static let renderOptions = RenderCommand.spec.options.filter { !["at", "shard", "output"].contains($0.long) }

  static let spec = CommandSpec(
    name: "watch",
    abstract: "Renders a document, serves its player on 127.0.0.1, and renders again on every change.",
    discussion: """
      Renders like `flipbook render` into the output folder, then again whenever the document or a file it \
      reads (a contents image) changes. The player is served at http://127.0.0.1:PORT/ (loopback only) and \
      reloads itself after each render. A bad edit prints one Error: line and leaves the last good frames \
      in place and on the page. Ctrl-C stops.
      """,
    arguments: [ArgumentSpec("scene", abstract: "The scene document or gesture script (JSON).")],
    options: [
      .value("output", short: "o", abstract: "The frames folder to write and serve.", isRequired: true),
      .value(
        "port", abstract: "The port to serve on, on 127.0.0.1; 0 picks a free one.", type: .integer,
        defaultDescription: "\(WatchSession.defaultPort)"),
    ] + renderOptions
  )

  static func validate(_ arguments: ParsedArguments) throws(UsageError) {
    if let port = arguments.integer("port"), !(0...65535).contains(port) {
      throw UsageError("--port must be from 0 to 65535 (got \(port))")
    }
    if (arguments.string("output") ?? "").lowercased().hasSuffix(".png") {
      throw UsageError("watch renders frames; write to a folder, not a .png file")
    }
    try RenderCommand.validate(arguments)
  }

  static func run(_ arguments: ParsedArguments) throws(ActionFailure) -> String {
    try OutputPaths.requireFolders(arguments, options: ["output"])
    let session = try WatchSession(
      document: arguments.required("scene"), output: arguments.required("output"),
      port: arguments.integer("port").map { UInt16($0) } ?? WatchSession.defaultPort, quiet: arguments.flag("quiet")
    ) { () throws(ActionFailure) in try RenderCommand.run(arguments) }
    session.run()
  }
}
