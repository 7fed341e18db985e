import FlipbookBatch
import FlipbookGraphics
import FlipbookImageFormats
import FlipbookJSON
import FlipbookPreview
import FlipbookTiming
import Foundation
import Testing

@testable import FlipbookCLI

/// `flipbook plot`: its data checked against a render's manifest, its files read back by other tools,
/// and its refusals.
@Suite("flipbook plot")
struct PlotCommandTests {
  static let egoFullRefresh = Workspace.examples.appendingPathComponent("scripts/ego/full-refresh.json").path
  static let airplaneScene = Workspace.examples.appendingPathComponent("scenes/airplane-refresh.json").path

  /// The plot's tracks for `document`, as `flipbook plot` computes them.
  static func tracks(_ document: String, range: (Rational, Rational)? = nil) throws -> MotionTracks {
    var request = PlotAction.Request(document: document, output: "unused.svg")
    request.range = range
    let source = try Actions.load(document, scale: nil, quiet: true, limits: RenderLimits())
    return try PlotAction.scriptTracks(
      source, keys: nil, clock: try PlotAction.sampleClock(request, duration: source.document.duration))
  }

  @Test("EGO's full refresh: the plotted offset crosses −65 pt where the band turns to pulling, as the manifest has it")
  func egoCrossing() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    // At the script's own scale, as the plot simulates it: the scroll view settles within half a pixel,
    // so a render at another scale ends its bounces at other moments.
    let frames = workspace.path("frames")
    let render = try FlipbookBinary.run(["render", Self.egoFullRefresh, "-o", frames, "--to", "2", "-q"])
    #expect(render.exitCode == 0, "\(render)")
    let manifest = try JSONParser.parse(Data(contentsOf: URL(fileURLWithPath: frames + "/manifest.json")))
    guard case .array(let entries)? = manifest["frames"] else {
      Issue.record("no frames in the manifest")
      return
    }
    #expect(manifest["offsetThreshold"] == .number(-65))
    #expect(manifest["refreshStates"] == .array(["normal", "pulling", "loading"].map(JSONValue.string)))
    #expect(manifest["touchDowns"] == .array([.number(0.2)]) && manifest["touchUps"] == .array([.number(1.4)]))

    let tracks = try Self.tracks(Self.egoFullRefresh, range: (.zero, Rational(2)))
    let offset = try #require(tracks.series(named: "contentOffset.y"))
    #expect(offset.samples.count == 480 && offset.thresholds.map(\.value) == [-65])
    // Every fourth sample is at a 60 fps frame's time, and is that frame's manifest entry.
    for (index, entry) in entries.enumerated() {
      let sample = offset.samples[4 * index]
      guard case .array(let pair)? = entry["contentOffset"], case .number(let y) = pair[1],
        case .string(let state)? = entry["refreshState"], case .number(let time)? = entry["time"]
      else {
        Issue.record("frame \(index) has no contentOffset or refreshState")
        return
      }
      #expect(abs(sample.time - time) < 1e-6 && abs(sample.value - y) < 1e-6, "frame \(index): \(sample.value) vs \(y)")
      #expect(tracks.state(at: sample.time) == state, "frame \(index)")
    }
    // The crossing: the first sample past −65 pt is where the pulling span starts, and the first
    // pulling frame of the render is at that time.
    let crossing = try #require(offset.samples.first { $0.value < -65 })
    let pulling = try #require(tracks.spans.first { $0.state == "pulling" })
    #expect(pulling.start == crossing.time)
    let firstPulling = try #require(entries.first { $0["refreshState"] == .string("pulling") })
    #expect(firstPulling["time"].map { abs(($0.numberValue ?? 0) - crossing.time) < 1e-6 } == true)
    #expect(crossing.time > 0.6 && crossing.time < 0.9, "\(crossing.time)")

