import FlipbookGraphics
import FlipbookLayers
import Foundation

// MARK: - LottieCompositionBuilder

/// Builds a composition's layers into layer trees as lottie-ios's Core Animation engine does
/// (`Sources/Private/CoreAnimation/Layers/`, 4.6.1): each Lottie layer becomes an outer layer filling the
/// composition and a contents layer carrying its transform, opacity, in/out points, masks and effects, with what it
/// draws inside; parents wrap a layer in transform-only copies of each ancestor; mattes pair with the layer above.
final class LottieCompositionBuilder {
  let animation: LottieAnimation
  /// Layers below time-remapped precompositions, which lottie-ios counts to refuse very costly files.
  private(set) var timeRemappedLayerCount = 0

  init(animation: LottieAnimation) {
    self.animation = animation
  }

  /// Adds `layers` (front to back as in the file) to `container`, back to front (lottie-ios
  /// `setupLayerHierarchy(for:context:)`).
  func addLayers(_ layers: [LottieLayer], to container: Layer, context: LottieBuildContext) {
    // Parents by index: of two layers with one index the later in the file wins, as lottie-ios groups them.
    var byIndex: [Int: LottieLayer] = [:]
    for layer in layers {
      if let index = layer.index { byIndex[index] = layer }
    }
    func wrapInParents(_ built: Layer, of layer: LottieLayer) -> Layer {
      var child = built
      var current = layer
      var remaining = layers.count  // Parent cycles are refused by the reader; this only bounds the walk.
      while let parentIndex = current.parent, let parent = byIndex[parentIndex], remaining > 0 {
        let wrapper = makeTransformLayer(parent, context: context)
        wrapper.outer.name = "\(layer.name) (parent, \(parent.name))"
        wrapper.contents.addSublayer(child)
        child = wrapper.outer
        current = parent
        remaining -= 1
      }
      return child
    }
    for pair in pairLayersWithMattes(layers, matte: { $0.matte }) {
      guard let built = makeLayer(pair.layer, context: context) else { continue }
      let placed = wrapInParents(built, of: pair.layer)
      if let matteModel = pair.matte, let type = pair.layer.matte, let matte = makeLayer(matteModel, context: context) {
        container.addSublayer(
          makeMatted(placed, matte: wrapInParents(matte, of: matteModel), type: type, context: context))
      } else {
        if let type = pair.layer.matte { reportUnpairedMatte(type, context: context.appending(pair.layer.name)) }
        container.addSublayer(placed)
      }
    }
  }

  /// The layer drawing `layer`, or nil for what draws nothing at all (lottie-ios `makeAnimationLayer`).
  func makeLayer(_ layer: LottieLayer, context parentContext: LottieBuildContext) -> Layer? {
    let context = parentContext.appending(layer.name)
    if layer.isHidden { return makeTransformLayer(layer, context: parentContext).outer }
    if layer.autoOrient { context.report("auto-orient", kind: .ignored) }
    if layer.blendMode != 0 { context.report("blend mode \(layer.blendMode)", kind: .ignored) }
    switch layer.content {
    case .null:
      return makeTransformLayer(layer, context: parentContext).outer
    case .unsupported(let type):
      // lottie-ios reads type 6 (audio) as unknown and draws nothing, and later types as null layers.
      guard type != 6 else { return nil }
      context.report("layer type \(type) (drawn as a null layer)", kind: .ignored)
      return makeTransformLayer(layer, context: parentContext).outer
    default:
      break
    }
    var bounds = parentContext.bounds
    if case .precomp(_, let width, let height, _) = layer.content {
      // A precomposition is laid out at its own size and clips to it (lottie-ios `PreCompLayer.layout`).
      bounds = CGRect(x: bounds.origin.x, y: bounds.origin.y, width: width, height: height)
    }
    let outer = Layer()
    outer.name = layer.name
    Self.fill(outer, bounds: bounds)
    let contents = Layer()
    contents.name = "\(layer.name) (Content)"
    Self.fill(contents, bounds: bounds)
    outer.addSublayer(contents)

    let transformContext = context.appending("Transform")
    transformContext.addTransformAnimations(to: contents, layer.transform)
    transformContext.addOpacityAnimation(to: contents, layer.transform)
    context.addVisibilityAnimation(to: contents, inFrame: layer.inFrame, outFrame: layer.outFrame)
    if !layer.masks.isEmpty, let mask = makeMaskLayer(for: layer.masks, context: context.withBounds(bounds)) {
      contents.mask = mask
    }
    applyEffects(layer.effects, to: contents, context: context)

    let contentContext = context.withBounds(bounds)
    switch layer.content {
    case .precomp(let refId, _, _, let timeRemapping):
      contents.masksToBounds = true
      let children = precompositionContext(layer, timeRemapping: timeRemapping, context: contentContext)
      addLayers(animation.precompositions[refId]?.layers ?? [], to: contents, context: children)
      if timeRemapping != nil { timeRemappedLayerCount += Self.countSublayers(of: outer) }
    case .solid(let color, let width, let height):
      let solid = ShapeLayer()
      solid.name = "\(layer.name) (Solid)"
      Self.fill(solid, bounds: bounds)
      var path = Path()
      path.addRect(CGRect(x: 0, y: 0, width: width, height: height))
      solid.path = path
      contentContext.addAnimation(to: solid, .fillColor, keyframes: LottieKeyframes(color), property: "Color") { $0 }
      contents.addSublayer(solid)
    case .image(let refId):
      if let image = makeImageContent(refId: refId, assets: animation.images, context: contentContext) {
        contents.addSublayer(image)
      }
    case .shape(let items):
      for sublayer in makeShapeContent(items, context: contentContext) { contents.addSublayer(sublayer) }
    case .text(let text):
      contents.addSublayer(makeTextContent(text, context: contentContext))
    case .null, .unsupported:
      break
    }
    return outer
  }

