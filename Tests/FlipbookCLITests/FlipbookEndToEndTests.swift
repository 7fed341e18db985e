import Testing

/// Runs the `flipbook` binary and compares stdout, stderr and the exit code exactly with what
/// swift-argument-parser would print for the same commands.
@Suite struct FlipbookEndToEndTests {
  static let rootHelp = """
    OVERVIEW: Renders iOS pull-to-refresh animations as frames, with a software
    Core Animation on Cairo.

    USAGE: flipbook <subcommand>

    OPTIONS:
      --version               Show the version.
      -h, --help              Show help information.

    SUBCOMMANDS:
      render                  Renders a scene, gesture script or Lottie animation
                              to a PNG, or to a folder of frames.
      watch                   Renders a document, serves its player on 127.0.0.1,
                              and renders again on every change.
      inspect                 Prints a scene's layer tree as JSON.
      preview                 Makes previews of a rendered frame folder: APNG, GIF,
                              contact sheet, HTML player, video.
      plot                    Plots a document's motion over time as a PNG or an
                              SVG: state band, curves, thresholds.
      diff                    Compares two PNGs, two frame folders or two animated
                              PNGs: pixels and timing.
      snapshots               Finds snapshot references that no test uses any more.
      schema                  Prints the JSON Schema of a kind of file Flipbook
                              reads or writes.

      See 'flipbook help <subcommand>' for detailed help.

    """

  static let renderHelp = """
    OVERVIEW: Renders a scene, gesture script or Lottie animation to a PNG, or to a
    folder of frames.

    An output ending in .png gets one still image of what the screen shows at --at.
    Any other output is a folder of frames (frame_000000.png, ... and
    manifest.json) from --from up to, not including, --to at --fps; an existing
    folder is replaced only once every frame is written. Several documents, or one
    with "variants", are a batch: each variant renders into
    OUTPUT/<document>/<variant>/ and OUTPUT/index.json lists them; --shard i/n
    renders one deterministic n-th of the batch. A Lottie file (JSON or .lottie)
    renders at its own frame rate and size unless told otherwise; a still may be at
    --progress or --frame, as lottie-ios means them.

    USAGE: flipbook render [<options>] <scene> ... --output <output>

    ARGUMENTS:
      <scene> ...             The scene documents, gesture scripts or Lottie files
                              (JSON or .lottie).

    OPTIONS:
      -o, --output <output>   Where to write the PNG or the frames folder.
      --scale <scale>         Pixels per point: 1, 2 or 3. (default: the scene's
                              scale, else 2)
      --png <png>             PNG encoding: fast or smallest. (values: fast,
                              smallest; default: fast)
      --at <at>               For a still: the time to show, in seconds. (default:
                              0)
      --progress <progress>   For a still of a Lottie animation: the progress to
                              show, 0 to 1 (lottie-ios's).
      --frame <frame>         For a still of a Lottie animation: the frame to show,
                              in the file's frame numbers.
      --width <width>         For a Lottie animation: the screen's width in points,
                              the animation fitted in it. (default: the
                              animation's, or in proportion to --height)
      --height <height>       For a Lottie animation: the screen's height in
                              points, the animation fitted in it. (default: the
                              animation's, or in proportion to --width)
      --strict                For a Lottie animation: fail on a feature iOS does
                              not draw instead of warning.
      --fonts <fonts>         For a Lottie animation: a font file, or a folder of
                              them, the animation is given with. (default: none)
      --fps <fps>             For frames: frames per second. (default: the scene's,
                              else 60)
      --from <from>           For frames: the first frame's time, in seconds.
                              (default: 0)
      --to <to>               For frames: where the frames stop, in seconds.
                              (default: the document's duration)
      -j, --jobs <jobs>       For frames: threads rasterizing and encoding.
                              (default: one per core)
      -q, --quiet             No progress bar, warnings or summary line; only
                              errors.
      --preview <preview>     For frames: also write previews into the folder,
                              comma-separated (preview.png, …). (default: none;
                              values: apng, gif, webp, sheet, html, mp4, webm)
      --shard <shard>         For a batch: render only part i of n (1/4, 2/4, …),
                              the same on every machine. (default: the whole batch)
      --allow-large           Run even past the work budget (see the manual's
                              Limits).
      --allow-outside-files   Let a scene's contents files lie outside the
                              document's folder.
      --version               Show the version.
      -h, --help              Show help information.


    """

