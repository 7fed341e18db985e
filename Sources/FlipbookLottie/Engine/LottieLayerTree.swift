import FlipbookGraphics
import FlipbookLayers
import Foundation

// MARK: - The whole tree

/// How a tree is built apart from its timeline: the providers and overrides its context hands every builder.
public struct LottieBuildOptions {
  /// Images for image layers.
  public var imageProvider: LottieImageProvider?
  /// Fonts for text layers.
  public var fontProvider: LottieFontProvider?
  /// Dynamic-property overrides.
  public var valueProviders: (any LottieValueProviding)?
  /// How each provided image is placed in its asset's `w`×`h` (lottie-ios's
  /// `AnimationImageProvider.contentsGravity(for:)`, `.resize` unless the provider says otherwise).
  public var imageContentsGravity: LottieImageContentsGravity

  /// Options with the given providers (none by default).
  public init(
    imageProvider: LottieImageProvider? = nil, fontProvider: LottieFontProvider? = nil,
    valueProviders: (any LottieValueProviding)? = nil,
    imageContentsGravity: @escaping LottieImageContentsGravity = { _ in .resize }
  ) {
    self.imageProvider = imageProvider
    self.fontProvider = fontProvider
    self.valueProviders = valueProviders
    self.imageContentsGravity = imageContentsGravity
  }
}

/// Cost above which lottie-ios's Core Animation engine refuses a file: layers below time-remapped
/// precompositions times frames (`validateReasonableNumberOfTimeRemappingLayers`,
/// `Sources/Private/CoreAnimation/CoreAnimationLayer.swift`, 4.6.1: "1000 layers for a one second animation at
/// 60 fps").
let maximumTimeRemappingCost = 1000 * 60

extension LottieAnimation {
  /// The layer tree drawing this animation against `timeline`, as lottie-ios's `CoreAnimationLayer` builds it: a
  /// root of the composition's size holding the layers, every animation attached, at speed 1 with no time offset
  /// (the caller pauses it or sets it playing). Issues go to `issues`, keypaths to `keypaths`.
  public func makeLayerTree(
    timeline: LottieTimeline, options: LottieBuildOptions = LottieBuildOptions(),
    issues: LottieIssueLog = LottieIssueLog(), keypaths: LottieKeypathRecorder = LottieKeypathRecorder()
  ) -> Layer {
    var context = LottieBuildContext(
      timeline: timeline, issues: issues, valueProviders: options.valueProviders, keypaths: keypaths,
      imageProvider: options.imageProvider, fontProvider: options.fontProvider)
    context.bounds = bounds
    context.fonts = fonts
    context.imageContentsGravity = options.imageContentsGravity
    if let overrides = options.valueProviders as? LottieOverrides {
      // Overridden images and fonts come first, the caller's providers for the rest.
      context.imageProvider = overrides.imageProvider(fallback: options.imageProvider)
      context.imageContentsGravity = overrides.imageContentsGravity(fallback: options.imageContentsGravity)
      context.fontProvider = overrides.fontProvider(fallback: options.fontProvider)
    }
    let root = Layer()
    root.name = "root layer"
    root.bounds = bounds
    root.anchorPoint = .zero
    let builder = LottieCompositionBuilder(animation: self)
    builder.addLayers(layers, to: root, context: context)
    let frames = Int(framerate * duration)
    let cost = builder.timeRemappedLayerCount * frames
    if cost >= maximumTimeRemappingCost {
      issues.report(
        "very many time-remapped layers (\(builder.timeRemappedLayerCount) layers over \(frames) frames)", at: [])
    }
    return root
  }

  /// What this file asks that iOS does not draw as asked, found by building it once: one entry per feature and
  /// layer. An empty list means lottie-ios's Core Animation engine draws the file as is.
  public func issues(options: LottieBuildOptions = LottieBuildOptions()) -> [LottieIssue] {
    let log = LottieIssueLog()
    _ = makeLayerTree(
      timeline: LottieTimeline(startFrame: startFrame, endFrame: endFrame, framerate: framerate), options: options,
      issues: log)
    return log.issues
  }

  /// Every animatable property's keypath, as dynamic properties name them (lottie-ios `allHierarchyKeypaths()`).
  public func allHierarchyKeypaths() -> [String] {
    let recorder = LottieKeypathRecorder()
    _ = makeLayerTree(
      timeline: LottieTimeline(startFrame: startFrame, endFrame: endFrame, framerate: framerate), keypaths: recorder)
    return recorder.keypaths.map { $0.joined(separator: ".") }
  }
}
