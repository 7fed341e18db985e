import FlipbookGraphics
import FlipbookLayers
import Foundation

// MARK: - Group and repeater transforms

/// Animates `layer` (a group's or a repeater copy's layer, anchor point at the origin over a unit square) by a
/// Lottie transform, as lottie-ios's `addTransformAnimations(for:context:)` does (lottie-ios
/// Sources/Private/CoreAnimation/Animations/TransformAnimations.swift, 4.6.1): position as the translation, the
/// anchor as the anchor point (absolute, since the layer is a unit square), scale and rotations as their parts;
/// or, when there is a skew or a negative x scale (which Core Animation cannot animate part by part), the whole
/// matrix, `translate(position) · rotateX · rotateY · rotateZ · skew · scale · translate(−anchor)`, per keyframe.
/// Opacity is separate.
func addShapeTransformAnimations(to layer: Layer, transform t: LottieTransform, context: LottieBuildContext) {
  let transformContext = context.appending("Transform")
  if t.hasSkew || t.hasNegativeXScale {
    addCombinedTransform(to: layer, transform: t, context: transformContext)
    return
  }
  if let position = t.position {
    transformContext.addAnimation(to: layer, .translationX, keyframes: position, property: "Position") { $0.x }
    transformContext.addAnimation(to: layer, .translationY, keyframes: position) { $0.y }
  } else if let x = t.positionX, let y = t.positionY {
    transformContext.addAnimation(to: layer, .translationX, keyframes: x) { $0 }
    transformContext.addAnimation(to: layer, .translationY, keyframes: y) { $0 }
  }
  transformContext.addAnimation(to: layer, .anchorPoint, keyframes: t.anchor) {
    CGPoint(x: $0.x / shapeLayerBounds.width, y: $0.y / shapeLayerBounds.height)
  }
  transformContext.addAnimation(to: layer, .scaleX, keyframes: t.scale, property: "Scale") { $0.x / 100 }
  transformContext.addAnimation(to: layer, .scaleY, keyframes: t.scale) { $0.y / 100 }
  transformContext.addAnimation(to: layer, .rotationX, keyframes: t.rotationX) { $0 * .pi / 180 }
  transformContext.addAnimation(to: layer, .rotationY, keyframes: t.rotationY) { $0 * .pi / 180 }
  transformContext.addAnimation(to: layer, .rotationZ, keyframes: t.rotationZ, property: "Rotation") {
    $0 * .pi / 180
  }
}

/// The whole matrix per keyframe (lottie-ios `addCombinedTransformAnimation`); the layer's anchor point stays at
/// the origin, the anchor being part of the matrix.
private func addCombinedTransform(to layer: Layer, transform t: LottieTransform, context: LottieBuildContext) {
  let zero = LottieVector(x: 0, y: 0)
  let parts = [
    CombinableKeyframes(t.anchor, interpolate: ShapeInterpolation.vector),
    CombinableKeyframes(t.position ?? LottieKeyframes(zero), interpolate: ShapeInterpolation.vector),
    CombinableKeyframes(t.positionX ?? LottieKeyframes(0), interpolate: ShapeInterpolation.number),
    CombinableKeyframes(t.positionY ?? LottieKeyframes(0), interpolate: ShapeInterpolation.number),
    CombinableKeyframes(t.scale, interpolate: ShapeInterpolation.vector),
    CombinableKeyframes(t.rotationX, interpolate: ShapeInterpolation.number),
    CombinableKeyframes(t.rotationY, interpolate: ShapeInterpolation.number),
    CombinableKeyframes(t.rotationZ, interpolate: ShapeInterpolation.number),
    CombinableKeyframes(t.skew ?? LottieKeyframes(0), interpolate: ShapeInterpolation.number),
    CombinableKeyframes(t.skewAxis ?? LottieKeyframes(0), interpolate: ShapeInterpolation.number),
  ]
  let present = parts.compactMap { $0 }
  guard present.count == parts.count else { return }
  let splitPosition = t.position == nil && t.positionX != nil && t.positionY != nil
  let hasSkew = t.skew != nil && t.skewAxis != nil
  let matrices = ShapeKeyframes.combined(present) { v in
    let anchor = v[0] as! LottieVector
    let position =
      splitPosition ? CGPoint(x: v[2] as! Double, y: v[3] as! Double) : (v[1] as! LottieVector).point
    let scale = v[4] as! LottieVector
    let radians = { (degrees: Double) in degrees * .pi / 180 }
    var m = Transform3D(translationX: position.x, y: position.y)
      .rotatedFirst(radians(v[5] as! Double), x: 1, y: 0, z: 0)
      .rotatedFirst(radians(v[6] as! Double), x: 0, y: 1, z: 0)
      .rotatedFirst(radians(v[7] as! Double), x: 0, y: 0, z: 1)
    if hasSkew { m = skewMatrix(skew: -(v[8] as! Double), axis: v[9] as! Double).concatenating(m) }
    m = Transform3D(scaleX: scale.x * 0.01, y: scale.y * 0.01).concatenating(m)
    return Transform3D(translationX: -anchor.x, y: -anchor.y).concatenating(m)
  }
  layer.anchorPoint = .zero
  context.addAnimation(to: layer, .transform, keyframes: matrices) { $0 }
}

extension Transform3D {
  /// `CATransform3DRotate(self, angle, x, y, z)`: the rotation applied before this transform.
  fileprivate func rotatedFirst(_ angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
    Transform3D(rotationAngle: angle, x: x, y: y, z: z).concatenating(self)
  }
}

/// After Effects' skew of `skew` degrees along the axis at `axis` degrees, as lottie-ios builds it
/// (`CATransform3D.makeSkew`, lottie-ios Sources/Private/Utility/Primitives/VectorsExtensions.swift, 4.6.1):
/// rotate to the axis, shear, rotate back.
func skewMatrix(skew: Double, axis: Double) -> Transform3D {
  let axisRadians = axis * .pi / 180
  let shear = tan(skew * .pi / 180)
  let toAxis = Transform3D(rotationAngle: axisRadians, x: 0, y: 0, z: 1)
  let back = Transform3D(rotationAngle: -axisRadians, x: 0, y: 0, z: 1)
  let shearMatrix = Transform3D([1, 0, 0, 0, shear, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
  return back.concatenating(shearMatrix).concatenating(toAxis)
}
