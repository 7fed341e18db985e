import FlipbookGraphics
import FlipbookJSON
import FlipbookLayers
import Foundation

// MARK: - LottieOverridesDocument

/// A Lottie animation with overrides, as a document: `{"lottie": "anim.json", "overrides": [ … ]}`. The CLI renders
/// it as it renders the bare file, with the overrides applied (dark mode, brand colours, the texts and images an
/// app puts in). Each entry holds one value key — `color`, `number`, `point`, `size`, `gradient`, `text`, `image`
/// or `font` — in Lottie's own units; see `LottieOverrides.decodeEntry(_:)`. `"fonts"` lists the font files (or
/// folders of them) the animation is given with, as an app registers its own fonts: a text whose font name is one
/// of theirs is drawn in it.
public struct LottieOverridesDocument: Sendable, Equatable {
  /// The animation's path, relative to this document.
  public var lottie: String
  /// The overrides, in document order (later entries win over earlier ones for the same property).
  public var overrides: LottieOverrides
  /// Font files or folders of them, relative to this document, to register before the animation is built.
  public var fonts: [String]

  /// A document for the animation at `lottie` with `overrides` and `fonts`.
  public init(lottie: String, overrides: LottieOverrides, fonts: [String] = []) {
    self.lottie = lottie
    self.overrides = overrides
    self.fonts = fonts
  }

  /// Whether parsed JSON looks like an overrides document rather than a Lottie file (it has a `lottie` key and no
  /// `layers`), so the CLI can take either.
  public static func isOverridesDocument(_ value: JSONValue) -> Bool {
    value["lottie"] != nil && value["layers"] == nil
  }

  /// Decodes the document; every error names its JSON path (`$.overrides[2].color[3]`).
  public static func decode(_ cursor: JSONCursor) throws(DocumentError) -> LottieOverridesDocument {
    let members = try cursor.object(allowing: ["lottie", "overrides", "fonts"])
    guard let lottie = members["lottie"] else { throw cursor.error("missing \"lottie\", the animation's path") }
    let path = try lottie.string()
    guard !path.isEmpty else { throw lottie.error("the animation's path is empty") }
    var overrides = LottieOverrides()
    if let list = members["overrides"] {
      for entry in try list.array() { try overrides.decodeEntry(entry) }
    }
    var fonts: [String] = []
    if let list = members["fonts"] {
      for entry in try list.array() { fonts.append(try LottieOverrides.nonEmpty(entry)) }
    }
    return LottieOverridesDocument(lottie: path, overrides: overrides, fonts: fonts)
  }
}

// MARK: - Decoding entries

extension LottieOverrides {
  /// The keys an override entry may hold.
  static let entryKeys: Set<String> = [
    "keypath", "color", "number", "point", "size", "gradient", "text", "image", "asset", "contentsGravity", "font",
    "fontName",
  ]
  /// The keys that give an entry's value; exactly one per entry.
  static let valueKeys = ["color", "number", "point", "size", "gradient", "text", "image", "font"]

