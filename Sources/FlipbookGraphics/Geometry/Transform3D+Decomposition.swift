import Foundation

// MARK: - Decomposition

extension Transform3D {
  /// A transform split into the parts people animate: `CATransform3D`'s key-path extensions
  /// (`transform.scale.x`, `transform.rotation.z`, `transform.translation.y`) read and write these.
  ///
  /// The model is `M = S · H · R · T · P` in row-vector order: scale, then shear, then rotation
  /// (`R = Rx · Ry · Rz`, Euler angles in radians), then translation, then a perspective matrix whose only non-identity entry is
  /// `m34`. Core Animation's key paths do not expose shear, but a whole `transform` animation between skewed
  /// matrices (lottie-ios animates Lottie's skew that way: `Animations/TransformAnimations.swift`, 4.6.1) keeps
  /// it: shear is split off as in the classic "unmatrix" decomposition (Spencer W. Thomas, "Decomposing a Matrix
  /// into Simple Transformations", Graphics Gems II, 1991), which is also how WebKit and the CSS Transforms spec
  /// (https://www.w3.org/TR/css-transforms-2/#decomposing-a-3d-matrix) interpolate matrices.
  public struct Components: Hashable, Sendable {
    /// The translation along x, y and z, applied after scale and rotation.
    public var translation: (x: Double, y: Double, z: Double)
    /// The scale along x, y and z, applied first.
    public var scale: (x: Double, y: Double, z: Double)
    /// The rotation as a unit quaternion (x, y, z, w): what interpolation uses.
    public var quaternion: (x: Double, y: Double, z: Double, w: Double)
    /// The perspective entry applied last (`m34`, usually −1/eyeDistance).
    public var perspective: Double
    /// The shear applied between scale and rotation: how much of the unit x row is added to the y row (`xy`),
    /// and of the x and y rows to the z row (`xz`, `yz`). Zero for every transform built from translations,
    /// rotations and scales.
    public var shear: (xy: Double, xz: Double, yz: Double) = (0, 0, 0)

    /// Parts without shear.
    public init(
      translation: (x: Double, y: Double, z: Double), scale: (x: Double, y: Double, z: Double),
      quaternion: (x: Double, y: Double, z: Double, w: Double), perspective: Double,
      shear: (xy: Double, xz: Double, yz: Double) = (0, 0, 0)
    ) {
      self.translation = translation
      self.scale = scale
      self.quaternion = quaternion
      self.perspective = perspective
      self.shear = shear
    }

    /// Whether every part is equal (tuples are not `Equatable`, so this is written out).
    public static func == (a: Components, b: Components) -> Bool {
      a.translation == b.translation && a.scale == b.scale && a.quaternion == b.quaternion
        && a.perspective == b.perspective && a.shear == b.shear
    }

    /// Hashes translation, scale and perspective; the quaternion is left out, which keeps equal values
    /// hashing alike since `==` compares it too.
    public func hash(into hasher: inout Hasher) {
      for v in [translation.x, translation.y, translation.z, scale.x, scale.y, scale.z, perspective] {
        hasher.combine(v)
      }
    }

    /// Euler angles (about x, then y, then z) of the rotation.
    public var rotation: (x: Double, y: Double, z: Double) {
      get {
        let m = Transform3D.rotationMatrix(quaternion)
        // R = Rx·Ry·Rz in row-vector form: m13 = −sin(y).
        let sy = max(-1, min(1, -m.m13))
        let y = asin(sy)
        if abs(sy) < 1 - 1e-9 {
          return (atan2(m.m23, m.m33), y, atan2(m.m12, m.m11))
        }
        // Gimbal lock: fold the z turn into x.
        return (atan2(-m.m32, m.m22), y, 0)
      }
      set {
        let r = Transform3D(rotationAngle: newValue.x, x: 1, y: 0, z: 0)
          .concatenating(Transform3D(rotationAngle: newValue.y, x: 0, y: 1, z: 0))
          .concatenating(Transform3D(rotationAngle: newValue.z, x: 0, y: 0, z: 1))
        quaternion = Transform3D.quaternion(of: r)
      }
    }
  }

