import Foundation

// MARK: - Transform3D

/// A 4x4 transform with `CATransform3D`'s layout and conventions: points are row vectors,
/// `[x y z 1] · M`, so translation sits in `m41 m42 m43` and perspective in `m34`
/// (the usual `m34 = -1/eyeDistance`). `a.concatenating(b)` applies `a` first, like
/// `CATransform3DConcat(a, b)`.
public struct Transform3D: Hashable, Sendable {
  /// Row 1, column 1: x's part of x (x scale, with rotation).
  public var m11: Double
  /// Row 1, column 2: x's part of y.
  public var m12: Double
  /// Row 1, column 3: x's part of z.
  public var m13: Double
  /// Row 1, column 4: x's part of w (perspective along x).
  public var m14: Double
  /// Row 2, column 1: y's part of x.
  public var m21: Double
  /// Row 2, column 2: y's part of y (y scale, with rotation).
  public var m22: Double
  /// Row 2, column 3: y's part of z.
  public var m23: Double
  /// Row 2, column 4: y's part of w (perspective along y).
  public var m24: Double
  /// Row 3, column 1: z's part of x.
  public var m31: Double
  /// Row 3, column 2: z's part of y.
  public var m32: Double
  /// Row 3, column 3: z's part of z (z scale, with rotation).
  public var m33: Double
  /// Row 3, column 4: z's part of w, the perspective entry (`-1/eyeDistance` for the usual perspective).
  public var m34: Double
  /// Row 4, column 1: the translation along x.
  public var m41: Double
  /// Row 4, column 2: the translation along y.
  public var m42: Double
  /// Row 4, column 3: the translation along z.
  public var m43: Double
  /// Row 4, column 4: w's part of w, 1 for all but projective matrices.
  public var m44: Double

  /// Builds a transform from 16 numbers, m11...m44 row by row.
  public init(_ m: [Double]) {
    precondition(m.count == 16, "Transform3D needs 16 numbers")
    (m11, m12, m13, m14) = (m[0], m[1], m[2], m[3])
    (m21, m22, m23, m24) = (m[4], m[5], m[6], m[7])
    (m31, m32, m33, m34) = (m[8], m[9], m[10], m[11])
    (m41, m42, m43, m44) = (m[12], m[13], m[14], m[15])
  }

  /// The 16 numbers, m11...m44 row by row.
  public var values: [Double] {
    [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
  }

  /// The transform that leaves every point where it is (`CATransform3DIdentity`).
  public static let identity = Transform3D([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])

  /// A translation by (`x`, `y`, `z`) (`CATransform3DMakeTranslation`).
  public init(translationX x: Double, y: Double, z: Double = 0) {
    self = .identity
    (m41, m42, m43) = (x, y, z)
  }

  /// A scale by `x`, `y` and `z` about the origin (`CATransform3DMakeScale`).
  public init(scaleX x: Double, y: Double, z: Double = 1) {
    self = .identity
    (m11, m22, m33) = (x, y, z)
  }

  /// A rotation of `angle` radians about the axis (x, y, z), as `CATransform3DMakeRotation`.
  /// About z, a positive angle turns clockwise on UIKit's y-down screen. A zero axis gives identity.
  public init(rotationAngle angle: Double, x: Double, y: Double, z: Double) {
    let length = (x * x + y * y + z * z).squareRoot()
    guard length > 0 else {
      self = .identity
      return
    }
    let (x, y, z) = (x / length, y / length, z / length)
    let (s, c) = (sin(angle), cos(angle))
    let t = 1 - c
    self.init([
      t * x * x + c, t * x * y + s * z, t * x * z - s * y, 0,
      t * x * y - s * z, t * y * y + c, t * y * z + s * x, 0,
      t * x * z + s * y, t * y * z - s * x, t * z * z + c, 0,
      0, 0, 0, 1,
    ])
  }

  /// Embeds an affine transform (`CATransform3DMakeAffineTransform`).
  public init(_ affine: Transform2D) {
    self.init([affine.a, affine.b, 0, 0, affine.c, affine.d, 0, 0, 0, 0, 1, 0, affine.tx, affine.ty, 0, 1])
  }

  /// Whether the transform is exactly the identity (`CATransform3DIsIdentity`).
  public var isIdentity: Bool { self == .identity }

  /// `self` followed by `other`.
  public func concatenating(_ o: Transform3D) -> Transform3D {
    let a = values
    let b = o.values
    var r = [Double](repeating: 0, count: 16)
    for row in 0..<4 {
      for col in 0..<4 {
        var sum = 0.0
        for k in 0..<4 { sum += a[row * 4 + k] * b[k * 4 + col] }
        r[row * 4 + col] = sum
      }
    }
    return Transform3D(r)
  }

  /// A translation applied before `self` (`CATransform3DTranslate`).
  public func translatedBy(x: Double, y: Double, z: Double = 0) -> Transform3D {
    Transform3D(translationX: x, y: y, z: z).concatenating(self)
  }
  /// A scale applied before `self` (`CATransform3DScale`).
  public func scaledBy(x: Double, y: Double, z: Double = 1) -> Transform3D {
    Transform3D(scaleX: x, y: y, z: z).concatenating(self)
  }
  /// A rotation of `angle` radians about the axis (`x`, `y`, `z`) applied before `self`
  /// (`CATransform3DRotate`).
  public func rotated(by angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
    Transform3D(rotationAngle: angle, x: x, y: y, z: z).concatenating(self)
  }

  /// True when the transform maps the z = 0 plane affinely, with no perspective
  /// (`CATransform3DIsAffine` tests the same entries).
  public var isAffine: Bool {
    m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0 && m33 == 1 && m34 == 0
      && m43 == 0 && m44 == 1
  }

  /// The affine part that acts on the z = 0 plane (`CATransform3DGetAffineTransform`).
  public var affine: Transform2D { Transform2D(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42) }

  /// How the z = 0 plane lands on the screen plane after projection, flattened: the 3x3 matrix of
  /// rows (m11 m12 m14), (m21 m22 m24), (m41 m42 m44). This is what a layer that flattens its
  /// sublayers (every layer but `CATransformLayer`) composites with.
  public var planeProjection: Homography {
    Homography([m11, m12, m14, m21, m22, m24, m41, m42, m44])
  }
}

// MARK: - Homography

/// A projective map of the plane, 3x3, row-vector convention: `[x y 1] · H = [X Y W]`, and the point
/// lands at `(X/W, Y/W)`. Layers composite with one of these; when its last column is (0, 0, 1)
/// it is affine and Cairo draws it directly, otherwise the renderer warps an offscreen image.
public struct Homography: Hashable, Sendable {
  /// Row-major entries h11 h12 h13 h21 h22 h23 h31 h32 h33.
  public var m: [Double]

