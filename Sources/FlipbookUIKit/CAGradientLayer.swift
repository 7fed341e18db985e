import FlipbookGraphics
import FlipbookLayers
import Foundation

// MARK: - CAGradientLayer

/// `CAGradientLayer` over Flipbook's `GradientLayer`: colours blended between two points.
open class CAGradientLayer: CALayer {
  /// What the layer shows now, as a `CAGradientLayer` (`presentation()`).
  open override func presentation() -> CAGradientLayer? { presentationLayer().map(CAGradientLayer.init(engineLayer:)) }

  open override class func makeEngineLayer() -> Layer { GradientLayer() }

  private var gradient: GradientLayer { engineLayer as! GradientLayer }

  /// The colours, `CGColor`s, as Core Animation takes them (`[Any]?`).
  open var colors: [Any]? {
    get { gradient.colors.isEmpty ? nil : gradient.colors }
    set { changing { gradient.colors = (newValue ?? []).compactMap { $0 as? CGColor } } }
  }
  /// Each colour's place, 0...1 (nil: evenly spaced).
  open var locations: [NSNumber]? {
    get { gradient.locations?.map { NSNumber(value: $0) } }
    set { changing { gradient.locations = newValue?.map(\.doubleValue) } }
  }
  /// Where the first colour is, in unit coordinates (top middle by default).
  open var startPoint: CGPoint {
    get { gradient.startPoint }
    set { changing { gradient.startPoint = newValue } }
  }
  /// Where the last colour is (bottom middle by default).
  open var endPoint: CGPoint {
    get { gradient.endPoint }
    set { changing { gradient.endPoint = newValue } }
  }
  /// `.axial` (the default) or `.radial`.
  open var type: CAGradientLayerType {
    get { gradient.type }
    set { changing { gradient.type = newValue } }
  }
}

/// A gradient's kind (`CAGradientLayerType`).
public typealias CAGradientLayerType = GradientLayer.Kind
