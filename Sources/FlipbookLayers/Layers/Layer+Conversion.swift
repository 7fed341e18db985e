import FlipbookGraphics
import Foundation

// MARK: - Converting between layers' spaces

/// `CALayer`'s `convert(_:to:)` and `convert(_:from:)`: points and rectangles between the bounds spaces of
/// two layers of one tree, through every position, anchor point, bounds origin, transform and
/// sublayerTransform on the way (a mask through the layer it masks). Both go by way of the tree's root.
extension Layer {
  /// Converts a point from this layer's bounds space to `other`'s (both in one tree). Unchanged when
  /// `other`'s map is singular (a scale of 0 somewhere above it), where no point of its space corresponds.
  public func convert(_ point: CGPoint, to other: Layer) -> CGPoint {
    guard let map = map(to: other) else { return point }
    return map.map(point).point
  }

  /// Converts a point from `other`'s bounds space to this layer's (`convert(_:from:)`).
  public func convert(_ point: CGPoint, from other: Layer) -> CGPoint {
    other.convert(point, to: self)
  }

  /// Converts a rectangle from this layer's bounds space to `other`'s: the bounding box of its four corners
  /// converted, as Core Animation returns for a rectangle under a rotation. Unchanged when the map is singular.
  public func convert(_ rect: CGRect, to other: Layer) -> CGRect {
    guard let map = map(to: other) else { return rect }
    return Self.boundingBox(of: rect, mappedBy: map)
  }

  /// Converts a rectangle from `other`'s bounds space to this layer's (`convert(_:from:)`).
  public func convert(_ rect: CGRect, from other: Layer) -> CGRect {
    other.convert(rect, to: self)
  }

  /// The bounding box of `rect`'s four corners mapped by `map` (what `frame` is of the bounds).
  static func boundingBox(of rect: CGRect, mappedBy map: Homography) -> CGRect {
    let r = rect.standardized
    let corners = [
      CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
      CGPoint(x: r.minX, y: r.maxY), CGPoint(x: r.maxX, y: r.maxY),
    ].map { map.map($0).point }
    return CGRect.boundingBox(of: corners)
  }

  /// The map from this layer's bounds space to `other`'s, or nil when `other`'s is singular.
  private func map(to other: Layer) -> Homography? {
    if other === self { return .identity }
    guard let back = other.transformToRoot.inverted else { return nil }
    return transformToRoot.concatenating(back)
  }
}
