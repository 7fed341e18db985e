import FlipbookGraphics
import FlipbookLayers
import Foundation

// MARK: - CAShapeLayer

/// `CAShapeLayer`: a path filled and stroked, over Flipbook's `ShapeLayer`.
open class CAShapeLayer: CALayer {
  /// What the layer shows now, as a `CAShapeLayer` (`presentation()`).
  open override func presentation() -> CAShapeLayer? { presentationLayer().map(CAShapeLayer.init(engineLayer:)) }

  open override class func makeEngineLayer() -> Layer { ShapeLayer() }

  private var shape: ShapeLayer { engineLayer as! ShapeLayer }

  /// The path drawn, in the layer's coordinates.
  open var path: CGPath? {
    get { shape.path }
    set { changing { shape.path = newValue } }
  }
  /// The fill colour (opaque black by default; nil fills nothing).
  open var fillColor: CGColor? {
    get { shape.fillColor }
    set { changing { shape.fillColor = newValue } }
  }
  /// The stroke colour (nil by default: no stroke).
  open var strokeColor: CGColor? {
    get { shape.strokeColor }
    set { changing { shape.strokeColor = newValue } }
  }
  /// The stroke's width.
  open var lineWidth: CGFloat {
    get { CGFloat(shape.lineWidth) }
    set { changing { shape.lineWidth = Double(newValue) } }
  }
  /// Where the stroke starts along the path, 0...1.
  open var strokeStart: CGFloat {
    get { CGFloat(shape.strokeStart) }
    set { changing { shape.strokeStart = Double(newValue) } }
  }
  /// Where the stroke ends along the path, 0...1.
  open var strokeEnd: CGFloat {
    get { CGFloat(shape.strokeEnd) }
    set { changing { shape.strokeEnd = Double(newValue) } }
  }
  /// The stroke's ends.
  open var lineCap: CAShapeLayerLineCap {
    get { shape.lineCap }
    set { changing { shape.lineCap = newValue } }
  }
  /// The stroke's corners.
  open var lineJoin: CAShapeLayerLineJoin {
    get { shape.lineJoin }
    set { changing { shape.lineJoin = newValue } }
  }
  /// The fill rule.
  open var fillRule: CAShapeLayerFillRule {
    get { shape.fillRule }
    set { changing { shape.fillRule = newValue } }
  }
}

/// The stroke's ends, as Core Animation names the type (`.butt`, `.round`, `.square`).
public typealias CAShapeLayerLineCap = LineCap
/// The stroke's corners (`.miter`, `.round`, `.bevel`).
public typealias CAShapeLayerLineJoin = LineJoin
/// The fill rule (`.nonZero`, `.evenOdd`).
public typealias CAShapeLayerFillRule = FillRule
