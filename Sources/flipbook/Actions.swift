import FlipbookGraphics
import FlipbookLayers
import FlipbookScene
import Foundation

// MARK: - Actions

/// What the subcommands do once their arguments are parsed: the only place where documents, the
/// renderer and files meet.
enum Actions {
  /// Renders what the screen shows at `at` to a PNG file, written atomically (temporary file, then
  /// rename). Returns the summary line for stdout.
  static func render(scenePath: String, outputPath: String, scale: Double?, smallestPNG: Bool, at time: Double)
    throws(ActionFailure) -> String
  {
    let scene = try loadScene(scenePath, scale: scale)
    try checkSize(scene, path: scenePath)
    do {
      scene.advance(to: time)
      let image = try scene.render()
      try image.writePNG(toFile: outputPath, options: smallestPNG ? .smallest : .fast)
      let bytes = (try? FileManager.default.attributesOfItem(atPath: outputPath)[.size] as? Int) ?? 0
      let when = time > 0 ? " at \(JSONValue.format(time)) s" : ""
      return
        "Wrote \(outputPath)\(when): \(image.width)x\(image.height) px at \(JSONValue.format(scene.scale))x, "
        + "\(countLayers(scene.root) - 1) layers, \(formatBytes(bytes))"
    } catch {
      throw ActionFailure(message: error.description)
    }
  }

  /// Renders frames from `from` up to (not including) `to` into `directory`, replacing it only once every
  /// frame is written. Returns the summary line.
  static func renderFrames(
    scenePath: String, directory: String, scale: Double?, smallestPNG: Bool, fps: Double?, from: Double, to: Double?
  ) throws(ActionFailure) -> String {
    let scene = try loadScene(scenePath, scale: scale)
    try checkSize(scene, path: scenePath)
    let rate = fps ?? scene.fps
    let end = to ?? max(scene.duration, from + 1 / rate)
    guard end > from else {
      throw ActionFailure(
        message: "--to (\(JSONValue.format(end))) must be after --from (\(JSONValue.format(from)))", isUsage: true)
    }
    let times = FrameTimes(from: from, to: end, fps: rate)
    do {
      let written = try FrameFolder.write(to: directory) { folder throws(GraphicsError) in
        var manifest: [JSONValue] = []
        for (index, time) in times.enumerated() {
          scene.advance(to: time)
          let image = try scene.render()
          let name = String(format: "frame_%06d.png", index)
          try image.writePNG(
            toFile: (folder as NSString).appendingPathComponent(name), options: smallestPNG ? .smallest : .fast)
          manifest.append(.object([("file", .string(name)), ("time", .number(time))]))
        }
        let document = JSONValue.object([
          ("scene", .string(scenePath)), ("fps", .number(rate)), ("scale", .number(scene.scale)),
          ("size", .array([.number(scene.size.width), .number(scene.size.height)])), ("frames", .array(manifest)),
        ])
        try FrameFolder.writeText(
          document.formatted() + "\n", to: (folder as NSString).appendingPathComponent("manifest.json"))
        return manifest.count
      }
      return
        "Wrote \(written) frames to \(directory): \(JSONValue.format(from))...\(JSONValue.format(end)) s at "
        + "\(JSONValue.format(rate)) fps, \(Int((scene.size.width * scene.scale).rounded(.up)))x"
        + "\(Int((scene.size.height * scene.scale).rounded(.up))) px"
    } catch {
      throw ActionFailure(message: error.description)
    }
  }

  /// The layer tree of a scene document as JSON text: the model, or with `at` the presentation tree at
  /// that time.
  static func inspect(scenePath: String, at time: Double?) throws(ActionFailure) -> String {
    let scene = try loadScene(scenePath, scale: nil)
    guard let time else { return LayerInspector.text(of: scene.root) }
    scene.advance(to: time)
    guard case .object(let members) = LayerInspector.json(of: scene.root.presentation(at: time)) else { return "" }
    return JSONValue.object([("time", .number(time))] + members).formatted() + "\n"
  }

  private static func loadScene(_ path: String, scale: Double?) throws(ActionFailure) -> Scene {
    let scene: Scene
    do {
      scene = try SceneDocument.load(path: path, scale: scale)
    } catch {
      throw ActionFailure(message: error.description)
    }
    for note in scene.notes {
      FileHandle.standardError.write(Data("warning: \(path): \(note)\n".utf8))
    }
    return scene
  }

  private static func checkSize(_ scene: Scene, path: String) throws(ActionFailure) {
    let pixelWidth = Int((scene.size.width * scene.scale).rounded(.up))
    let pixelHeight = Int((scene.size.height * scene.scale).rounded(.up))
    do {
      try ImageLimits.check(width: pixelWidth, height: pixelHeight)
    } catch {
      throw ActionFailure(message: "\(path): \(error.description) at scale \(JSONValue.format(scene.scale))")
    }
  }

  private static func countLayers(_ layer: Layer) -> Int {
    1 + layer.sublayers.reduce(0) { $0 + countLayers($1) }
  }

  static func formatBytes(_ bytes: Int) -> String {
    bytes < 1024 ? "\(bytes) bytes" : String(format: "%.1f KiB", Double(bytes) / 1024)
  }
}

/// Frame times from `from` up to, not including, `to`: frame i is at from + i/fps, computed from the
/// index (never accumulated) so that times are exact and identical on every run.
struct FrameTimes: Sequence {
  let from: Double
  let to: Double
  let fps: Double

  var count: Int { Swift.max(1, Int(((to - from) * fps - 1e-9).rounded(.up))) }

  func makeIterator() -> some IteratorProtocol<Double> {
    (0..<count).lazy.map { from + Double($0) / fps }.makeIterator()
  }
}