  static let inspectHelp = """
    OVERVIEW: Prints a scene's layer tree as JSON.

    Without --at, the model tree as the document describes it. With --at, the
    presentation tree: what the screen shows at that time, with every animation and
    event up to then applied, and a "time" key. A gesture script is always shown at
    a time (0 by default), with its scroll view's state under "scroll".

    USAGE: flipbook inspect <scene> [--at <at>] [--quiet] [--allow-large] [--allow-outside-files]

    ARGUMENTS:
      <scene>                 The scene document or gesture script (JSON).

    OPTIONS:
      --at <at>               The time to show, in seconds.
      -q, --quiet             No warnings; the JSON, which is the command's
                              product, is still printed.
      --allow-large           Run even past the work budget (see the manual's
                              Limits).
      --allow-outside-files   Let a scene's contents files lie outside the
                              document's folder.
      --version               Show the version.
      -h, --help              Show help information.


    """

  static let renderUsage = """
    Usage: flipbook render [<options>] <scene> ... --output <output>
      See 'flipbook render --help' for more information.

    """

  static let rootUsage = """
    Usage: flipbook <subcommand>
      See 'flipbook --help' for more information.

    """

  typealias Output = FlipbookBinary.Output

  static func usageError(_ lines: String, usage: String = renderUsage) -> Output {
    Output(exitCode: 64, stdout: "", stderr: lines + "\n" + usage)
  }

  @Test func noArgumentsPrintsRootHelp() throws {
    #expect(try FlipbookBinary.run([]) == Output(exitCode: 0, stdout: Self.rootHelp, stderr: ""))
  }

