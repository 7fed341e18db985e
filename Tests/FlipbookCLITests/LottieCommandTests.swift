import FlipbookGraphics
import FlipbookImageFormats
import Foundation
import Testing

/// `flipbook render` and `inspect` on Lottie files, end to end: stills at a progress, a frame or a time, every
/// frame into a folder, the screen fitted into `--width`/`--height`, and what is refused.
///
/// `lottie-fade.json` is a 40x30 red solid whose opacity goes linearly from 0 at frame 0 to 100 at frame 10,
/// at 10 frames a second: at frame f its alpha is f/10, so every moment has a known pixel.
@Suite("Lottie files on the command line")
struct LottieCommandTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "__Fixtures__")
  let fade = fixtures.appendingPathComponent("lottie-fade.json").path

  func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-lottie-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// The alpha of the fade's red at frame `frame`, in 8 bits (linear opacity f/10, rounded either way).
  func expectFade(_ image: Image, frame: Double, sourceLocation: SourceLocation = #_sourceLocation) {
    let pixel = image.pixel(x: image.width / 2, y: image.height / 2)
    let alpha = frame / 10 * 255
    #expect(abs(Double(pixel.a) - alpha) <= 1, "alpha \(pixel.a) at frame \(frame)", sourceLocation: sourceLocation)
    if pixel.a > 0 { #expect(pixel.r == 255 && pixel.g == 0 && pixel.b == 0, sourceLocation: sourceLocation) }
  }

  @Test(
    "A still at --progress, --frame or --at shows lottie-ios's frame for it",
    arguments: [
      (["--progress", "0.5"], 5.0), (["--frame", "2.5"], 2.5), (["--at", "0.3"], 3.0), (["--progress", "1"], 10.0),
      ([], 0.0),
    ])
  func stills(moment: [String], frame: Double) throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let output = dir.appendingPathComponent("still.png").path
    let result = try FlipbookBinary.run(["render", fade, "-o", output] + moment)
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stderr.isEmpty, "a file iOS draws as it is has no warnings")
    let image = try Image(contentsOfFile: output)
    #expect(image.width == 80 && image.height == 60, "the file's size in points at the default scale 2")
    expectFade(image, frame: frame)
  }

  @Test("Frames: every whole frame from the in point, at the file's rate; alpha f/10 in frame f")
  func frames() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let output = dir.appendingPathComponent("frames").path
    let result = try FlipbookBinary.run(["render", fade, "-o", output, "--scale", "1", "-q"])
    #expect(result.exitCode == 0, "\(result)")
    let names = try FileManager.default.contentsOfDirectory(atPath: output).filter { $0.hasSuffix(".png") }.sorted()
    #expect(names.count == 10)
    for (index, name) in names.enumerated() {
      expectFade(try Image(contentsOfFile: (output as NSString).appendingPathComponent(name)), frame: Double(index))
    }
  }

  @Test("--width and --height fit the animation keeping its aspect, centred in the box")
  func fitted() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let output = dir.appendingPathComponent("fitted.png").path
    let result = try FlipbookBinary.run([
      "render", fade, "-o", output, "--progress", "1", "--width", "80", "--height", "100", "--scale", "1",
    ])
    #expect(result.exitCode == 0, "\(result)")
    let image = try Image(contentsOfFile: output)
    #expect(image.width == 80 && image.height == 100)
    // 40x30 scaled by 2 is 80x60, centred: rows 20 to 80 are red, the bands above and below are empty.
    #expect(image.pixel(x: 40, y: 10).a == 0 && image.pixel(x: 40, y: 90).a == 0)
    #expect(image.pixel(x: 40, y: 21) == RGBA8(255, 0, 0) && image.pixel(x: 40, y: 78) == RGBA8(255, 0, 0))
    let wide = try FlipbookBinary.run([
      "render", fade, "-o", output, "--progress", "1", "--width", "20", "--scale", "1",
    ])
    #expect(wide.exitCode == 0, "\(wide)")
    let proportional = try Image(contentsOfFile: output)
    #expect(proportional.width == 20 && proportional.height == 15, "one side given: the other in proportion")
  }

  @Test(
    "Moments that cannot be are usage errors, one line each",
    arguments: [
      (["--progress", "1.5"], "--progress must be from 0 to 1"),
      (["--progress", "0.5", "--frame", "3"], "give one of --at, --progress and --frame"),
      (["--frame", "11"], "is outside"),
      (["--width", "0"], "--width must be from 1 to 10000 points"),
    ])
  func refusals(arguments: [String], message: String) throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let output = dir.appendingPathComponent("still.png").path
    let result = try FlipbookBinary.run(["render", fade, "-o", output] + arguments)
    #expect(result.exitCode == 64, "\(result)")
    // One error line, then the usage lines every usage error ends with.
    let first = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
    #expect(first.hasPrefix("Error: ") && first.contains(message), "\(result.stderr)")
    #expect(result.stderr.split(separator: "\n").dropFirst().allSatisfy { !$0.hasPrefix("Error") })
    #expect(!FileManager.default.fileExists(atPath: output), "nothing written")
  }

  @Test("--progress is for Lottie animations only")
  func progressOnAScene() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let scene = Self.fixtures.appendingPathComponent("small.json").path
    let result = try FlipbookBinary.run([
      "render", scene, "-o", dir.appendingPathComponent("x.png").path, "--progress", "0.5",
    ])
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stderr.contains("--progress is for Lottie animations"), "\(result.stderr)")
  }

  @Test("inspect gives the verdict, the issues, the frames and the size before the layer tree")
  func inspect() throws {
    let supported = try FlipbookBinary.run(["inspect", fade, "-q"])
    #expect(supported.exitCode == 0, "\(supported)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(supported.stdout.utf8)) as? [String: Any])
    let lottie = try #require(json["lottie"] as? [String: Any])
    #expect(lottie["verdict"] as? String == "supported")
    #expect((lottie["issues"] as? [Any])?.isEmpty == true)
    #expect(lottie["frames"] as? [String: Double] == ["in": 0, "out": 10, "rate": 10])
    #expect(lottie["size"] as? [Double] == [40, 30])

    let animated = Self.fixtures.appendingPathComponent("lottie-text-animator.json").path
    let refused = try FlipbookBinary.run(["inspect", animated, "-q"])
    #expect(refused.exitCode == 0, "inspect lists issues, it does not fail on them: \(refused)")
    let refusedJSON = try #require(
      try JSONSerialization.jsonObject(with: Data(refused.stdout.utf8)) as? [String: Any])
    let refusedLottie = try #require(refusedJSON["lottie"] as? [String: Any])
    #expect(refusedLottie["verdict"] as? String == "unsupported")
    let issues = try #require(refusedLottie["issues"] as? [[String: String]])
    #expect(issues.contains { $0["feature"] == "text animators" && $0["layer"] == "Label" }, "\(issues)")
  }

  @Test("A feature iOS does not draw is a warning naming its layer, and with --strict an error with nothing written")
  func strict() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let animated = Self.fixtures.appendingPathComponent("lottie-text-animator.json").path
    let output = dir.appendingPathComponent("still.png").path
    let warned = try FlipbookBinary.run(["render", animated, "-o", output])
    #expect(warned.exitCode == 0, "\(warned)")
    #expect(warned.stderr.contains("warning: \(animated): text animators (Label)"), "\(warned.stderr)")
    try FileManager.default.removeItem(atPath: output)
    let strict = try FlipbookBinary.run(["render", animated, "-o", output, "--strict"])
    #expect(strict.exitCode == 1, "\(strict)")
    #expect(strict.stderr.hasPrefix("Error: ") && strict.stderr.contains("text animators"), "\(strict.stderr)")
    #expect(strict.stderr.split(separator: "\n").count == 1)
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  /// DejaVu Sans (Debian's fonts-dejavu-core): the font `lottie-font.json` names by its PostScript name.
  static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

  @Test(
    "--fonts and a document's \"fonts\" give the file its font, found by its PostScript name; a bad path is one error")
  func fonts() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let animation = Self.fixtures.appendingPathComponent("lottie-font.json").path
    func still(_ name: String, _ arguments: [String]) throws -> (FlipbookBinary.Output, String) {
      let output = dir.appendingPathComponent(name).path
      return (try FlipbookBinary.run(["render", "-o", output, "-q"] + arguments), output)
    }
    let (plain, plainPath) = try still("plain.png", [animation])
    let (given, givenPath) = try still("given.png", [animation, "--fonts", Self.dejaVu])
    let (folder, folderPath) = try still(
      "folder.png", [animation, "--fonts", (Self.dejaVu as NSString).deletingLastPathComponent])
    #expect(plain.exitCode == 0 && given.exitCode == 0 && folder.exitCode == 0, "\(plain) \(given) \(folder)")
    let fallback = try Image(contentsOfFile: plainPath)
    let dejaVu = try Image(contentsOfFile: givenPath)
    #expect(dejaVu != fallback, "without the font the text falls back to Inter")
    #expect(try Image(contentsOfFile: folderPath) == dejaVu, "a folder registers the same font")
    // The same through an overrides document naming a copy of the font beside it.
    try FileManager.default.copyItem(atPath: Self.dejaVu, toPath: dir.appendingPathComponent("Brand.ttf").path)
    try FileManager.default.copyItem(atPath: animation, toPath: dir.appendingPathComponent("anim.json").path)
    let document = dir.appendingPathComponent("themed.json").path
    try Data(#"{"lottie": "anim.json", "fonts": ["Brand.ttf"]}"#.utf8).write(to: URL(fileURLWithPath: document))
    let (themed, themedPath) = try still("themed.png", [document])
    #expect(themed.exitCode == 0, "\(themed)")
    #expect(try Image(contentsOfFile: themedPath) == dejaVu)
    // What cannot be a font: one line naming it, nothing written.
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("empty"), withIntermediateDirectories: true)
    for (path, words) in [
      ("/nonexistent/font.ttf", "no such font file or folder"),
      (dir.appendingPathComponent("empty").path, "holds no font file"),
      (animation, "not a font file"),
    ] {
      let (failed, output) = try still("failed.png", [animation, "--fonts", path])
      #expect(failed.exitCode == 1, "\(failed)")
      #expect(failed.stderr.hasPrefix("Error: ") && failed.stderr.contains(words), "\(failed.stderr)")
      #expect(failed.stderr.split(separator: "\n").count == 1, "\(failed.stderr)")
      #expect(!FileManager.default.fileExists(atPath: output))
    }
  }
}
