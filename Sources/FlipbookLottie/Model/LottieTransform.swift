import FlipbookJSON
import Foundation

// MARK: - LottieTransform

/// A layer's transform (`ks`) or a shape group's (`tr`): anchor, position (whole or by dimension), scale in
/// percent, rotations in degrees, opacity in percent, and for shape transforms skew (lottie-ios `Transform` and
/// `ShapeTransform`, `Sources/Private/Model/Objects/Transform.swift` and `ShapeItems/ShapeTransform.swift`, 4.6.1).
public struct LottieTransform {
  /// The anchor point in the layer's own coordinates (`a`), default (0, 0).
  public var anchor: LottieKeyframes<LottieVector>
  /// The position in the parent's coordinates (`p`); nil when given by dimension.
  public var position: LottieKeyframes<LottieVector>?
  /// The position's x when dimensions are separate (`p: {"s": true, "x": …}` or `px`).
  public var positionX: LottieKeyframes<Double>?
  /// The position's y when dimensions are separate.
  public var positionY: LottieKeyframes<Double>?
  /// The scale in percent (`s`), default 100 %.
  public var scale: LottieKeyframes<LottieVector>
  /// Rotation about x in degrees (`rx`, 3D layers).
  public var rotationX: LottieKeyframes<Double>
  /// Rotation about y in degrees (`ry`).
  public var rotationY: LottieKeyframes<Double>
  /// Rotation about z in degrees (`rz`, or `r` for 2D layers), clockwise on screen.
  public var rotationZ: LottieKeyframes<Double>
  /// Opacity in percent (`o`), default 100 %.
  public var opacity: LottieKeyframes<Double>
  /// Skew in degrees (`sk`); lottie-ios applies it to shape transforms only.
  public var skew: LottieKeyframes<Double>?
  /// The skew's axis in degrees (`sa`).
  public var skewAxis: LottieKeyframes<Double>?

  /// The identity: anchor and position at the origin, 100 % scale and opacity, no rotation.
  public init() {
    anchor = LottieKeyframes(LottieVector(x: 0, y: 0))
    position = LottieKeyframes(LottieVector(x: 0, y: 0))
    scale = LottieKeyframes(LottieVector(x: 100, y: 100, z: 100))
    rotationX = LottieKeyframes(0)
    rotationY = LottieKeyframes(0)
    rotationZ = LottieKeyframes(0)
    opacity = LottieKeyframes(100)
  }

  /// Decodes a transform object; absent properties keep the identity's values, as lottie-ios defaults them.
  public init(decoding cursor: JSONCursor) throws(DocumentError) {
    self.init()
    try cursor.requireObject()
    if let a = try LottieKeyframes<LottieVector>.decode("a", in: cursor) { anchor = a }
    if let x = cursor.member("px"), let y = cursor.member("py") {
      positionX = try LottieKeyframes<Double>(decoding: x)
      positionY = try LottieKeyframes<Double>(decoding: y)
      position = nil
    } else if let p = cursor.member("p") {
      if try p.flag("s"), let x = p.member("x"), let y = p.member("y") {
        positionX = try LottieKeyframes<Double>(decoding: x)
        positionY = try LottieKeyframes<Double>(decoding: y)
        position = nil
      } else {
        position = try LottieKeyframes<LottieVector>(decoding: p)
      }
    }
    if let s = try LottieKeyframes<LottieVector>.decode("s", in: cursor) { scale = s }
    if let rx = try LottieKeyframes<Double>.decode("rx", in: cursor) { rotationX = rx }
    if let ry = try LottieKeyframes<Double>.decode("ry", in: cursor) { rotationY = ry }
    if let rz = try LottieKeyframes<Double>.decode("rz", in: cursor) {
      rotationZ = rz
    } else if let r = try LottieKeyframes<Double>.decode("r", in: cursor) {
      rotationZ = r
    }
    if let o = try LottieKeyframes<Double>.decode("o", in: cursor) { opacity = o }
    skew = try LottieKeyframes<Double>.decode("sk", in: cursor)
    skewAxis = try LottieKeyframes<Double>.decode("sa", in: cursor)
  }

  /// Whether a skew is set anywhere (a non-zero skew keyframe with an axis present).
  public var hasSkew: Bool {
    guard let skew, skewAxis != nil else { return false }
    return skew.keyframes.contains { $0.value != 0 }
  }

  /// Whether any scale keyframe flips x, which Core Animation mis-animates as separate scale parts
  /// (lottie-ios `hasNegativeXScaleValues`, `TransformAnimations.swift`, citing FB9862872).
  public var hasNegativeXScale: Bool { scale.keyframes.contains { $0.value.x < 0 } }
}
