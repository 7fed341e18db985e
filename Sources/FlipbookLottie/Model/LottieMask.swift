import FlipbookJSON

// MARK: - LottieMask

/// A layer mask (`masksProperties[]`), as lottie-ios reads it (`Sources/Private/Model/Objects/Mask.swift`, 4.6.1):
/// a mode, an animated path, whether it is inverted, and an opacity and expansion that its Core Animation engine
/// does not draw.
public struct LottieMask: Sendable {
  /// How a mask combines with the masks before it (`mode`).
  public enum Mode: String, Sendable, CaseIterable {
    /// `a`: adds its area.
    case add = "a"
    /// `s`: removes its area.
    case subtract = "s"
    /// `i`: keeps only where it overlaps.
    case intersect = "i"
    /// `l`: After Effects' lighten; lottie-ios draws it as add.
    case lighten = "l"
    /// `d`: After Effects' darken; lottie-ios draws it as an intersection.
    case darken = "d"
    /// `f`: After Effects' difference; lottie-ios draws it as intersect.
    case difference = "f"
    /// `n`: no mask.
    case none = "n"

    /// The mode lottie-ios draws (`MaskMode.usableMode`,
    /// Sources/Private/MainThread/LayerContainers/CompLayers/MaskContainerLayer.swift): lighten as add,
    /// difference as intersect; darken stays darken, which its Core Animation engine applies as an intersection.
    var drawnMode: Mode {
      switch self {
      case .lighten: .add
      case .difference: .intersect
      default: self
      }
    }
  }

  /// The mode (`mode`); absent or unknown is add, as lottie-ios reads it.
  public var mode: Mode
  /// The mode as the file wrote it when it is not one lottie-ios knows (reported, drawn as add).
  public var unknownMode: String?
  /// The mask's outline (`pt`), in the layer's coordinates.
  var shape: LottieKeyframes<LottieBezierPath>
  /// Whether the mask is inverted (`inv`).
  public var inverted: Bool
  /// Opacity in percent (`o`, default 100); lottie-ios's Core Animation engine draws every mask opaque.
  public var opacity: LottieKeyframes<Double>
  /// Expansion in points (`x`, default 0); not drawn by lottie-ios's Core Animation engine.
  public var expansion: LottieKeyframes<Double>
  /// Whether the file asks for feathering (`f`), which no iOS engine draws.
  public var hasFeather: Bool

  /// Decodes a layer's `masksProperties`.
  static func decodeList(_ cursor: JSONCursor) throws(DocumentError) -> [LottieMask] {
    var masks: [LottieMask] = []
    for item in try cursor.array() {
      masks.append(try LottieMask(decoding: item))
    }
    return masks
  }

  /// Decodes one mask; `pt` is required, as lottie-ios requires it.
  init(decoding cursor: JSONCursor) throws(DocumentError) {
    try cursor.requireObject()
    let modeText = try cursor.optionalString("mode")
    mode = modeText.flatMap(Mode.init(rawValue:)) ?? .add
    unknownMode = modeText.flatMap { Mode(rawValue: $0) == nil ? $0 : nil }
    shape = try LottieKeyframes<LottieBezierPath>(decoding: try cursor.required("pt"))
    inverted = try cursor.flag("inv")
    opacity = try LottieKeyframes<Double>.decode("o", in: cursor) ?? LottieKeyframes(100)
    expansion = try LottieKeyframes<Double>.decode("x", in: cursor) ?? LottieKeyframes(0)
    hasFeather = cursor.member("f") != nil
  }
}