  /// The parts of this transform (see `Components`).
  public var components: Components {
    // Split off the perspective: with M = A · P, column 4 of M is A's column 3 times m34 (A affine).
    let column3 = [m13, m23, m33]
    let column4 = [m14, m24, m34]
    let pivot = (0..<3).max { abs(column3[$0]) < abs(column3[$1]) } ?? 2
    let perspective = abs(column3[pivot]) > 1e-12 ? column4[pivot] / column3[pivot] : 0
    var rows = [[m11, m12, m13], [m21, m22, m23], [m31, m32, m33]]
    var scale = rows.map { ($0[0] * $0[0] + $0[1] * $0[1] + $0[2] * $0[2]).squareRoot() }
    var shear = (xy: 0.0, xz: 0.0, yz: 0.0)
    if Self.isSheared(rows, scale) {
      (rows, scale, shear) = Self.orthogonalized(rows)
    } else {
      for i in 0..<3 where scale[i] > 0 { rows[i] = rows[i].map { $0 / scale[i] } }
    }
    // A mirror image: put the reflection into the x scale so the rotation stays proper.
    let det =
      rows[0][0] * (rows[1][1] * rows[2][2] - rows[1][2] * rows[2][1])
      - rows[0][1] * (rows[1][0] * rows[2][2] - rows[1][2] * rows[2][0])
      + rows[0][2] * (rows[1][0] * rows[2][1] - rows[1][1] * rows[2][0])
    if det < 0 {
      scale[0] = -scale[0]
      rows[0] = rows[0].map { -$0 }
      // The y and z rows hold their shear as multiples of the x row, which just changed sign.
      shear.xy = -shear.xy
      shear.xz = -shear.xz
    }
    var r = Transform3D.identity
    (r.m11, r.m12, r.m13) = (rows[0][0], rows[0][1], rows[0][2])
    (r.m21, r.m22, r.m23) = (rows[1][0], rows[1][1], rows[1][2])
    (r.m31, r.m32, r.m33) = (rows[2][0], rows[2][1], rows[2][2])
    return Components(
      translation: (m41, m42, m43), scale: (scale[0], scale[1], scale[2]), quaternion: Transform3D.quaternion(of: r),
      perspective: perspective, shear: shear)
  }

  /// Whether the rows of a 3×3 part are far enough from orthogonal to hold a shear worth keeping: a rotation and
  /// scale alone leave them orthogonal up to rounding, and are then decomposed exactly as before shear was kept.
  private static func isSheared(_ rows: [[Double]], _ norms: [Double]) -> Bool {
    func dot(_ a: [Double], _ b: [Double]) -> Double { a[0] * b[0] + a[1] * b[1] + a[2] * b[2] }
    for (i, j) in [(0, 1), (0, 2), (1, 2)] where norms[i] > 0 && norms[j] > 0 {
      if abs(dot(rows[i], rows[j])) > 1e-12 * norms[i] * norms[j] { return true }
    }
    return false
  }

  /// Gram–Schmidt on the rows: the orthonormal rows, the scales along them and the shear between them, so that
  /// row x = sx·q0, row y = sy·(q1 + xy·q0), row z = sz·(q2 + xz·q0 + yz·q1).
  private static func orthogonalized(_ a: [[Double]]) -> ([[Double]], [Double], (xy: Double, xz: Double, yz: Double)) {
    func dot(_ u: [Double], _ v: [Double]) -> Double { u[0] * v[0] + u[1] * v[1] + u[2] * v[2] }
    func minus(_ u: [Double], _ v: [Double], times k: Double) -> [Double] {
      [u[0] - k * v[0], u[1] - k * v[1], u[2] - k * v[2]]
    }
    func unit(_ u: [Double]) -> ([Double], Double) {
      let n = dot(u, u).squareRoot()
      return (n > 0 ? u.map { $0 / n } : u, n)
    }
    let (q0, sx) = unit(a[0])
    let along0 = dot(a[1], q0)
    let (q1, sy) = unit(minus(a[1], q0, times: along0))
    let z0 = dot(a[2], q0)
    let z1 = dot(a[2], q1)
    let (q2, sz) = unit(minus(minus(a[2], q0, times: z0), q1, times: z1))
    let shear = (xy: sy > 0 ? along0 / sy : 0, xz: sz > 0 ? z0 / sz : 0, yz: sz > 0 ? z1 / sz : 0)
    return ([q0, q1, q2], [sx, sy, sz], shear)
  }

