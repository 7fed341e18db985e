import FlipbookJSON

// MARK: - LottieEffect

/// A layer effect (`ef[]`): placeholder owned by layers2 from now on.
public enum LottieEffect {
  /// Decodes a layer's `ef`.
  static func decodeList(_ cursor: JSONCursor) throws(DocumentError) -> [LottieEffect] {
    []
  }
}
