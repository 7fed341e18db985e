import FlipbookGraphics
import FlipbookLayers
import Foundation

// MARK: - Core Graphics and Core Animation value types

/// A colour as Core Graphics names it: Flipbook's `Color` (sRGB components 0...1 and alpha).
public typealias CGColor = Color
/// A path as Core Graphics names it: Flipbook's `Path`, a value (`CGPath` is immutable, so a value reads the same).
public typealias CGPath = Path
/// A 4x4 transform as Core Animation names it: Flipbook's `Transform3D`, its fields `m11`…`m44`.
public typealias CATransform3D = Transform3D
/// Seconds, as Core Foundation names them.
public typealias CFTimeInterval = Double

/// The identity transform (`CATransform3DIdentity`).
public let CATransform3DIdentity: CATransform3D = Transform3D.identity

/// A turn of `angle` radians about the axis (`x`, `y`, `z`) (`CATransform3DMakeRotation`).
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
  Transform3D(rotationAngle: Double(angle), x: Double(x), y: Double(y), z: Double(z))
}

/// A scale (`CATransform3DMakeScale`).
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
  Transform3D(scaleX: Double(sx), y: Double(sy), z: Double(sz))
}

/// A translation (`CATransform3DMakeTranslation`).
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
  Transform3D(translationX: Double(tx), y: Double(ty), z: Double(tz))
}

/// `t` followed by a turn (`CATransform3DRotate`): the turn applies first, as Core Animation's does.
public func CATransform3DRotate(
  _ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat
) -> CATransform3D {
  CATransform3DMakeRotation(angle, x, y, z).concatenating(t)
}

/// `t` after a scale (`CATransform3DScale`).
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
  CATransform3DMakeScale(sx, sy, sz).concatenating(t)
}

/// `t` after a translation (`CATransform3DTranslate`).
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
  CATransform3DMakeTranslation(tx, ty, tz).concatenating(t)
}

/// `a` then `b` (`CATransform3DConcat`).
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D { a.concatenating(b) }

/// Whether `t` is the identity (`CATransform3DIsIdentity`).
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t == .identity }