  /// A layer that only carries `layer`'s transform, for parents, null and hidden layers (lottie-ios
  /// `TransformLayer`: no opacity, no in/out points, no content). Its keypath is the layer's own.
  func makeTransformLayer(_ layer: LottieLayer, context: LottieBuildContext) -> (outer: Layer, contents: Layer) {
    let outer = Layer()
    outer.name = layer.name
    Self.fill(outer, bounds: context.bounds)
    let contents = Layer()
    contents.name = "\(layer.name) (Content)"
    Self.fill(contents, bounds: context.bounds)
    outer.addSublayer(contents)
    context.appending(layer.name).appending("Transform").addTransformAnimations(to: contents, layer.transform)
    return (outer, contents)
  }

  /// The context for a precomposition's layers: their frames map to the parent's through the start time and the
  /// stretch (`f · sr + st`), or through the time remapping `tm` (seconds at each parent frame), which forces
  /// frame-by-frame sampling (lottie-ios `PreCompLayer.setupAnimations`).
  func precompositionContext(
    _ layer: LottieLayer, timeRemapping: LottieKeyframes<Double>?, context: LottieBuildContext
  ) -> LottieBuildContext {
    var children = context
    let stretch = layer.timeStretch
    let start = layer.startTime
    children.timeline = context.timeline.mappingLocalFrames { $0 * stretch + start }
    let outer = context.globalToLocalFrame
    if let remap = timeRemapping?.keyframes {
      let framerate = animation.framerate
      children.mustUseComplexTimeRemapping = true
      children.globalToLocalFrame = { (remap.lottieValue(atFrame: outer($0)) ?? 0) * framerate }
    } else {
      children.globalToLocalFrame = { (outer($0) - start) / stretch }
    }
    return children
  }

  /// Lays `layer` out to fill `bounds` with its origin at the superlayer's origin (lottie-ios
  /// `fillBoundsOfSuperlayer`: anchor point zero, so the layer shares its superlayer's coordinates).
  static func fill(_ layer: Layer, bounds: CGRect) {
    layer.anchorPoint = .zero
    layer.bounds = bounds
    layer.position = .zero
  }

  /// Every layer below `layer` (sublayers and masks, recursively).
  static func countSublayers(of layer: Layer) -> Int {
    layer.sublayers.reduce(0) { $0 + 1 + countSublayers(of: $1) } + (layer.mask.map { 1 + countSublayers(of: $0) } ?? 0)
  }
}

extension LottieBuildContext {
  /// This context for layers filling `bounds`.
  func withBounds(_ bounds: CGRect) -> LottieBuildContext {
    var copy = self
    copy.bounds = bounds
    return copy
  }
}
