import FlipbookGraphics
import Foundation

// MARK: - One matrix for a whole transform

extension LottieTransform {
  /// The matrix of a transform's values, composed as lottie-ios composes it when it animates the whole
  /// `transform` (`CATransform3D.makeTransform`, `Sources/Private/Utility/Primitives/VectorsExtensions.swift`,
  /// 4.6.1): translate to the position, rotate about x, y, z (degrees), skew, scale (percent), then move the anchor
  /// to the origin. Each step applies before the previous, as `CATransform3DRotate` and its siblings do.
  public static func matrix(
    anchor: CGPoint, position: CGPoint, scale: CGSize, rotationX: Double, rotationY: Double, rotationZ: Double,
    skew: Double?, skewAxis: Double?
  ) -> Transform3D {
    var m = Transform3D(translationX: position.x, y: position.y)
    m = m.rotated(by: rotationX * .pi / 180, x: 1, y: 0, z: 0)
    m = m.rotated(by: rotationY * .pi / 180, x: 0, y: 1, z: 0)
    m = m.rotated(by: rotationZ * .pi / 180, x: 0, y: 0, z: 1)
    if let skew, let skewAxis { m = skewMatrix(skew: -skew, axis: skewAxis).concatenating(m) }
    m = m.scaledBy(x: scale.width * 0.01, y: scale.height * 0.01)
    return m.translatedBy(x: -anchor.x, y: -anchor.y)
  }

  /// A skew of `skew` degrees along the direction `axis` degrees: rotate by the axis, shear, rotate back
  /// (lottie-ios `CATransform3D.makeSkew(skew:skewAxis:)`).
  static func skewMatrix(skew: Double, axis: Double) -> Transform3D {
    let c = cos(axis * .pi / 180)
    let s = sin(axis * .pi / 180)
    let t = tan(skew * .pi / 180)
    let rotate = Transform3D([c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
    let shear = Transform3D([1, 0, 0, 0, t, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
    let back = Transform3D([c, -s, 0, 0, s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
    // CATransform3DConcat(a, b) is a followed by b.
    return back.concatenating(shear.concatenating(rotate))
  }
}
