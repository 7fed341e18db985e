import FlipbookJSON

// MARK: - LottieMatteType

/// How a layer uses the layer above it as its track matte (`tt`): placeholder owned by layers2 from now on.
public enum LottieMatteType {
  /// Decodes a layer's `tt`; nil when the layer has no matte.
  static func decode(_ cursor: JSONCursor) throws(DocumentError) -> LottieMatteType? {
    nil
  }
}
