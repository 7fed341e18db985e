import FlipbookGraphics
import FlipbookLayers
import Foundation

// MARK: - Gradient fills and strokes

extension ShapeItemLayerBuilder {
  /// A gradient fill: the gradient (its alpha stops, if any, as a second gradient masking it) clipped by the
  /// filled path, with an overlay shape layer above for a solid stroke (lottie-ios
  /// `setupGradientFillLayerHierarchy` and `setupGradientFillAnimations`, ShapeItemLayer.swift, 4.6.1). Trims do
  /// not apply to gradient fills, as in lottie-ios.
  func buildGradientFill(_ fill: ShapeGradientFill, context fillContext: LottieBuildContext, in container: Layer) {
    let group = filling(Layer())
    let pathContainer = filling(Layer())
    let pathMask = filling(ShapeLayer())
    pathMask.fillColor = .black
    pathMask.fillRule = fill.fillRule.fillRule
    pathContainer.mask = pathMask
    let colorLayer = ShapeGradientRenderer(fill.gradient, context: fillContext).makeLayers()
    pathContainer.addSublayer(colorLayer)
    group.addSublayer(pathContainer)
    let overlay = filling(ShapeLayer())
    overlay.fillColor = nil
    group.addSublayer(overlay)
    container.addSublayer(group)

    addPath(to: pathMask, multiplier: 1)
    addPath(to: overlay, multiplier: 1)
    if let (stroke, strokeContext) = first(stroke: ()) {
      addStroke(stroke.style, color: stroke.color, opacity: stroke.opacity, to: overlay, context: strokeContext)
    }
  }

  /// A gradient stroke: the gradient clipped by the stroked (and trimmed) path (lottie-ios
  /// `setupGradientStrokeLayerHierarchy` and `setupGradientStrokeAnimations`).
  func buildGradientStroke(
    _ stroke: ShapeGradientStroke, context strokeContext: LottieBuildContext, in container: Layer
  ) {
    let group = filling(Layer())
    let pathMask = filling(ShapeLayer())
    pathMask.fillColor = nil
    pathMask.strokeColor = .black
    group.mask = pathMask
    group.addSublayer(ShapeGradientRenderer(stroke.gradient, context: strokeContext).makeLayers())
    container.addSublayer(group)

    var multiplier = 1
    if let (trim, trimContext) = firstTrim() {
      multiplier = addTrim(trim, to: pathMask, context: trimContext)
    }
    addPath(to: pathMask, multiplier: multiplier)
    addStroke(stroke.style, color: nil, opacity: stroke.gradient.opacity, to: pathMask, context: strokeContext)
  }
}

// MARK: - ShapeGradientRenderer

/// The gradient layers of a gradient fill or stroke (lottie-ios `GradientRenderLayer` and
/// `addGradientAnimations`, GradientRenderLayer.swift and GradientAnimations.swift, 4.6.1).
///
/// The gradient is drawn "infinitely": lottie-ios pads the layer by 10 000 points on every side so the colours
/// extend past the path wherever it goes, and expresses the file's absolute start and end points relative to
/// that padded square; here the square spans −10 000…10 000 around the shape's origin. The RGB stops and the
/// alpha stops (which may sit at other locations) are two gradients, the alpha one masking the RGB one.
struct ShapeGradientRenderer {
  /// The gradient item.
  var gradient: ShapeGradient
  /// Its context (keypath of the item).
  var context: LottieBuildContext

  init(_ gradient: ShapeGradient, context: LottieBuildContext) {
    self.gradient = gradient
    self.context = context
  }

  /// lottie-ios's padding around a gradient (`CALayer.veryLargeLayerPadding`, GradientRenderLayer.swift).
  static let padding = 10_000.0

  /// The colour layer, masked by the alpha layer when some stop is not opaque. A "Colors" override replaces
  /// the packed stops; its colour count is a sixth of its length (n colour and n alpha stops).
  func makeLayers() -> Layer {
    let override = context.register(property: "Colors", as: [Double].self)
    let stops = override ?? gradient.colors
    let colorCount = override.map { ($0.keyframes.first?.value.count ?? 0) / 6 } ?? gradient.colorCount
    let colorLayer = Self.square(GradientLayer())
    // lottie-ios draws it as a CAGradientLayer, whose colours iOS blends in Generic RGB (measured: see
    // GradientInterpolation); the alpha mask's colours are black, which that does not change.
    colorLayer.interpolation = .genericRGB
    configure(colorLayer, colorCount: colorCount, alpha: false)
    let hasAlpha = stops.keyframes.contains { keyframe in
      Self.stops(keyframe.value, colorCount: colorCount, alpha: true).contains { $0.color.alpha < 0.999 }
    }
    if hasAlpha {
      // The mask lies in the colour layer's own space, over the same square: the alpha stops line up with the
      // colour stops, as the references iOS drew show (e.g. lottie-ios's issue_1855 sample).
      let alphaLayer = Self.square(GradientLayer())
      alphaLayer.position = .zero
      configure(alphaLayer, colorCount: colorCount, alpha: true)
      colorLayer.mask = alphaLayer
    }
    return colorLayer
  }

