import FlipbookGraphics
import FlipbookLayers
import Foundation

// MARK: - ShapeItemLayerBuilder

/// Builds the layer that draws one path (or several `sh` paths as one) with the items painting it, as
/// lottie-ios's `ShapeItemLayer` does (lottie-ios Sources/Private/CoreAnimation/Layers/ShapeItemLayer.swift,
/// 4.6.1): a shape layer for a solid fill and stroke; a gradient fill is a gradient layer masked by the path with
/// the stroke in an overlay above it; a gradient stroke is a gradient layer masked by the stroked path.
struct ShapeItemLayerBuilder {
  /// The path-drawing item (for combined paths, an item named after their group).
  var shape: PlacedShapeItem
  /// The paths drawn as one, when combined.
  var combining: [ShapePath]?
  /// What paints and modifies the path.
  var otherItems: [PlacedShapeItem]
  /// The shape layer's context.
  var context: LottieBuildContext

  /// The layer, with its sublayers and animations.
  func build() -> Layer {
    let layer = filling(Layer())
    layer.name = shape.item.name
    if let (gradientFill, fillContext) = first(gradientFill: ()) {
      buildGradientFill(gradientFill, context: fillContext, in: layer)
    } else {
      buildSolid(in: layer)
    }
    if let (gradientStroke, strokeContext) = first(gradientStroke: ()) {
      buildGradientStroke(gradientStroke, context: strokeContext, in: layer)
    }
    return layer
  }

  // MARK: Solid

  /// One shape layer: the trim, the path, the fill and the stroke (lottie-ios `setupSolidFillAnimations`).
  private func buildSolid(in container: Layer) {
    let shapeLayer = filling(ShapeLayer())
    container.addSublayer(shapeLayer)
    let fill = first(fill: ())
    // A shape layer fills black by default; without a fill item it must fill nothing.
    if fill == nil { shapeLayer.fillColor = nil }

    var multiplier = 1
    if let (trim, trimContext) = firstNonEmptyTrim() {
      multiplier = addTrim(trim, to: shapeLayer, context: trimContext)
      if fill != nil { trimContext.report("trim paths on a filled shape (iOS trims strokes only)") }
    }
    addPath(to: shapeLayer, multiplier: multiplier)
    if let (fill, fillContext) = fill {
      shapeLayer.fillRule = fill.fillRule.fillRule
      fillContext.addAnimation(to: shapeLayer, .fillColor, keyframes: fill.color, property: "Color") { $0 }
      fillContext.addAnimation(to: shapeLayer, .opacity, keyframes: fill.opacity, property: "Opacity") { $0 / 100 }
    }
    if let (stroke, strokeContext) = first(stroke: ()) {
      addStroke(stroke.style, color: stroke.color, opacity: stroke.opacity, to: shapeLayer, context: strokeContext)
    }
  }

  // MARK: Path, trim, stroke

  /// The path's keyframes on `shapeLayer`, repeated `multiplier` times for a trim.
  func addPath(to shapeLayer: ShapeLayer, multiplier: Int) {
    let shapeContext = shape.context(in: context)
    let roundedCorners = otherItems.lazy.compactMap { placed -> ShapeRoundedCorners? in
      if case .roundedCorners(let r) = placed.item { r } else { nil }
    }.first
    let keyframes: LottieKeyframes<Path>?
    if let combining {
      if roundedCorners != nil { shapeContext.report("rounded corners on paths drawn as one (iOS draws them sharp)") }
      keyframes = combinedPathKeyframes(combining, multiplier: multiplier)
    } else {
      keyframes = shape.pathKeyframes(multiplier: multiplier, roundedCorners: roundedCorners, context: shapeContext)
    }
    guard let keyframes else { return }
    shapeContext.addAnimation(to: shapeLayer, .path, keyframes: keyframes) { shapePathValue($0) }
  }

  /// `strokeStart`/`strokeEnd` from a trim; returns how many times the path must be repeated.
  func addTrim(_ trim: ShapeTrim, to shapeLayer: ShapeLayer, context: LottieBuildContext) -> Int {
    let stroke = trim.strokeKeyframes
    context.addAnimation(to: shapeLayer, .strokeStart, keyframes: stroke.start) { $0 }
    context.addAnimation(to: shapeLayer, .strokeEnd, keyframes: stroke.end) { $0 }
    return stroke.multiplier
  }