  /// Rebuilds a transform from its parts.
  public init(_ c: Components) {
    var m = Transform3D(scaleX: c.scale.x, y: c.scale.y, z: c.scale.z)
    if c.shear != (0, 0, 0) {
      var h = Transform3D.identity
      h.m21 = c.shear.xy
      h.m31 = c.shear.xz
      h.m32 = c.shear.yz
      m = m.concatenating(h)
    }
    m = m.concatenating(Transform3D.rotationMatrix(c.quaternion))
      .concatenating(Transform3D(translationX: c.translation.x, y: c.translation.y, z: c.translation.z))
    if c.perspective != 0 {
      var p = Transform3D.identity
      p.m34 = c.perspective
      m = m.concatenating(p)
    }
    self = m
  }

  /// The transform between `self` and `other` at `fraction`, as Core Animation interpolates matrices:
  /// translation, scale and perspective linearly and the rotation by spherical interpolation along the
  /// shorter arc. So identity → a half turn about z turns clockwise (the direction the tiny positive
  /// `sin π` of the target picks), and a reversal mid-flight turns back from the angle on screen.
  public func interpolated(to other: Transform3D, fraction t: Double) -> Transform3D {
    if self == other { return self }
    let a = components
    let b = other.components
    func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
    return Transform3D(
      Components(
        translation: (
          mix(a.translation.x, b.translation.x), mix(a.translation.y, b.translation.y),
          mix(a.translation.z, b.translation.z)
        ),
        scale: (mix(a.scale.x, b.scale.x), mix(a.scale.y, b.scale.y), mix(a.scale.z, b.scale.z)),
        quaternion: Transform3D.slerp(a.quaternion, b.quaternion, t),
        perspective: mix(a.perspective, b.perspective),
        shear: (mix(a.shear.xy, b.shear.xy), mix(a.shear.xz, b.shear.xz), mix(a.shear.yz, b.shear.yz))))
  }

  // MARK: Quaternions

  typealias Quaternion = (x: Double, y: Double, z: Double, w: Double)

  /// The rotation matrix of a unit quaternion, in the row-vector convention of `init(rotationAngle:)`.
  static func rotationMatrix(_ q: Quaternion) -> Transform3D {
    let (x, y, z, w) = q
    return Transform3D([
      1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w), 0,
      2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w), 0,
      2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y), 0,
      0, 0, 0, 1,
    ])
  }

  /// The unit quaternion of a proper rotation matrix (row-vector convention).
  static func quaternion(of m: Transform3D) -> Quaternion {
    let trace = m.m11 + m.m22 + m.m33
    var q: Quaternion
    if trace > 0 {
      let s = (trace + 1).squareRoot() * 2
      q = ((m.m23 - m.m32) / s, (m.m31 - m.m13) / s, (m.m12 - m.m21) / s, s / 4)
    } else if m.m11 > m.m22 && m.m11 > m.m33 {
      let s = (1 + m.m11 - m.m22 - m.m33).squareRoot() * 2
      q = (s / 4, (m.m12 + m.m21) / s, (m.m31 + m.m13) / s, (m.m23 - m.m32) / s)
    } else if m.m22 > m.m33 {
      let s = (1 + m.m22 - m.m11 - m.m33).squareRoot() * 2
      q = ((m.m12 + m.m21) / s, s / 4, (m.m23 + m.m32) / s, (m.m31 - m.m13) / s)
    } else {
      let s = (1 + m.m33 - m.m11 - m.m22).squareRoot() * 2
      q = ((m.m31 + m.m13) / s, (m.m23 + m.m32) / s, s / 4, (m.m12 - m.m21) / s)
    }
    let n = (q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w).squareRoot()
    return (q.x / n, q.y / n, q.z / n, q.w / n)
  }

  static func slerp(_ a: Quaternion, _ b0: Quaternion, _ t: Double) -> Quaternion {
    var b = b0
    var dot = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w
    if dot < 0 {
      b = (-b.x, -b.y, -b.z, -b.w)
      dot = -dot
    }
    let (wa, wb): (Double, Double)
    if dot > 0.9995 {
      (wa, wb) = (1 - t, t)
    } else {
      let theta = acos(min(dot, 1))
      let s = sin(theta)
      (wa, wb) = (sin((1 - t) * theta) / s, sin(t * theta) / s)
    }
    let q = (a.x * wa + b.x * wb, a.y * wa + b.y * wb, a.z * wa + b.z * wb, a.w * wa + b.w * wb)
    let n = (q.0 * q.0 + q.1 * q.1 + q.2 * q.2 + q.3 * q.3).squareRoot()
    return (q.0 / n, q.1 / n, q.2 / n, q.3 / n)
  }
}
