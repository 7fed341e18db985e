import FlipbookGraphics
import Foundation

// MARK: - GradientLayer

/// A layer filled with a gradient, modelled on `CAGradientLayer` (Apple's reference,
/// https://developer.apple.com/documentation/quartzcore/cagradientlayer, and its header `CAGradientLayer.h`):
/// `colors` spread over `locations` (evenly when nil) from `startPoint` towards `endPoint`, both in unit
/// coordinates of the bounds (defaults (0.5, 0) to (0.5, 1): top to bottom), drawn as `type` says. The end
/// colours extend before the first stop and past the last.
///
/// `colors`, `locations`, `startPoint` and `endPoint` animate through `AnimationKeyPath.colors`, `.locations`,
/// `.startPoint` and `.endPoint`; setting them does not start implicit animations.
open class GradientLayer: Layer {
  /// The kinds of gradient (`CAGradientLayerType`); the raw values are Core Animation's strings.
  public enum Kind: String, CaseIterable, Sendable {
    /// Varies along the line from `startPoint` to `endPoint`; lines perpendicular to it have one colour
    /// (`kCAGradientLayerAxial`, the default).
    case axial
    /// Varies outward over an ellipse centred at `startPoint` whose half-width and half-height are the x and y
    /// distances from `startPoint` to `endPoint`, in the bounds' size (`kCAGradientLayerRadial`: "an ellipse with
    /// its center at 'startPoint' and its width and height defined by '(endPoint.x - startPoint.x) * 2' and
    /// '(endPoint.y - startPoint.y) * 2' respectively", `CAGradientLayer.h`). lottie-ios relies on this reading:
    /// it draws a circle of radius r as startPoint + (r, r) (lottie-ios
    /// `Sources/Private/CoreAnimation/Animations/GradientAnimations.swift`, 4.6.1).
    case radial
  }

  /// The gradient's colours, in order along the line.
  public var colors: [Color] = []
  /// Where each colour sits along the line, 0...1; nil (or empty) spreads them evenly. An animation of
  /// `locations` shows only on a layer whose `locations` is not nil, as in Core Animation (lottie-ios sets
  /// `locations = []` before animating them "for the animations below to actually take effect":
  /// `GradientAnimations.swift`, 4.6.1).
  public var locations: [Double]?
  /// Where the gradient starts, in unit coordinates of the bounds.
  public var startPoint = CGPoint(x: 0.5, y: 0)
  /// Where the gradient ends, in unit coordinates of the bounds.
  public var endPoint = CGPoint(x: 0.5, y: 1)
  /// How the colours are laid out: along a line, or over an ellipse.
  public var type: Kind = .axial
  /// How the colours blend between stops. Core Animation has no such property; `.genericRGB` is how iOS draws a
  /// `CAGradientLayer` (measured, see ``GradientInterpolation``), and what Lottie gradients use. `.sRGB`, the default,
  /// keeps every gradient drawn before it as it was.
  public var interpolation: GradientInterpolation = .sRGB

  /// An empty gradient layer (no colours draw nothing).
  public override init() { super.init() }

  public required init(layer: Layer) {
    super.init(layer: layer)
    guard let gradient = layer as? GradientLayer else { return }
    colors = gradient.colors
    locations = gradient.locations
    startPoint = gradient.startPoint
    endPoint = gradient.endPoint
    type = gradient.type
    interpolation = gradient.interpolation
  }

  open override class var typeName: String { "gradient" }

  /// The colour stops as (location, colour) pairs.
  public var stops: [(Double, Color)] {
    guard colors.count > 1 else { return colors.map { (0, $0) } }
    let given = locations.flatMap { $0.isEmpty ? nil : $0 }
    let spots = given ?? colors.indices.map { Double($0) / Double(colors.count - 1) }
    return Array(zip(spots, colors))
  }

  open override var contentPaintCount: Int { colors.isEmpty ? 0 : 1 }

  open override func drawContent(in canvas: Canvas) throws(GraphicsError) {
    guard !colors.isEmpty, bounds.width > 0, bounds.height > 0 else { return }
    if colors.count == 1 {
      canvas.fill(bounds, color: colors[0])
      return
    }
    func point(_ unit: CGPoint) -> CGPoint {
      CGPoint(x: bounds.minX + unit.x * bounds.width, y: bounds.minY + unit.y * bounds.height)
    }
    switch type {
    case .axial:
      canvas.fillLinearGradient(
        in: bounds, from: point(startPoint), to: point(endPoint), stops: stops, interpolation: interpolation)
    case .radial:
      let radii = CGSize(
        width: (endPoint.x - startPoint.x) * bounds.width, height: (endPoint.y - startPoint.y) * bounds.height)
      canvas.fillRadialGradient(
        in: bounds, center: point(startPoint), radii: radii, stops: stops, interpolation: interpolation)
    }
  }
}