  /// Decodes one entry of `"overrides"` and registers it.
  public mutating func decodeEntry(_ cursor: JSONCursor) throws(DocumentError) {
    let members = try cursor.object(allowing: Self.entryKeys)
    let given = Self.valueKeys.filter { members[$0] != nil }
    guard given.count == 1, let kind = given.first, let value = members[kind] else {
      throw cursor.error(
        given.isEmpty
          ? "an override needs one of \(Self.valueKeys.map { "\"\($0)\"" }.joined(separator: ", "))"
          : "an override holds one value, found \(given.map { "\"\($0)\"" }.joined(separator: " and "))")
    }
    func refuse(_ key: String) throws(DocumentError) {
      if let extra = members[key] {
        throw DocumentError(location: extra.path, message: "\"\(key)\" does not apply to a \"\(kind)\" override")
      }
    }
    switch kind {
    case "text":
      try refuse("asset")
      try refuse("contentsGravity")
      try refuse("fontName")
      let keypath = try members["keypath"].map { (c: JSONCursor) throws(DocumentError) in try Self.keypathText(c) }
      setText(LottieTextOverride(keypath: keypath, text: try value.string()))
    case "image":
      try refuse("keypath")
      try refuse("fontName")
      let asset = try members["asset"].map { (c: JSONCursor) throws(DocumentError) in try Self.nonEmpty(c) }
      let gravity = try members["contentsGravity"].map { (c: JSONCursor) throws(DocumentError) in
        try c.choice(ContentsGravity.self)
      }
      setImage(
        LottieImageOverride(
          assetID: asset, source: .file(try Self.nonEmpty(value)), contentsGravity: gravity ?? .resize))
    case "font":
      try refuse("keypath")
      try refuse("asset")
      try refuse("contentsGravity")
      let fontName = try members["fontName"].map { (c: JSONCursor) throws(DocumentError) in try Self.nonEmpty(c) }
      let font = try value.object(allowing: ["family", "size"])
      guard let family = font["family"] else { throw value.error("missing \"family\", the font family drawn instead") }
      let size = try font["size"].map { (c: JSONCursor) throws(DocumentError) in try c.number(in: 0.01...10_000) }
      setFont(LottieFontOverride(fontName: fontName, family: try Self.nonEmpty(family), size: size))
    default:
      try refuse("asset")
      try refuse("contentsGravity")
      try refuse("fontName")
      guard let keypathCursor = members["keypath"] else {
        throw cursor.error("a \"\(kind)\" override needs a \"keypath\" (e.g. \"**.Fill 1.Color\")")
      }
      let keypath = AnimationKeypath(keypath: try Self.keypathText(keypathCursor))
      let provider: LottieValueProvider
      switch kind {
      case "color": provider = .color(try Self.animated(value, Self.color))
      case "number":
        provider = .number(try Self.animated(value) { (c: JSONCursor) throws(DocumentError) in try c.number() })
      case "point": provider = .point(try Self.animated(value, Self.vector))
      case "size": provider = .size(try Self.animated(value, Self.vector))
      default: provider = .gradient(try Self.animated(value, Self.gradient))
      }
      setValueProvider(provider, keypath: keypath)
    }
  }

  // MARK: Values

  /// A constant value, or `{"keyframes": [{"frame": F, "value": V, "hold": B}, …]}` with frames in increasing order.
  static func animated<Value>(
    _ cursor: JSONCursor, _ decodeValue: (JSONCursor) throws(DocumentError) -> Value
  ) throws(DocumentError) -> LottieOverrideValue<Value> {
    guard case .object = cursor.value, cursor.value["keyframes"] != nil else {
      return .constant(try decodeValue(cursor))
    }
    let list = try cursor.object(allowing: ["keyframes"])["keyframes"]!
    let items = try list.array()
    guard !items.isEmpty else { throw list.error("keyframes need at least one keyframe") }
    var keyframes: [LottieOverrideKeyframe<Value>] = []
    for item in items {
      let members = try item.object(allowing: ["frame", "value", "hold"])
      guard let frame = members["frame"] else { throw item.error("missing \"frame\"") }
      guard let value = members["value"] else { throw item.error("missing \"value\"") }
      let number = try frame.number()
      if let previous = keyframes.last, number <= previous.frame {
        throw frame.error(
          "keyframes go forward in time: \(JSONValue.format(number)) follows \(JSONValue.format(previous.frame))")
      }
      let hold = try members["hold"]?.bool() ?? false
      keyframes.append(LottieOverrideKeyframe(frame: number, value: try decodeValue(value), isHold: hold))
    }
    return .keyframes(keyframes)
  }

  /// A colour: `[r, g, b]` or `[r, g, b, a]` from 0 to 1 (lottie-ios's `LottieColor`), or `"#RRGGBB[AA]"`.
  static func color(_ cursor: JSONCursor) throws(DocumentError) -> Color {
    if case .string(let text) = cursor.value {
      guard text.hasPrefix("#"), let color = Color(hex: text) else {
        throw cursor.error(
          "\"\(text)\" is not a colour: write \"#RRGGBB\", \"#RRGGBBAA\" or [r, g, b(, a)] from 0 to 1")
      }
      return color
    }
    let items = try cursor.array()
    guard items.count == 3 || items.count == 4 else {
      throw cursor.error("a colour is [r, g, b] or [r, g, b, a] from 0 to 1, found \(items.count) items")
    }
    var components: [Double] = []
    for item in items { components.append(try item.number(in: 0...1)) }
    return Color(
      red: components[0], green: components[1], blue: components[2], alpha: components.count == 4 ? components[3] : 1)
  }

  /// Two numbers `[x, y]`.
  static func vector(_ cursor: JSONCursor) throws(DocumentError) -> LottieVector {
    let numbers = try cursor.numbers(count: 2)
    return LottieVector(x: numbers[0], y: numbers[1])
  }

  /// Gradient stops `[{"location": L, "color": C}, …]`, locations from 0 to 1 in increasing order.
  static func gradient(_ cursor: JSONCursor) throws(DocumentError) -> [LottieGradientStop] {
    let items = try cursor.array()
    guard !items.isEmpty else { throw cursor.error("a gradient needs at least one stop") }
    var stops: [LottieGradientStop] = []
    for item in items {
      let members = try item.object(allowing: ["location", "color"])
      guard let location = members["location"] else { throw item.error("missing \"location\" (0 to 1)") }
      guard let color = members["color"] else { throw item.error("missing \"color\"") }
      let where_ = try location.number(in: 0...1)
      if let previous = stops.last, where_ < previous.location {
        throw location.error(
          "stops go in increasing location: \(JSONValue.format(where_)) follows \(JSONValue.format(previous.location))")
      }
      stops.append(LottieGradientStop(location: where_, color: try Self.color(color)))
    }
    return stops
  }

  /// A keypath: a non-empty string without empty names (`"a..b"` is a typo, not a path).
  static func keypathText(_ cursor: JSONCursor) throws(DocumentError) -> String {
    let text = try nonEmpty(cursor)
    guard !text.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) else {
      throw cursor.error("\"\(text)\" has an empty name between dots")
    }
    return text
  }

  /// A string that is not empty.
  static func nonEmpty(_ cursor: JSONCursor) throws(DocumentError) -> String {
    let text = try cursor.string()
    guard !text.isEmpty else { throw cursor.error("expected a non-empty string") }
    return text
  }
}