  /// A layer covering the padded square around the origin.
  private static func square<L: Layer>(_ layer: L) -> L {
    layer.anchorPoint = .zero
    layer.bounds = CGRect(x: 0, y: 0, width: 2 * padding, height: 2 * padding)
    layer.position = CGPoint(x: -padding, y: -padding)
    return layer
  }

  /// A point of the shape's space in unit coordinates of the padded square.
  static func unit(_ point: CGPoint) -> CGPoint {
    CGPoint(x: (point.x + padding) / (2 * padding), y: (point.y + padding) / (2 * padding))
  }

  /// Colours, locations, opacity and geometry of one of the two layers (lottie-ios `addGradientAnimations`):
  /// `locations` starts empty and `colors` as many black colours as the keyframes hold, so that the animations
  /// apply, as Core Animation requires.
  private func configure(_ layer: GradientLayer, colorCount: Int, alpha: Bool) {
    let first =
      context.register(property: "Colors", as: [Double].self)?.keyframes.first?.value
      ?? gradient.colors.keyframes.first?.value ?? []
    layer.locations = []
    layer.colors = Array(repeating: .black, count: Self.stops(first, colorCount: colorCount, alpha: alpha).count)
    context.addAnimation(to: layer, .colors, keyframes: gradient.colors, property: "Colors") {
      Self.stops($0, colorCount: colorCount, alpha: alpha).map(\.color)
    }
    context.addAnimation(to: layer, .locations, keyframes: gradient.colors, property: "Colors") {
      Self.stops($0, colorCount: colorCount, alpha: alpha).map(\.location)
    }
    context.addAnimation(to: layer, .opacity, keyframes: gradient.opacity, property: "Opacity") { $0 / 100 }
    switch gradient.kind {
    case .linear, .none:
      layer.type = .axial
      context.addAnimation(to: layer, .startPoint, keyframes: gradient.startPoint) { Self.unit($0.point) }
      context.addAnimation(to: layer, .endPoint, keyframes: gradient.endPoint) { Self.unit($0.point) }
    case .radial:
      // Centred at the start point, reaching the end point in every direction: the end point given to Core
      // Animation is the start moved by the radius in x and in y (lottie-ios `addRadialGradientAnimations`).
      layer.type = .radial
      guard let start = CombinableKeyframes(gradient.startPoint, interpolate: ShapeInterpolation.vector),
        let end = CombinableKeyframes(gradient.endPoint, interpolate: ShapeInterpolation.vector)
      else { return }
      let points = ShapeKeyframes.combined([start, end]) { v in
        let (s, e) = ((v[0] as! LottieVector).point, (v[1] as! LottieVector).point)
        let radius = s.distance(to: e)
        return (Self.unit(s), Self.unit(CGPoint(x: s.x + radius, y: s.y + radius)))
      }
      context.addAnimation(to: layer, .startPoint, keyframes: points) { $0.0 }
      context.addAnimation(to: layer, .endPoint, keyframes: points) { $0.1 }
    }
  }

  /// The colour (or alpha) stops of one keyframe of the packed array (lottie-ios `colorConfiguration`): first
  /// `colorCount` × (location, r, g, b), then (location, alpha) pairs; alpha stops become black of that alpha.
  static func stops(_ packed: [Double], colorCount: Int, alpha: Bool) -> [(color: Color, location: Double)] {
    if !alpha {
      let count = min(colorCount, packed.count / 4)
      return (0..<count).map { i in
        let s = i * 4
        return (Color(red: packed[s + 1], green: packed[s + 2], blue: packed[s + 3], alpha: 1), packed[s])
      }
    }
    var result: [(color: Color, location: Double)] = []
    var i = colorCount * 4
    while i + 1 < packed.count {
      result.append((Color(red: 0, green: 0, blue: 0, alpha: packed[i + 1]), packed[i]))
      i += 2
    }
    return result
  }
}
