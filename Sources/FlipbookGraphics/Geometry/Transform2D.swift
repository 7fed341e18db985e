import Foundation

// MARK: - Transform2D

/// An affine transform with `CGAffineTransform`'s layout and conventions (Foundation on Linux has no
/// `CGAffineTransform`): a point maps to `(a·x + c·y + tx, b·x + d·y + ty)`.
public struct Transform2D: Hashable, Sendable {
  /// How x maps into x' (scale x, with rotation).
  public var a: Double
  /// How x maps into y' (rotation or shear).
  public var b: Double
  /// How y maps into x' (rotation or shear).
  public var c: Double
  /// How y maps into y' (scale y, with rotation).
  public var d: Double
  /// The translation along x, added last.
  public var tx: Double
  /// The translation along y, added last.
  public var ty: Double

  /// A transform from its six entries, as `CGAffineTransform(a:b:c:d:tx:ty:)`.
  public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.tx = tx
    self.ty = ty
  }

  /// The transform that leaves every point where it is.
  public static let identity = Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  /// A translation by (`x`, `y`) (`CGAffineTransform(translationX:y:)`).
  public init(translationX x: Double, y: Double) { self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y) }
  /// A scale by `sx` along x and `sy` along y about the origin (`CGAffineTransform(scaleX:y:)`).
  public init(scaleX sx: Double, y sy: Double) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }
  /// A rotation by `angle` radians; positive turns clockwise on a y-down screen, as in UIKit.
  public init(rotationAngle angle: Double) {
    let (s, c) = (sin(angle), cos(angle))
    self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
  }

  /// Whether the transform is exactly the identity, so that applying it can be skipped.
  public var isIdentity: Bool { self == .identity }

  /// `self` followed by `other` (`CGAffineTransformConcat(self, other)`).
  public func concatenating(_ other: Transform2D) -> Transform2D {
    Transform2D(
      a: a * other.a + b * other.c, b: a * other.b + b * other.d,
      c: c * other.a + d * other.c, d: c * other.b + d * other.d,
      tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
  }

  /// A translation by (`x`, `y`) applied before `self`, as `CGAffineTransform.translatedBy(x:y:)`.
  public func translatedBy(x: Double, y: Double) -> Transform2D {
    Transform2D(translationX: x, y: y).concatenating(self)
  }
  /// A scale by `x` and `y` applied before `self`, as `CGAffineTransform.scaledBy(x:y:)`.
  public func scaledBy(x: Double, y: Double) -> Transform2D {
    Transform2D(scaleX: x, y: y).concatenating(self)
  }
  /// A rotation by `angle` radians applied before `self`, as `CGAffineTransform.rotated(by:)`.
  public func rotated(by angle: Double) -> Transform2D {
    Transform2D(rotationAngle: angle).concatenating(self)
  }

  /// The determinant `a·d − b·c`: the factor areas scale by, negative for a mirror, 0 when singular.
  public var determinant: Double { a * d - b * c }

  /// The inverse, or nil when the transform is singular.
  public var inverted: Transform2D? {
    let det = determinant
    guard det != 0, det.isFinite else { return nil }
    return Transform2D(
      a: d / det, b: -b / det, c: -c / det, d: a / det,
      tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
  }
}

extension CGPoint {
  /// The point mapped through an affine transform.
  public func applying(_ t: Transform2D) -> CGPoint {
    CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
  }
}

extension CGRect {
  /// The bounding box of the rectangle's four corners mapped through `t`.
  public func applying(_ t: Transform2D) -> CGRect {
    let corners = [
      CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY), CGPoint(x: minX, y: maxY),
      CGPoint(x: maxX, y: maxY),
    ].map { $0.applying(t) }
    return CGRect.boundingBox(of: corners)
  }

  /// The smallest rectangle containing every point (`.null` for none).
  public static func boundingBox(of points: [CGPoint]) -> CGRect {
    guard let first = points.first else { return .null }
    var (x0, y0, x1, y1) = (first.x, first.y, first.x, first.y)
    for p in points.dropFirst() {
      x0 = min(x0, p.x)
      y0 = min(y0, p.y)
      x1 = max(x1, p.x)
      y1 = max(y1, p.y)
    }
    return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }
}
