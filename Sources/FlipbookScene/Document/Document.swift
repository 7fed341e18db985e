import FlipbookJSON
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
    try DocumentFile.decode(path) { data throws(DocumentError) in
      // Which kind it is depends only on the top-level keys; a syntax error is reported by either decoder.
      if (try? JSONParser.parse(data)).map(GestureScript.isScript) ?? false {
        return .script(try GestureScript.decode(data, scale: scale))
      }
      return .scene(try SceneDocument.decode(data, baseDirectory: DocumentFile.directory(of: path), scale: scale))
    }
  }
}
