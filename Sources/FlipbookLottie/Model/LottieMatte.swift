import FlipbookJSON

// MARK: - LottieMatteType

/// How a layer uses the layer just above it as its track matte (`tt`), as lottie-ios 4.6.1 reads it: its
/// `MatteType` is an `Int` enum (`Sources/Private/Model/Layers/LayerModel.swift`) with 0 none, 1 add (alpha),
/// 2 invert (alpha inverted) and 3 unknown — so a luma matte (3) becomes `unknown`, and a luma-inverted matte (4)
/// is no matte type at all (`MatteType(rawValue: 4)` is nil in its dictionary decoding).
public enum LottieMatteType: Int, Hashable, Sendable, CaseIterable {
  /// `tt: 1`: the layer shows where the matte is opaque (its alpha).
  case alpha = 1
  /// `tt: 2`: the layer shows where the matte is transparent.
  case alphaInverted = 2
  /// `tt: 3`: After Effects' luma matte. lottie-ios's Core Animation engine pairs the matte (so it is not drawn)
  /// but applies no mask (`maskLayer(for:type:context:)` returns nil for `.unknown`).
  case luma = 3
  /// `tt: 4`: After Effects' inverted luma matte. lottie-ios reads no matte at all: the layer is drawn unmasked and
  /// the layer above, its matte source, is drawn as an ordinary layer.
  case lumaInverted = 4

  /// Decodes a layer's `tt`; nil when the layer has no matte (`0`). Other numbers are refused with their path,
  /// since After Effects writes only these.
  static func decode(_ cursor: JSONCursor) throws(DocumentError) -> LottieMatteType? {
    let raw = try cursor.integer(in: 0...4)
    return LottieMatteType(rawValue: raw)
  }

  /// Whether lottie-ios takes the layer above as this layer's matte (so it is not drawn by itself).
  var consumesLayerAbove: Bool { self != .lumaInverted }

  /// The name an issue uses.
  var featureName: String {
    switch self {
    case .alpha: "alpha matte"
    case .alphaInverted: "inverted alpha matte"
    case .luma: "luma matte"
    case .lumaInverted: "inverted luma matte"
    }
  }
}
