import FlipbookGraphics
import Foundation

// MARK: - GradientLayer

/// A layer filled with an axial gradient, modelled on `CAGradientLayer`: `colors` spread over
/// `locations` (evenly when nil) along the line from `startPoint` to `endPoint`, both in unit
/// coordinates of the bounds (defaults (0.5, 0) to (0.5, 1): top to bottom). Colours extend past the ends.
open class GradientLayer: Layer {
  /// The gradient's colours, in order along the line.
  public var colors: [Color] = []
  /// Where each colour sits along the line, 0...1; nil spreads them evenly.
  public var locations: [Double]?
  /// Where the line starts, in unit coordinates of the bounds.
  public var startPoint = CGPoint(x: 0.5, y: 0)
  /// Where the line ends, in unit coordinates of the bounds.
  public var endPoint = CGPoint(x: 0.5, y: 1)

  /// An empty gradient layer (no colours draw nothing).
  public override init() { super.init() }

  public required init(layer: Layer) {
    super.init(layer: layer)
    guard let gradient = layer as? GradientLayer else { return }
    colors = gradient.colors
    locations = gradient.locations
    startPoint = gradient.startPoint
    endPoint = gradient.endPoint
  }

  open override class var typeName: String { "gradient" }

  /// The colour stops as (location, colour) pairs.
  public var stops: [(Double, Color)] {
    guard colors.count > 1 else { return colors.map { (0, $0) } }
    let spots = locations ?? colors.indices.map { Double($0) / Double(colors.count - 1) }
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
    canvas.fillLinearGradient(in: bounds, from: point(startPoint), to: point(endPoint), stops: stops)
  }
}
