import FlipbookJSON

// MARK: - LottieTextDocument

/// A text layer's text data (`t`: document keyframes, animators…): placeholder owned by layers2 from now on.
public struct LottieTextDocument {
  /// Decodes a text layer's `t`.
  static func decode(_ cursor: JSONCursor) throws(DocumentError) -> LottieTextDocument {
    LottieTextDocument()
  }
}