  @Test(arguments: [["--help"], ["-h"], ["help"]])
  func rootHelp(arguments: [String]) throws {
    #expect(
      try FlipbookBinary.run(arguments) == Output(exitCode: 0, stdout: Self.rootHelp, stderr: ""))
  }

  @Test(arguments: [
    ["render", "--help"], ["render", "-h"], ["help", "render"], ["render", "scene.json", "-h"],
    ["-h", "render"], ["render", "--bogus", "--help"],
  ])
  func renderHelp(arguments: [String]) throws {
    #expect(
      try FlipbookBinary.run(arguments) == Output(exitCode: 0, stdout: Self.renderHelp, stderr: ""))
  }

  @Test func renderHelpEqualsHelpRender() throws {
    let flag = try FlipbookBinary.run(["render", "--help"])
    let subcommand = try FlipbookBinary.run(["help", "render"])
    #expect(flag == subcommand)
  }

  @Test func inspectHelp() throws {
    #expect(
      try FlipbookBinary.run(["help", "inspect"])
        == Output(exitCode: 0, stdout: Self.inspectHelp, stderr: ""))
  }

  @Test(arguments: [["--version"], ["render", "--version"]])
  func version(arguments: [String]) throws {
    #expect(try FlipbookBinary.run(arguments) == Output(exitCode: 0, stdout: "0.1.0\n", stderr: ""))
  }

  @Test func unknownOptionAtRoot() throws {
    #expect(
      try FlipbookBinary.run(["--frobnicate"])
        == Self.usageError("Error: Unknown option '--frobnicate'", usage: Self.rootUsage))
  }

  @Test func unknownOption() throws {
    #expect(
      try FlipbookBinary.run(["render", "scene.json", "-o", "out.png", "--frobnicate"])
        == Self.usageError("Error: Unknown option '--frobnicate'"))
  }

  @Test func unknownOptionSuggestsCloseName() throws {
    #expect(
      try FlipbookBinary.run(["render", "scene.json", "--outptu", "out.png"])
        == Self.usageError("Error: Unknown option '--outptu'. Did you mean '--output'?"))
  }

  @Test func unknownShortOption() throws {
    #expect(
      try FlipbookBinary.run(["render", "scene.json", "-x"])
        == Self.usageError("Error: Unknown option '-x'"))
  }

  @Test func missingArgument() throws {
    #expect(
      try FlipbookBinary.run(["render", "-o", "out.png"])
        == Self.usageError(
          """
          Error: Missing expected argument '<scene> ...'
          Help:  <scene> ...  The scene documents, gesture scripts or Lottie files (JSON or .lottie).
          """))
  }

  @Test func missingRequiredOption() throws {
    #expect(
      try FlipbookBinary.run(["render", "scene.json"])
        == Self.usageError(
          """
          Error: Missing expected argument '--output <output>'
          Help:  --output <output>  Where to write the PNG or the frames folder.
          """))
  }

  @Test func missingValue() throws {
    #expect(
      try FlipbookBinary.run(["render", "scene.json", "-o"])
        == Self.usageError(
          """
          Error: Missing value for '-o <output>'
          Help:  -o <output>  Where to write the PNG or the frames folder.
          """))
  }

  @Test func missingValueBeforeAnotherOption() throws {
    #expect(
      try FlipbookBinary.run(["render", "scene.json", "--output", "--scale", "2"])
        == Self.usageError(
          """
          Error: Missing value for '--output <output>'
          Help:  --output <output>  Where to write the PNG or the frames folder.
          """))
  }

  @Test func badEnumValue() throws {
    #expect(
      try FlipbookBinary.run(["render", "scene.json", "-o", "out.png", "--png", "tiny"])
        == Self.usageError(
          """
          Error: The value 'tiny' is invalid for '--png <png>'. Please provide one of 'fast' and 'smallest'.
          Help:  --png <png>  PNG encoding: fast or smallest.
          """))
  }

  @Test func badEnumValueWithEquals() throws {
    #expect(
      try FlipbookBinary.run(["render", "scene.json", "--png=tiny", "--output=out.png"])
        == Self.usageError(
          """
          Error: The value 'tiny' is invalid for '--png <png>'. Please provide one of 'fast' and 'smallest'.
          Help:  --png <png>  PNG encoding: fast or smallest.
          """))
  }

  @Test func badScaleValue() throws {
    #expect(
      try FlipbookBinary.run(["render", "scene.json", "-o", "out.png", "--scale", "big"])
        == Self.usageError(
          """
          Error: The value 'big' is invalid for '--scale <scale>'
          Help:  --scale <scale>  Pixels per point: 1, 2 or 3.
          """))
  }

  @Test(arguments: [("4", "4"), ("0", "0"), ("1.5", "1.5"), ("-1", "-1"), ("4.0", "4")])
  func scaleOutOfRange(scale: String, shown: String) throws {
    // `--scale=<value>`: also covers `=` parsing of both options (no missing-output error).
    #expect(
      try FlipbookBinary.run(["render", "scene.json", "--output=out.png", "--scale=\(scale)"])
        == Self.usageError("Error: --scale must be 1, 2 or 3 (got \(shown))"))
  }

  @Test func unknownSubcommand() throws {
    #expect(
      try FlipbookBinary.run(["animate"])
        == Self.usageError("Error: unknown subcommand 'animate'", usage: Self.rootUsage))
  }

  @Test func batchToAStill() throws {
    #expect(
      try FlipbookBinary.run(["render", "scene.json", "extra.json", "-o", "out.png"])
        == Self.usageError("Error: a batch of documents renders folders; write to a folder, not a .png file"))
  }

  @Test func unexpectedExtraArguments() throws {
    #expect(
      try FlipbookBinary.run(["inspect", "a.json", "b.json", "c.json"])
        == Self.usageError(
          "Error: 2 unexpected arguments: 'b.json', 'c.json'",
          usage: """
            Usage: flipbook inspect <scene> [--at <at>] [--quiet] [--allow-large] [--allow-outside-files]
              See 'flipbook inspect --help' for more information.

            """))
  }

  @Test func doubleDashEndsOptions() throws {
    // After `--`, `-h` and `-o` are two scenes, not options, so the output is missing.
    #expect(
      try FlipbookBinary.run(["render", "--", "-h", "-o"])
        == Self.usageError(
          """
          Error: Missing expected argument '--output <output>'
          Help:  --output <output>  Where to write the PNG or the frames folder.
          """))
  }

  @Test func flagWithValue() throws {
    #expect(
      try FlipbookBinary.run(["render", "scene.json", "-o", "out.png", "--help=yes"])
        == Self.usageError(
          "Error: The option '--help' does not take any value, but 'yes' was specified."))
  }
}
