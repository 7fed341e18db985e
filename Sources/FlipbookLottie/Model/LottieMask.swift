import FlipbookJSON

// MARK: - LottieMask

/// A layer mask (`masksProperties[]`): placeholder owned by layers2 from now on.
public struct LottieMask {
  /// Decodes a layer's `masksProperties`.
  static func decodeList(_ cursor: JSONCursor) throws(DocumentError) -> [LottieMask] {
    []
  }
}