  /// A homography from its 9 entries, row-major; traps unless there are exactly 9.
  public init(_ m: [Double]) {
    precondition(m.count == 9)
    self.m = m
  }

  /// The homography of an affine transform: its last column is (0, 0, 1).
  public init(_ t: Transform2D) { self.init([t.a, t.b, 0, t.c, t.d, 0, t.tx, t.ty, 1]) }

  /// The map that leaves every point where it is.
  public static let identity = Homography([1, 0, 0, 0, 1, 0, 0, 0, 1])

  /// True when the map has no perspective part (within rounding).
  public var isAffine: Bool {
    abs(m[2]) < 1e-12 && abs(m[5]) < 1e-12 && abs(m[8]) > 1e-12
  }

  /// The affine transform equal to this map (valid when `isAffine`).
  public var affine: Transform2D {
    let w = m[8]
    return Transform2D(a: m[0] / w, b: m[1] / w, c: m[3] / w, d: m[4] / w, tx: m[6] / w, ty: m[7] / w)
  }

  /// `self` followed by `other`.
  public func concatenating(_ o: Homography) -> Homography {
    var r = [Double](repeating: 0, count: 9)
    for row in 0..<3 {
      for col in 0..<3 {
        r[row * 3 + col] = (0..<3).reduce(0) { $0 + m[row * 3 + $1] * o.m[$1 * 3 + col] }
      }
    }
    return Homography(r)
  }

  /// Maps a point; also returns W, whose sign says whether the point is in front of the eye (W > 0).
  public func map(_ p: CGPoint) -> (point: CGPoint, w: Double) {
    let x = p.x * m[0] + p.y * m[3] + m[6]
    let y = p.x * m[1] + p.y * m[4] + m[7]
    let w = p.x * m[2] + p.y * m[5] + m[8]
    return (CGPoint(x: x / w, y: y / w), w)
  }

  /// The inverse map, or nil when singular.
  public var inverted: Homography? {
    let (a, b, c, d, e, f, g, h, i) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
    let det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    guard abs(det) > 1e-300, det.isFinite else { return nil }
    let adj = [
      e * i - f * h, c * h - b * i, b * f - c * e,
      f * g - d * i, a * i - c * g, c * d - a * f,
      d * h - e * g, b * g - a * h, a * e - b * d,
    ]
    return Homography(adj.map { $0 / det })
  }
}
