import FlipbookGraphics
import Foundation

// MARK: - Geometry

extension Layer {
  /// The layer's anchor point in its own bounds space.
  public var anchorPointInBounds: CGPoint {
    CGPoint(x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
  }

  /// Where the layer sits in its superlayer's bounds space: derived, never stored.
  ///
  /// With an identity transform it is `position − anchorPoint × size`; otherwise the bounding box of the
  /// bounds transformed about the anchor point (a 100x100 layer at (0, 0) turned 45° has the frame
  /// (−70.7, −70.7, 141.4, 141.4)). Reading it changes nothing.
  ///
  /// Setting it keeps `bounds.origin` and, as Core Animation does, works through the transform: the new
  /// `bounds.size` is the frame's size mapped back through the inverse of the transform's affine part
  /// (`CATransform3DGetAffineTransform`; a 3D part is left out of the size), and `position` is then placed so
  /// that the transformed bounds' bounding box, as the getter computes it, starts at the frame's origin. Under scales, flips and turns by
  /// multiples of 90° the frame reads back exactly. Apple's `CALayer.frame` page says not to set the frame
  /// under other rotations (the result is undefined there); this takes the bounding box of the frame mapped
  /// back as the size, so the frame reads back larger, from the same origin (a 141.4 pt square set under 45°
  /// gives 200x200 bounds spanning 282.8 pt). A singular affine part (a scale of 0) leaves `bounds.size` as
  /// it was and only moves the layer.
  public var frame: CGRect {
    get {
      if transform.isIdentity {
        return CGRect(
          x: position.x - anchorPoint.x * bounds.width, y: position.y - anchorPoint.y * bounds.height,
          width: bounds.width, height: bounds.height)
      }
      return transformedBox(size: bounds.size).offsetBy(dx: position.x, dy: position.y)
    }
    set {
      let standard = newValue.standardized
      if transform.isIdentity {
        bounds.size = standard.size
        position = CGPoint(
          x: standard.minX + anchorPoint.x * standard.width, y: standard.minY + anchorPoint.y * standard.height)
        return
      }
      var linear = transform.affine
      (linear.tx, linear.ty) = (0, 0)
      let size = linear.inverted.map { CGRect(origin: .zero, size: standard.size).applying($0).size } ?? bounds.size
      let box = transformedBox(size: size)
      bounds.size = size
      position = CGPoint(x: standard.minX - box.minX, y: standard.minY - box.minY)
    }
  }

  /// The bounding box, relative to `position`, of bounds of `size` (at the current `bounds.origin`) turned by
  /// `transform` about the anchor point: the frame of a layer at position (0, 0).
  private func transformedBox(size: CGSize) -> CGRect {
    let anchor = CGPoint(x: bounds.minX + anchorPoint.x * size.width, y: bounds.minY + anchorPoint.y * size.height)
    let map = Transform3D(translationX: -anchor.x, y: -anchor.y, z: -anchorPointZ).concatenating(transform)
      .concatenating(Transform3D(translationX: 0, y: 0, z: zPosition)).planeProjection
    return Self.boundingBox(of: CGRect(origin: bounds.origin, size: size), mappedBy: map)
  }

  /// The 3D map from this layer's bounds space to its superlayer's bounds space, before flattening:
  /// move the anchor point to the origin, apply `transform`, move to `position` (and `zPosition`), then
  /// apply the superlayer's `sublayerTransform` about the superlayer's anchor point.
  public func transform3DToSuperlayer(includingSublayerTransform: Bool = true) -> Transform3D {
    let anchor = anchorPointInBounds
    var m = Transform3D(translationX: -anchor.x, y: -anchor.y, z: -anchorPointZ)
    if !transform.isIdentity { m = m.concatenating(transform) }
    m = m.concatenating(Transform3D(translationX: position.x, y: position.y, z: zPosition))
    if includingSublayerTransform, let parent = superlayer { m = parent.applyingSublayerTransform(to: m) }
    return m
  }

  /// `m` (a map into this layer's bounds space) followed by this layer's `sublayerTransform` about its
  /// anchor point; `m` itself when that is the identity.
  func applyingSublayerTransform(to m: Transform3D) -> Transform3D {
    guard !sublayerTransform.isIdentity else { return m }
    let anchor = anchorPointInBounds
    return m.concatenating(Transform3D(translationX: -anchor.x, y: -anchor.y))
      .concatenating(sublayerTransform)
      .concatenating(Transform3D(translationX: anchor.x, y: anchor.y))
  }

  /// The flattened map from this layer's bounds space onto its superlayer's plane.
  public func transformToSuperlayer(includingSublayerTransform: Bool = true) -> Homography {
    // The common case, a plain offset, skips the 4x4 products (this runs for every layer every frame).
    if transform.isIdentity, zPosition == 0, anchorPointZ == 0,
      !includingSublayerTransform || superlayer?.sublayerTransform.isIdentity ?? true
    {
      let anchor = anchorPointInBounds
      return Homography(Transform2D(translationX: position.x - anchor.x, y: position.y - anchor.y))
    }
    return transform3DToSuperlayer(includingSublayerTransform: includingSublayerTransform).planeProjection
  }

  /// The map from this layer's bounds space to the bounds space of the root of its tree (a mask maps
  /// through the layer it masks).
  public var transformToRoot: Homography {
    var map = Homography.identity
    var layer: Layer? = self
    while let current = layer, let parent = current.treeParent {
      map = map.concatenating(current.transformToSuperlayer())
      layer = parent
    }
    return map
  }

  /// The transform as an affine transform (`affineTransform()`), dropping any 3D part.
  public var affineTransform: Transform2D {
    get { transform.affine }
    set { transform = Transform3D(newValue) }
  }
}
