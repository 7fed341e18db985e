import FlipbookGraphics
import FlipbookLayers
import Foundation

// MARK: - LottieOverrides

/// Everything an app changes in an animation without editing the file — lottie-ios's dynamic properties: value
/// providers by keypath, a text provider, an image provider and a font provider. Applied while the layer tree is
/// built, so the overridden values are animated exactly as the file's own would be.
///
/// A value type: build it, hand it to the animation's layer; later changes need a rebuild, as
/// `setValueProvider` in lottie-ios's Core Animation engine rebuilds its animations.
public struct LottieOverrides: Sendable, Equatable {
  /// Value providers in registration order; for a property the last one whose keypath matches wins
  /// (lottie-ios's `ValueProviderStore.valueProvider(for:)`).
  public private(set) var valueProviders: [(keypath: AnimationKeypath, provider: LottieValueProvider)] = []
  /// Texts that replace text layers' source text, in registration order.
  public private(set) var texts: [LottieTextOverride] = []
  /// Images that replace image assets, in registration order.
  public private(set) var images: [LottieImageOverride] = []
  /// Fonts that replace the file's fonts, in registration order.
  public private(set) var fonts: [LottieFontOverride] = []

  /// No overrides: the animation as the file has it.
  public init() {}

  /// Whether both hold the same overrides in the same order (later ones win, so order matters).
  public static func == (lhs: LottieOverrides, rhs: LottieOverrides) -> Bool {
    lhs.valueProviders.map(\.keypath) == rhs.valueProviders.map(\.keypath)
      && lhs.valueProviders.map(\.provider) == rhs.valueProviders.map(\.provider) && lhs.texts == rhs.texts
      && lhs.images == rhs.images && lhs.fonts == rhs.fonts
  }

  /// Whether nothing is overridden.
  public var isEmpty: Bool { valueProviders.isEmpty && texts.isEmpty && images.isEmpty && fonts.isEmpty }

  // MARK: Registering

  /// Replaces the properties `keypath` matches with `provider`'s value; an earlier provider for the same keypath is
  /// dropped (lottie-ios's `setValueProvider(_:keypath:)`).
  public mutating func setValueProvider(_ provider: LottieValueProvider, keypath: AnimationKeypath) {
    valueProviders.removeAll { $0.keypath == keypath }
    valueProviders.append((keypath, provider))
  }

  /// Replaces the text of the text layers `override` selects.
  public mutating func setText(_ override: LottieTextOverride) { texts.append(override) }

  /// Replaces the image asset(s) `override` selects.
  public mutating func setImage(_ override: LottieImageOverride) { images.append(override) }

  /// Replaces the font(s) `override` selects.
  public mutating func setFont(_ override: LottieFontOverride) { fonts.append(override) }

  // MARK: Looking up (for the builders)

  /// The provider for the property at `path` (layer names from the root, then the property's names), if any.
  public func valueProvider(at path: [String]) -> LottieValueProvider? {
    valueProviders.last { $0.keypath.matches(path) }?.provider
  }

  /// The colour override for the property at `path`, if a colour provider matches.
  public func color(at path: [String]) -> LottieOverrideValue<Color>? {
    if case .color(let value) = valueProvider(at: path) { value } else { nil }
  }

  /// The number override for the property at `path`, if a number provider matches.
  public func number(at path: [String]) -> LottieOverrideValue<Double>? {
    if case .number(let value) = valueProvider(at: path) { value } else { nil }
  }

  /// The two-number override (a point or a size provider) for the property at `path`.
  public func vector(at path: [String]) -> LottieOverrideValue<LottieVector>? {
    switch valueProvider(at: path) {
    case .point(let value), .size(let value): value
    default: nil
    }
  }

  /// The gradient override for the property at `path`, if a gradient provider matches.
  public func gradient(at path: [String]) -> LottieOverrideValue<[LottieGradientStop]>? {
    if case .gradient(let value) = valueProvider(at: path) { value } else { nil }
  }

