import FlipbookJSON

// MARK: - ShapeItem

/// A shape layer's item (`shapes[]`): owned by the shapes engineer; this is the placeholder the rest of the module
/// compiles against.
public enum ShapeItem {
  /// Decodes a shape list (`shapes` of a shape layer, `it` of a group).
  static func decodeList(_ cursor: JSONCursor) throws(DocumentError) -> [ShapeItem] {
    []
  }
}
