import FlipbookGraphics
import FlipbookJSON
import FlipbookLayers
import Foundation

// MARK: - SceneDocument

/// Reads scene documents: JSON descriptions of a layer tree (the format is documented in the manual's
/// "Scene documents" article).
///
/// ```json
/// { "size": [320, 120], "scale": 2, "background": "#E2E7ED",
///   "layers": [ { "type": "shape", "frame": [10, 10, 100, 100], "path": "M 0 0 L 100 100",
///                 "strokeColor": "#576C89", "lineWidth": 4 } ] }
/// ```
///
/// Every problem is reported as one `DocumentError` naming its JSON path, such as
/// `$.layers[1].strokeEnd: expected a number, found a string`; unknown keys are errors.
public enum SceneDocument {
  /// Longest side of a scene, in points, before the scale is applied.
  public static let maxSidePoints = Double(ImageLimits.maxSide)

  /// Loads a scene file; images named by `file` are resolved against the file's directory, and must lie
  /// inside it unless `allowFilesOutside`.
  public static func load(path: String, scale: Double? = nil, allowFilesOutside: Bool = false) throws(DocumentError)
    -> Scene
  {
    try DocumentFile.decode(path) { data throws(DocumentError) in
      try decode(
        data, baseDirectory: DocumentFile.directory(of: path), scale: scale, allowFilesOutside: allowFilesOutside)
    }
  }

  /// Decodes a scene document. `scale`, when given, overrides the document's.
  public static func decode(
    _ data: Data, baseDirectory: URL, scale: Double? = nil, allowFilesOutside: Bool = false
  ) throws(DocumentError) -> Scene {
    try decode(
      json: try DocumentFile.parse(data), baseDirectory: baseDirectory, scale: scale,
      allowFilesOutside: allowFilesOutside)
  }

  /// Decodes an already parsed scene document.
  static func decode(
    json: JSONValue, baseDirectory: URL, scale: Double? = nil, allowFilesOutside: Bool = false
  ) throws(DocumentError) -> Scene {
    let top = try JSONCursor(json).object(allowing: [
      DocumentFile.schemaKey, "size", "scale", "background", "layers", "fps", "duration", "events",
    ])
    try DocumentFile.checkSchemaKey(top)
    guard let sizeCursor = top["size"] else { throw DocumentError(location: "$", message: "missing key \"size\"") }
    let sides = try sizeCursor.numbers(count: 2)
    guard sides.allSatisfy({ $0 > 0 && $0 <= maxSidePoints }) else {
      throw sizeCursor.error("each side must be more than 0 and at most \(Int(maxSidePoints)) points")
    }
    let size = CGSize(width: sides[0], height: sides[1])
    let documentScale = try top["scale"].map { c throws(DocumentError) in try c.number(in: 1...3) } ?? 2
    let finalScale = scale ?? documentScale
    let background = try top["background"].map { c throws(DocumentError) in try LayerDecoder.color(c) }
    let fps = try top["fps"].map { c throws(DocumentError) in try c.number(in: 1...240) } ?? 60
    let context = AnimationContext()
    let root = Layer()
    root.name = "root"
    root.bounds = CGRect(origin: .zero, size: size)
    root.position = CGPoint(x: size.width / 2, y: size.height / 2)
    root.animationContext = context
    let decoder = LayerDecoder(
      baseDirectory: baseDirectory, scale: finalScale, allowsFilesOutside: allowFilesOutside)
    context.begin()
    context.setDisableActions(true)
    defer { context.commit() }
    if let layers = top["layers"] {
      for item in try layers.items() { root.addSublayer(try decoder.layer(item)) }
      // Each replicator is checked alone; many of them together could still add up.
      if let problem = LayerDecoder.drawnLayersProblem(of: root, what: "the scene") { throw layers.error(problem) }
    }
    // Animations go on once the tree has its clock, so they start at time 0 of the scene's timeline.
    // The end of the last animation or event, and its JSON path: what sets the length when no duration is given.
    var lastEnd = 0.0
    var lastEnding: String?
    func ends(at end: Double, _ path: String?) {
      guard end > lastEnd else { return }
      lastEnd = end
      lastEnding = path
    }
    for (layer, key, animation, path) in decoder.pending.items {
      do {
        try layer.add(animation, forKey: key)
      } catch {
        throw DocumentError(location: path, message: error.description)
      }
      if let added = layer.animations.last?.animation, added.timing.endTime.isFinite {
        ends(at: added.timing.endTime, path)
      }
    }
    for start in decoder.pending.starts { start() }
    for played in decoder.pending.playDurations { ends(at: played, nil) }
    var events: [SceneEvent] = []
    if let list = top["events"] {
      for item in try list.array() {
        let decoded = try SceneEventDecoder(layers: decoder, root: root).event(item)
        ends(at: decoded.time + decoded.settle, item.path)
        events.append(decoded.event)
      }
    }
    events.sort { $0.time < $1.time }
    let duration =
      try top["duration"].map { c throws(DocumentError) in try c.number(in: 0.001...3600) }
      ?? (lastEnd > 0 ? lastEnd : 1)
    return Scene(
      size: size, scale: finalScale, background: background, root: root, context: context, fps: fps,
      duration: duration, events: events, notes: decoder.pending.notes,
      lengthSource: top["duration"] == nil && lastEnd > 0 ? lastEnding : nil)
  }
}