  /// The text to show for the text layer at `path`: the last override naming its full keypath, else its last name
  /// (lottie-ios's `DictionaryTextProvider`, full path first), else one for every text; `nil` keeps the file's.
  public func text(forLayerAt path: [String]) -> String? {
    let full = path.joined(separator: ".")
    if let exact = texts.last(where: { $0.keypath == full }) { return exact.text }
    if let last = path.last, let named = texts.last(where: { $0.keypath == last }) { return named.text }
    return texts.last { $0.keypath == nil }?.text
  }

  /// The replacement for image asset `assetID`: one naming it, else one for every asset.
  public func image(forAsset assetID: String) -> LottieImageOverride? {
    images.last { $0.assetID == assetID } ?? images.last { $0.assetID == nil }
  }

  /// The replacement for the font the file calls `fontName` (`fonts.list[].fName`): one naming it, else one for
  /// every font.
  public func font(forName fontName: String) -> LottieFontOverride? {
    fonts.last { $0.fontName == fontName } ?? fonts.last { $0.fontName == nil }
  }
}

// MARK: - LottieTextOverride

/// A text that replaces a text layer's source text.
public struct LottieTextOverride: Hashable, Sendable {
  /// The text layer's full keypath (`"ENVELOPE-FRONT.sender_username"`) or last name (`"sender_username"`);
  /// `nil` for every text layer.
  public var keypath: String?
  /// The text shown instead.
  public var text: String

  /// `text` for the layer at `keypath` (every text layer when `nil`).
  public init(keypath: String? = nil, text: String) {
    self.keypath = keypath
    self.text = text
  }
}

// MARK: - LottieImageOverride

/// An image that replaces an image asset (lottie-ios's `AnimationImageProvider`).
public struct LottieImageOverride: Hashable, Sendable {
  /// Where the replacement comes from.
  public enum Source: Hashable, Sendable {
    /// A decoded image.
    case image(Image)
    /// A file path, relative to the overrides document, that the caller reads and decodes (FlipbookLottie opens
    /// no files); see `LottieOverrides.imageFiles` and `resolvingImages(_:)`.
    case file(String)
  }

  /// The asset's `id`, or `nil` for every image asset.
  public var assetID: String?
  /// The replacement.
  public var source: Source
  /// How the replacement is placed in the asset's `w`×`h` (an `AnimationImageProvider`'s
  /// `contentsGravity(for:)`): stretched by default, `.resizeAspectFill` to crop a photo of another shape.
  public var contentsGravity: ContentsGravity

  /// `source` for asset `assetID` (every asset when `nil`), placed by `contentsGravity`.
  public init(assetID: String? = nil, source: Source, contentsGravity: ContentsGravity = .resize) {
    self.assetID = assetID
    self.source = source
    self.contentsGravity = contentsGravity
  }
}

extension LottieOverrides {
  /// The file paths of image overrides still to be read, in order and without repeats.
  public var imageFiles: [String] {
    var seen = Set<String>()
    return images.compactMap {
      if case .file(let path) = $0.source, seen.insert(path).inserted { path } else { nil }
    }
  }

  /// The same overrides with every image file replaced by the image `load` gives for its path.
  public func resolvingImages<Failure: Error>(_ load: (String) throws(Failure) -> Image) throws(Failure)
    -> LottieOverrides
  {
    var copy = self
    for index in copy.images.indices {
      if case .file(let path) = copy.images[index].source { copy.images[index].source = .image(try load(path)) }
    }
    return copy
  }
}

// MARK: - LottieFontOverride

/// A font family (and optionally size) that replaces a font of the file (lottie-ios's `AnimationFontProvider`).
public struct LottieFontOverride: Hashable, Sendable {
  /// The file's font name (`fonts.list[].fName`), or `nil` for every font.
  public var fontName: String?
  /// The family drawn instead, as FlipbookGraphics' text layout knows it (a registered font file's family).
  public var family: String
  /// The size in points drawn instead, or `nil` to keep the text document's size.
  public var size: Double?

  /// `family` (at `size` if given) for the font called `fontName` (every font when `nil`).
  public init(fontName: String? = nil, family: String, size: Double? = nil) {
    self.fontName = fontName
    self.family = family
    self.size = size
  }
}
