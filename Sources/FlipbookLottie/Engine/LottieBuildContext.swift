import FlipbookGraphics
import FlipbookLayers
import FlipbookTiming
import Foundation

// MARK: - LottieBuildContext

/// What every builder of the layer tree is handed (lottie-ios's `LayerContext` and `LayerAnimationContext`,
/// `Sources/Private/CoreAnimation/Layers/AnimationLayer.swift`, 4.6.1): the timeline animations are built against,
/// the keypath of names from the root, the issue log, the dynamic-property overrides and the providers of images
/// and fonts.
///
/// A value: a builder passes a copy with one more name (``appending(_:)``) or another timeline
/// (``withTimeline(_:)``) to its children; the log, the keypath recorder and the providers are shared.
public struct LottieBuildContext {
  /// The clock animations are built against (frames → seconds, the played clip).
  public var timeline: LottieTimeline
  /// Layer (and shape group) names from the root to what is being built, as dynamic-property keypaths name them.
  public var keypath: [String]
  /// The bounds the layers being built fill: the composition's, or the precomposition's they belong to (lottie-ios
  /// lays every animation layer out to fill its superlayer, `CALayer+fillBounds.swift`).
  public var bounds: CGRect = .zero
  /// Where unsupported features are reported.
  public let issues: LottieIssueLog
  /// Overrides of animatable properties by keypath (dynamic properties); nil when there are none.
  public var valueProviders: (any LottieValueProviding)?
  /// Every animatable property's full keypath, recorded as it is built (lottie-ios's `allHierarchyKeypaths()`).
  public let keypaths: LottieKeypathRecorder
  /// Images for image layers, by asset.
  public var imageProvider: LottieImageProvider?
  /// How each provided image is placed in its asset's size (lottie-ios's `contentsGravity(for:)`).
  public var imageContentsGravity: LottieImageContentsGravity = { _ in .resize }
  /// Fonts for text layers, by the file's font description.
  public var fontProvider: LottieFontProvider?
  /// The file's fonts (`fonts.list`) by name (`fName`), which text documents reference.
  public var fonts: [String: LottieFont] = [:]
  /// Whether a parent precomposition's time remapping forces keyframes to be sampled frame by frame
  /// (lottie-ios's `mustUseComplexTimeRemapping`); then ``globalToLocalFrame`` maps composition frames to this
  /// layer's frames.
  public var mustUseComplexTimeRemapping = false
  /// Composition frame → this layer's frame, through every time remapping above it (lottie-ios's
  /// `complexTimeRemapping`).
  public var globalToLocalFrame: @Sendable (Double) -> Double = { $0 }

  /// A context at the root of an animation.
  public init(
    timeline: LottieTimeline, issues: LottieIssueLog = LottieIssueLog(),
    valueProviders: (any LottieValueProviding)? = nil, keypaths: LottieKeypathRecorder = LottieKeypathRecorder(),
    imageProvider: LottieImageProvider? = nil, fontProvider: LottieFontProvider? = nil
  ) {
    self.timeline = timeline
    self.keypath = []
    self.issues = issues
    self.valueProviders = valueProviders
    self.keypaths = keypaths
    self.imageProvider = imageProvider
    self.fontProvider = fontProvider
  }

  /// This context one level down, inside the layer or group named `name`.
  public func appending(_ name: String) -> LottieBuildContext {
    var copy = self
    copy.keypath.append(name)
    return copy
  }

  /// This context with another timeline (a precomposition's children).
  public func withTimeline(_ timeline: LottieTimeline) -> LottieBuildContext {
    var copy = self
    copy.timeline = timeline
    return copy
  }

  /// Names `feature` as not drawn as the file asks, once for this keypath.
  public func report(_ feature: String, kind: LottieIssue.Kind = .unsupported) {
    issues.report(feature, at: keypath, kind: kind)
  }

  /// Names `feature` as not drawn as the file asks, once for `path`.
  public func report(_ feature: String, at path: [String], kind: LottieIssue.Kind = .unsupported) {
    issues.report(feature, at: path, kind: kind)
  }

  /// Records the animatable property `property` of what is being built (`Transform.Position`,
  /// `Color`) and returns the override a value provider gives it, if any. Builders call it for every property a
  /// user may override; ``addAnimation(to:_:keyframes:property:value:)`` calls it for them.
  public func register<V>(property: String, as type: V.Type) -> LottieKeyframes<V>? {
    let full = keypath + [property]
    keypaths.record(full)
    return valueProviders?.keyframes(for: full, as: type)
  }
}

// MARK: - Dynamic properties

/// Looks up overrides of animatable properties by keypath (lottie-ios's `ValueProviderStore`); layers2's
/// `DynamicProperties/` implements it with `*` and `**` wildcards.
public protocol LottieValueProviding {
  /// The keyframes that replace the property at `keypath` (layer and group names, then the property's name), when
  /// an override of that value type matches; nil keeps the file's keyframes.
  func keyframes<V>(for keypath: [String], as type: V.Type) -> LottieKeyframes<V>?
}

/// Every animatable property's keypath met while building, in order and without repeats.
public final class LottieKeypathRecorder: @unchecked Sendable {
  private var seen: Set<[String]> = []
  /// The keypaths, in the order first met.
  public private(set) var keypaths: [[String]] = []

  /// An empty recorder.
  public init() {}

  /// Records `keypath` unless it is already there.
  public func record(_ keypath: [String]) {
    guard seen.insert(keypath).inserted else { return }
    keypaths.append(keypath)
  }
}

// MARK: - Providers

/// Gives the image of an image asset (decoded by the caller: this module opens no files and decodes no formats).
/// Returning nil leaves the layer empty and is reported as a missing image.
public typealias LottieImageProvider = (LottieImageAsset) -> Image?
/// How an image asset's provided image is placed in the asset's `w`×`h` (lottie-ios's
/// `AnimationImageProvider.contentsGravity(for:)`, whose default is `.resize`).
public typealias LottieImageContentsGravity = (LottieImageAsset) -> ContentsGravity

/// Picks the font a text layer draws with: given the file's font (family, style, name), the font name Flipbook's
/// text drawing should use (a fontconfig family); nil uses the file's family as is.
public typealias LottieFontProvider = (LottieFont) -> String?
