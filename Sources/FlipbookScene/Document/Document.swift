import FlipbookLayers
import Foundation

// MARK: - Document

/// A document Flipbook can render: a scene (a layer tree with animations and events, keyed by `size`) or
/// a gesture script (a phone screen, a scroll view and a finger, keyed by `viewport`).
public enum Document {
  case scene(Scene)
  case script(ScriptScene)

  /// Reads either kind from a file; `scale` overrides the document's.
  public static func load(path: String, scale: Double? = nil) throws(DocumentError) -> Document {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw DocumentError(location: path, message: "cannot read the file (\(FileErrors.reason(error)))")
    }
    // Which kind it is depends only on the top-level keys; a syntax error is reported by either decoder.
    let isScript = (try? JSONParser.parse(data)).map(GestureScript.isScript) ?? false
    do {
      if isScript { return .script(try GestureScript.decode(data, scale: scale)) }
      let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
      return .scene(try SceneDocument.decode(data, baseDirectory: directory, scale: scale))
    } catch {
      throw DocumentError(location: "\(path): \(error.location)", message: error.message)
    }
  }
}
