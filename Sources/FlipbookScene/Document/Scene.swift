import FlipbookGraphics
import FlipbookLayers
import Foundation

// MARK: - Scene

/// A still scene: a screen-sized root layer and how to rasterize it, as read from a scene document.
public struct Scene {
  /// The screen in points (the root layer's bounds size).
  public var size: CGSize
  /// Pixels per point.
  public var scale: Double
  /// Painted under everything (the document's `background`); nil leaves the PNG transparent there.
  public var background: Color?
  /// The screen's layer; the document's `layers` are its sublayers.
  public let root: Layer

  public init(size: CGSize, scale: Double, background: Color?, root: Layer) {
    self.size = size
    self.scale = scale
    self.background = background
    self.root = root
  }

  /// Renders the scene, refusing sizes beyond `ImageLimits` before allocating.
  public func render() throws(GraphicsError) -> Image {
    try LayerRenderer(scale: scale, background: background).render(root)
  }
}