    // The PNG the command writes shows it: normal just before the crossing, pulling just after.
    let png = workspace.path("ego.png")
    let result = try FlipbookBinary.run(["plot", Self.egoFullRefresh, "-o", png, "--at", "0..2"])
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout.hasPrefix("Wrote \(png): 840x"), "\(result.stdout)")
    let image = try Image(contentsOfFile: png)
    let plot = TrackPlot(tracks: tracks)
    let band = try #require(plot.layout.band)
    let scale = Double(image.width) / plot.width
    for (time, state) in [(crossing.time - 0.02, "normal"), (crossing.time + 0.02, "pulling")] {
      let pixel = image.pixel(x: Int(plot.x(forTime: time) * scale), y: Int((band.minY + 2) * scale))
      let color = TrackColors.color(of: state, among: tracks.states)
      #expect(
        abs(Int(pixel.r) - Int((color.red * 255).rounded())) <= 2
          && abs(Int(pixel.b) - Int((color.blue * 255).rounded())) <= 2, "\(state) at \(time): \(pixel)")
    }
  }

  @Test("The README shows EGO's plot beside the contact sheets, and the picture is what flipbook plot draws now")
  func readmePicture() throws {
    let repository = Workspace.examples.deletingLastPathComponent()
    let readme = try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(readme.contains(#"<img src="examples/previews/ego-refresh-plot.png" width="840""#))
    let committed = try Image(
      contentsOfFile: Workspace.examples.appendingPathComponent("previews/ego-refresh-plot.png").path)
    let fresh = try TrackPlot(tracks: try Self.tracks(Self.egoFullRefresh)).image(scale: 2)
    #expect(
      committed == fresh,
      "redraw it: flipbook plot examples/scripts/ego/full-refresh.json -o examples/previews/ego-refresh-plot.png")
  }

  @Test("SVG output is well-formed XML and PNG output decodes, read by Python's xml.etree and Pillow")
  func filesReadBack() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let svg = workspace.path("plot.svg")
    let png = workspace.path("plot.png")
    for output in [svg, png] {
      let result = try FlipbookBinary.run(["plot", Workspace.pullScript, "-o", output, "--keys", "state,offset"])
      #expect(result.exitCode == 0, "\(result)")
    }
    #expect(try workspace.contents() == ["plot.png", "plot.svg"], "no temporary files left")
    let python = ExternalTool(path: "/usr/bin/python3")
    guard python.exists else {
      Issue.record("python3 is missing: the SVG and PNG are not read back by an outside tool")
      return
    }
    let check = """
      import sys, xml.etree.ElementTree as ET
      root = ET.parse(sys.argv[1]).getroot()
      print(root.tag, root.get("width"), root.get("height"))
      try:
          from PIL import Image
      except ImportError:
          print("no Pillow"); sys.exit(0)
      image = Image.open(sys.argv[2]); image.verify()
      image = Image.open(sys.argv[2]); image.load()
      print(image.format, image.size[0], image.size[1])
      """
    let output = String(decoding: try python.run(["-c", check, svg, png]), as: UTF8.self)
    let lines = output.split(separator: "\n")
    #expect(lines.first?.hasPrefix("{http://www.w3.org/2000/svg}svg 840px ") == true, "\(output)")
    #expect(lines.count == 2 && (lines[1] == "no Pillow" || lines[1].hasPrefix("PNG 1680 ")), "\(output)")
    let decoded = try Image(contentsOfFile: png)
    #expect(decoded.width == 1680)
    let pngcheck = ExternalTool(path: "/usr/bin/pngcheck")
    if pngcheck.exists { _ = try pngcheck.run(["-q", png]) }
  }

  @Test(
    "A scene's layer property is sampled at 240 Hz from the presentation tree: known values of the oval's strokeEnd")
  func layerProperty() throws {
    let source = try Actions.load(Self.airplaneScene, scale: nil, quiet: true, limits: RenderLimits())
    let clock = FrameClock(start: .zero, end: Rational(3), rate: Rational(PlotAction.sampleRate))
    let tracks = try PlotAction.propertyTracks(source.document, layer: "oval", key: "strokeEnd", clock: clock)
    let series = try #require(tracks.series.first)
    #expect(series.name == "oval.strokeEnd" && series.unit == "" && series.samples.count == 720)
    // strokeEnd runs 0 → 1 linearly each 1.5 s lap: half at 0.75 s, a quarter 0.375 s into the second lap.
    #expect(abs(series.samples[180].value - 0.5) < 1e-9 && series.samples[180].time == 0.75)
    #expect(abs(series.samples[450].value - 0.25) < 1e-9)
    let again = try Actions.load(Self.airplaneScene, scale: nil, quiet: true, limits: RenderLimits())
    let position = try PlotAction.propertyTracks(again.document, layer: "airplane", key: "position", clock: clock)
    #expect(position.series.map(\.name) == ["airplane.position.x", "airplane.position.y"])
    // The paced path starts and ends a lap at 3 o'clock on the oval, (204, 55).
    #expect(
      abs(position.series[0].samples[0].value - 204) < 1e-6 && abs(position.series[1].samples[0].value - 55) < 1e-6)
    #expect(abs(position.series[0].samples[360].value - 204) < 1e-6)

    let workspace = try Workspace()
    defer { workspace.remove() }
    let result = try FlipbookBinary.run(
      [
        "plot", Self.airplaneScene, "--layer", "airplane", "--key", "transform.rotation.z", "-o",
        workspace.path("r.svg"),
      ])
    #expect(
      result.exitCode == 0 && result.stdout.contains("1 track from 0 to 3 s (720 samples at 240 Hz)"), "\(result)")
  }

  @Test(
    "Bad input is one Error: line, exit 64, and nothing written",
    arguments: [
      (["--keys", "offset,ofset"], "--keys: unknown track 'ofset' (did you mean 'offset'?)"),
      (["--at", "2..1"], "--at must end after it starts (got '2..1')"),
      (["--at", "0.5"], "--at must be a time span such as 0.2..1.5 (got '0.5')"),
      (["--at", "0..9"], "--at 0..9 ends after the document, which lasts 4.5 s"),
      (["--layer", "arow", "--key", "opacity"], "--layer: no layer named \"arow\""),
      (["--layer", "oval"], "--layer needs --key"),
      (
        ["--layer", "x", "--key", "strokEnd"],
        "--key: unknown or unplottable key path 'strokEnd' (did you mean 'strokeEnd'?)"
      ),
      (["--layer", "x", "--key", "backgroundColor"], "--key: unknown or unplottable key path 'backgroundColor'"),
    ])
  func badInput(options: [String], message: String) throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let output = workspace.path("plot.svg")
    let result = try FlipbookBinary.run(["plot", Self.egoFullRefresh, "-o", output] + options)
    #expect(result.exitCode == 64, "\(result)")
    let errors = result.stderr.split(separator: "\n").filter { $0.hasPrefix("Error:") }
    #expect(errors.count == 1 && errors.first?.contains(message) == true, "\(result.stderr)")
    #expect(try workspace.contents().isEmpty, "nothing written")
  }

  @Test("A scene plotted without --layer, a script's key its frames lack, a strokeEnd of a plain layer: usage errors")
  func wrongDocument() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let output = workspace.path("plot.png")
    let scene = try FlipbookBinary.run(["plot", Self.airplaneScene, "-o", output])
    #expect(scene.exitCode == 64 && scene.stderr.contains("is a scene, which has no scroll view or refresh state"))
    let oval = try FlipbookBinary.run([
      "plot", Workspace.sceneWithoutRefresh, "--layer", "arrow", "--key", "strokeEnd", "-o", output,
    ])
    #expect(oval.exitCode == 64 && oval.stderr.contains("which has no strokeEnd"), "\(oval)")
    let pull = try FlipbookBinary.run([
      "plot", Workspace.examples.path + "/scripts/pull.json", "--keys", "state", "-o", output,
    ])
    #expect(pull.exitCode == 64 && pull.stderr.contains("the frames have no refreshState"), "\(pull)")
    #expect(try workspace.contents().isEmpty)
  }

  @Test("preview --sheet --tracks adds the strip under the frames; a scene's folder or no --sheet is a usage error")
  func sheetTracks() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let frames = try workspace.render(Workspace.pullScript)
    let plain = workspace.path("plain.png")
    let tracked = workspace.path("tracked.png")
    #expect(try FlipbookBinary.run(["preview", frames, "--sheet", plain, "-q"]).exitCode == 0)
    let result = try FlipbookBinary.run(["preview", frames, "--sheet", tracked, "--tracks", "-q"])
    #expect(result.exitCode == 0, "\(result)")
    let (a, b) = (try Image(contentsOfFile: plain), try Image(contentsOfFile: tracked))
    #expect(a.width == b.width && b.height > a.height + 100, "\(a.width)x\(a.height) vs \(b.width)x\(b.height)")

    let noSheet = try FlipbookBinary.run(["preview", frames, "--html", workspace.path("p.html"), "--tracks"])
    #expect(noSheet.exitCode == 64 && noSheet.stderr.contains("--tracks is for the contact sheet"))
    let scene = try workspace.render(Workspace.sceneWithoutRefresh, into: "scene")
    let sceneSheet = try FlipbookBinary.run(["preview", scene, "--sheet", workspace.path("s.png"), "--tracks"])
    #expect(sceneSheet.exitCode == 64 && sceneSheet.stderr.contains("--tracks needs a gesture script's frames"))
    #expect(!FileManager.default.fileExists(atPath: workspace.path("s.png")))
  }
}

extension JSONValue {
  fileprivate var numberValue: Double? { if case .number(let n) = self { n } else { nil } }
}
