import FlipbookGraphics
import FlipbookLayers
import FlipbookScene
import Foundation

// MARK: - Actions

/// What the subcommands do once their arguments are parsed: the only place where documents, the
/// renderer and files meet.
enum Actions {
  /// Renders a scene document to a PNG file, written atomically (temporary file, then rename).
  /// Returns the summary line for stdout.
  static func render(scenePath: String, outputPath: String, scale: Double?, smallestPNG: Bool) throws(ActionFailure)
    -> String
  {
    if let scale, ![1.0, 2.0, 3.0].contains(scale) {
      throw ActionFailure(message: "--scale must be 1, 2 or 3 (got \(JSONValue.format(scale)))", isUsage: true)
    }
    let scene = try loadScene(scenePath, scale: scale)
    let pixelWidth = Int((scene.size.width * scene.scale).rounded(.up))
    let pixelHeight = Int((scene.size.height * scene.scale).rounded(.up))
    do {
      try ImageLimits.check(width: pixelWidth, height: pixelHeight)
    } catch {
      throw ActionFailure(message: "\(scenePath): \(error.description) at scale \(JSONValue.format(scene.scale))")
    }
    do {
      let image = try scene.render()
      let options: PNGOptions = smallestPNG ? .smallest : .fast
      try image.writePNG(toFile: outputPath, options: options)
      let bytes = (try? FileManager.default.attributesOfItem(atPath: outputPath)[.size] as? Int) ?? 0
      return
        "Wrote \(outputPath): \(image.width)x\(image.height) px at \(JSONValue.format(scene.scale))x, "
        + "\(countLayers(scene.root) - 1) layers, \(formatBytes(bytes))"
    } catch {
      throw ActionFailure(message: error.description)
    }
  }

  /// The layer tree of a scene document as JSON text.
  static func inspect(scenePath: String) throws(ActionFailure) -> String {
    let scene = try loadScene(scenePath, scale: nil)
    return LayerInspector.text(of: scene.root)
  }

  private static func loadScene(_ path: String, scale: Double?) throws(ActionFailure) -> Scene {
    do {
      return try SceneDocument.load(path: path, scale: scale)
    } catch {
      throw ActionFailure(message: error.description)
    }
  }

  private static func countLayers(_ layer: Layer) -> Int {
    1 + layer.sublayers.reduce(0) { $0 + countLayers($1) }
  }

  static func formatBytes(_ bytes: Int) -> String {
    bytes < 1024 ? "\(bytes) bytes" : String(format: "%.1f KiB", Double(bytes) / 1024)
  }
}
