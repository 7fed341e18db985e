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

  /// The colour layer, masked by the alpha layer when some stop is not opaque.
  func makeLayers() -> Layer {
    let colors = context.register(property: "Colors", as: [Double].self) ?? gradient.colors
    let colorCount =
      context.register(property: "Colors", as: [Double].self) != nil
      ? (colors.keyframes.first?.value.count ?? 0) / 6 : gradient.colorCount
    let colorLayer = Self.square(GradientLayer())
    configure(colorLayer, stops: colors, colorCount: colorCount, alpha: false)
    if colors.keyframes.contains(where: { keyframe in
      Self.stops(keyframe.value, colorCount: colorCount, alpha: true).contains { $0.color.alpha < 0.999 }
    }) {
      let alphaLayer = Self.square(GradientLayer())
      configure(alphaLayer, stops: colors, colorCount: colorCount, alpha: true)
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

  private func configure(
    _ layer: GradientLayer, stops: LottieKeyframes<[Double]>, colorCount: Int, alpha: Bool
  ) {
    let first = Self.stops(stops.keyframes.first?.value ?? [], colorCount: colorCount, alpha: alpha)
    layer.colors = first.map(\.color)
    layer.locations = first.map(\.location)
    context.addAnimation(to: layer, .opacity, keyframes: gradient.opacity, property: "Opacity") { $0 / 100 }
    layer.startPoint = Self.unit(gradient.startPoint.keyframes.first?.value.point ?? .zero)
    layer.endPoint = Self.unit(gradient.endPoint.keyframes.first?.value.point ?? .zero)
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
