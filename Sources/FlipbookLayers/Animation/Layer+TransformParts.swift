import FlipbookGraphics
import Foundation

// MARK: - Transform parts

/// The parts of a layer's transform that its sub-key paths (`transform.scale.y`, `transform.rotation.z`,
/// `transform.translation`) read and write: the decomposition (see `Transform3D.Components`) with the rotation also
/// kept as the Euler angles last written.
///
/// A matrix alone is ambiguous: a mirror image can be a negative x scale or a negative y scale turned half a turn,
/// and a turn of 120° about y reads back as 60° with half turns about x and z. So the parts last written are
/// remembered with the matrix they made, and a sub-key path that writes one part starts from them while the
/// transform is still that matrix (reading a part still decomposes the matrix, as Core Animation's presentation
/// values do: a turn of 3π reads as π). Several
/// sub-key animations on one layer then compose as their values say — a negative `transform.scale.y` stays a
/// vertical flip under a `transform.rotation.z` animation, as lottie-ios relies on when it animates scale and
/// rotation separately (it combines them only for negative x scales and skew:
/// `Sources/Private/CoreAnimation/Animations/TransformAnimations.swift`, 4.6.1).
struct TransformParts {
  /// The decomposition; its quaternion follows `rotation`.
  private(set) var components: Transform3D.Components
  /// The Euler angles about x, then y, then z, in radians, as last written.
  var rotation: (x: Double, y: Double, z: Double) {
    didSet { components.rotation = rotation }
  }
  /// The translation along x, y and z.
  var translation: (x: Double, y: Double, z: Double) {
    get { components.translation }
    set { components.translation = newValue }
  }
  /// The scale along x, y and z.
  var scale: (x: Double, y: Double, z: Double) {
    get { components.scale }
    set { components.scale = newValue }
  }

  /// The parts of `transform`, decomposed.
  init(_ transform: Transform3D) {
    components = transform.components
    rotation = components.rotation
  }
}

extension Layer {
  /// The parts of `transform`: as last written through `writeTransformParts(_:)` while the transform is still what
  /// they made, else decomposed from the matrix.
  var transformParts: TransformParts {
    if let memo = transformPartsMemo, memo.transform == transform { return memo.parts }
    return TransformParts(transform)
  }

  /// Sets `transform` from `parts`, remembering them for the next sub-key path that reads the transform.
  func writeTransformParts(_ parts: TransformParts) {
    let composed = Transform3D(parts.components)
    transform = composed
    transformPartsMemo = (composed, parts)
  }
}