  /// Caps, joins, miter limit, colour, width, opacity and dashes of a stroke (lottie-ios
  /// `addStrokeAnimations(for:context:)`, StrokeAnimation.swift). A gradient stroke has no colour here.
  func addStroke(
    _ style: ShapeStrokeStyle, color: LottieKeyframes<Color>?, opacity: LottieKeyframes<Double>,
    to shapeLayer: ShapeLayer, context: LottieBuildContext
  ) {
    shapeLayer.lineJoin = style.lineJoin.lineJoin
    shapeLayer.lineCap = style.lineCap.lineCap
    shapeLayer.miterLimit = style.miterLimit
    if let color {
      context.addAnimation(to: shapeLayer, .strokeColor, keyframes: color, property: "Color") { $0 }
    }
    context.addAnimation(to: shapeLayer, .lineWidth, keyframes: style.width, property: "Stroke Width") { $0 }
    context.addAnimation(to: shapeLayer, .opacity, keyframes: opacity, property: "Opacity") { $0 / 100 }
    guard let dashes = style.dashes else { return }
    let dash = ShapeDashPattern(dashes)
    if dash.isAnimated { context.report("animated dash pattern (iOS draws the first keyframe's dashes)") }
    if dash.isDrawable { shapeLayer.lineDashPattern = dash.lengths }
    if let phase = dash.phase {
      context.addAnimation(to: shapeLayer, .lineDashPhase, keyframes: phase) { $0 }
    }
  }

  // MARK: Finding items

  /// The first item of a kind among `otherItems`, with the context naming it.
  private func firstItem<T>(_ match: (ShapeItem) -> T?) -> (T, LottieBuildContext)? {
    for placed in otherItems {
      if let found = match(placed.item) { return (found, placed.context(in: context)) }
    }
    return nil
  }

  func first(fill _: Void) -> (ShapeFill, LottieBuildContext)? {
    firstItem { if case .fill(let x) = $0 { x } else { nil } }
  }

  func first(stroke _: Void) -> (ShapeStroke, LottieBuildContext)? {
    firstItem { if case .stroke(let x) = $0 { x } else { nil } }
  }

  func first(gradientFill _: Void) -> (ShapeGradientFill, LottieBuildContext)? {
    firstItem { if case .gradientFill(let x) = $0 { x } else { nil } }
  }

  func first(gradientStroke _: Void) -> (ShapeGradientStroke, LottieBuildContext)? {
    firstItem { if case .gradientStroke(let x) = $0 { x } else { nil } }
  }

  /// The first trim that changes anything (lottie-ios skips `Trim.isEmpty` ones for solid shapes).
  func firstNonEmptyTrim() -> (ShapeTrim, LottieBuildContext)? {
    firstItem { if case .trim(let x) = $0, !x.isEmpty { x } else { nil } }
  }

  /// The first trim, empty or not (gradient strokes take it as it is).
  func firstTrim() -> (ShapeTrim, LottieBuildContext)? {
    firstItem { if case .trim(let x) = $0 { x } else { nil } }
  }
}

// MARK: - Dashes

/// A stroke's dash list as a shape layer takes it (lottie-ios `shapeLayerConfiguration`, StrokeNode.swift,
/// 4.6.1): dashes and gaps in order as the pattern, a zero length drawn as 0.01 (Core Animation draws zero-length
/// dashes with round caps as pills, not dots), the offset entry as the phase. Core Animation cannot animate a
/// pattern, so each length takes its first keyframe.
struct ShapeDashPattern {
  /// The on/off lengths.
  var lengths: [Double]
  /// Whether a length had more than one keyframe.
  var isAnimated: Bool
  /// The phase keyframes, if the list has an offset.
  var phase: LottieKeyframes<Double>?

  /// What a zero-length dash is drawn as.
  static let zeroLength = 0.01

  init(_ dashes: [ShapeDash]) {
    var lengths: [Double] = []
    var animated = false
    var phase: LottieKeyframes<Double>?
    for dash in dashes {
      if dash.kind == .offset {
        phase = dash.value
        continue
      }
      animated = animated || dash.value.keyframes.count != 1
      let value = dash.value.keyframes.first?.value ?? 0
      lengths.append(value == 0 ? Self.zeroLength : value)
    }
    self.lengths = lengths
    self.isAnimated = animated
    self.phase = phase
  }

  /// Whether the pattern draws at all: one of only zero lengths is left out, as lottie-ios leaves it out
  /// (`isSupportedLayerDashPattern`).
  var isDrawable: Bool { !lengths.allSatisfy { $0 == Self.zeroLength } }
}

/// A path as the shape layer's `path` property holds it.
func shapePathValue(_ path: Path) -> Path { path }
