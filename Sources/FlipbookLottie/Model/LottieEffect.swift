import FlipbookGraphics
import FlipbookJSON

// MARK: - LottieEffect

/// A layer effect (`ef[]`) or layer style (`sy[]`). iOS draws one kind — the drop shadow, through Core Animation's
/// layer shadow (lottie-ios `Sources/Private/CoreAnimation/Animations/DropShadowAnimation.swift`, 4.6.1); every
/// other effect is ignored by lottie-ios without a compatibility issue, and named by Flipbook as ignored.
public enum LottieEffect: Sendable {
  /// An After Effects "Drop Shadow" effect (`ty: 25`) or a "Drop Shadow" layer style (`sy`, `ty: 1`).
  case dropShadow(LottieDropShadow)
  /// Any other effect or style, by its name (`nm`) and type number (`ty`).
  case other(name: String, type: Int)

  /// The effect type number of After Effects' drop shadow (lottie-ios `LayerEffectType.dropShadow`).
  static let dropShadowEffectType = 25
  /// The layer style type number of a drop shadow (lottie-ios `LayerStyleType.dropShadow`).
  static let dropShadowStyleType = 1

  /// Decodes a layer's `ef`.
  static func decodeList(_ cursor: JSONCursor) throws(DocumentError) -> [LottieEffect] {
    var effects: [LottieEffect] = []
    for item in try cursor.array() {
      try item.requireObject()
      let type =
        try item.member("ty").map { (c: JSONCursor) throws(DocumentError) in try c.integer(in: -1_000_000...1_000_000) }
        ?? -1
      let name = try item.optionalString("nm") ?? "Effect"
      if type == dropShadowEffectType {
        effects.append(.dropShadow(try LottieDropShadow(effect: item)))
      } else {
        effects.append(.other(name: name, type: type))
      }
    }
    return effects
  }

  /// Decodes a layer's layer styles (`sy`).
  static func decodeStyles(_ cursor: JSONCursor) throws(DocumentError) -> [LottieEffect] {
    var styles: [LottieEffect] = []
    for item in try cursor.array() {
      try item.requireObject()
      let type =
        try item.member("ty").map { (c: JSONCursor) throws(DocumentError) in try c.integer(in: -1_000_000...1_000_000) }
        ?? -1
      let name = try item.optionalString("nm") ?? "Style"
      if type == dropShadowStyleType {
        styles.append(.dropShadow(try LottieDropShadow(style: item)))
      } else {
        styles.append(.other(name: name, type: type))
      }
    }
    return styles
  }
}

// MARK: - LottieDropShadow

/// A drop shadow in Core Animation's terms: what lottie-ios's `DropShadowModel` hands to `shadowOpacity`,
/// `shadowColor`, `shadowRadius` and `shadowOffset`. Each property is nil where the file does not give it (the layer
/// keeps Core Animation's default then, as lottie-ios adds no animation).
public struct LottieDropShadow: Sendable {
  /// Whether it came from an effect (`ef`) rather than a layer style (`sy`): lottie-ios prefers the effect when a
  /// layer has both (BaseCompositionLayer.swift).
  public var isEffect: Bool
  /// Opacity in percent, 0…100.
  public var opacity: LottieKeyframes<Double>?
  /// The shadow's colour.
  public var color: LottieKeyframes<Color>?
  /// The offset's angle in degrees in Core Animation's frame (0 = right, 90 = down).
  public var angle: LottieKeyframes<Double>?
  /// The offset's length in points.
  public var distance: LottieKeyframes<Double>?
  /// Core Animation's blur radius in points.
  public var radius: LottieKeyframes<Double>?

  /// After Effects' softness is about five times Core Animation's radius: lottie-ios divides it by 5 "to produce
  /// results that are visually similar" (DropShadowAnimation.swift, `DropShadowEffect._radius`).
  static let effectSoftnessPerRadius = 5.0
  /// A layer style's size is divided by 2 for the same reason (`DropShadowStyle._radius`).
  static let styleSizePerRadius = 2.0
  /// The effect's opacity runs 0…255 (`DropShadowEffect._opacity`).
  static let effectOpacityScale = 255.0
  /// The effect's direction is After Effects' (0 = up, clockwise); Core Animation's angle is 90° less
  /// (`DropShadowEffect._angle`).
  static let effectDirectionToAngle = -90.0

  /// From a drop shadow effect: its values (`ef[]`) found by name, as lottie-ios's `LayerEffect.value(named:)`
  /// finds them — "Shadow Color" (a colour value, `ty: 2`), "Opacity", "Direction", "Distance", "Softness"
  /// (sliders or angles, `ty: 0` or `1`).
  init(effect: JSONCursor) throws(DocumentError) {
    isEffect = true
    var values: [String: (type: Int, value: JSONCursor)] = [:]
    for item in try effect.member("ef")?.array() ?? [] {
      guard item.isObject, let name = try item.optionalString("nm"), let value = item.member("v"),
        values[name] == nil
      else { continue }
      let type =
        try item.member("ty").map { (c: JSONCursor) throws(DocumentError) in try c.integer(in: -1_000_000...1_000_000) }
        ?? -1
      values[name] = (type, value)
    }
    func number(_ name: String) throws(DocumentError) -> LottieKeyframes<Double>? {
      guard let found = values[name], found.type == 0 || found.type == 1 else { return nil }
      return try LottieKeyframes<Double>(decoding: found.value)
    }
    if let found = values["Shadow Color"], found.type == 2 {
      color = try LottieKeyframes<Color>(decoding: found.value)
    }
    opacity = try number("Opacity")?.map { $0 / Self.effectOpacityScale * 100 }
    angle = try number("Direction")?.map { $0 + Self.effectDirectionToAngle }
    distance = try number("Distance")
    radius = try number("Softness")?.map { $0 / Self.effectSoftnessPerRadius }
  }

  /// From a drop shadow layer style: `c` colour, `o` opacity (0…100), `a` angle, `s` size, `d` distance
  /// (lottie-ios `DropShadowStyle`).
  init(style: JSONCursor) throws(DocumentError) {
    isEffect = false
    color = try LottieKeyframes<Color>.decode("c", in: style)
    opacity = try LottieKeyframes<Double>.decode("o", in: style)
    angle = try LottieKeyframes<Double>.decode("a", in: style)
    distance = try LottieKeyframes<Double>.decode("d", in: style)
    radius = try LottieKeyframes<Double>.decode("s", in: style)?.map { $0 / Self.styleSizePerRadius }
  }
}
