import FlipbookGraphics
import FlipbookTiming
import Foundation
import Testing

@testable import FlipbookLayers

@Suite("Motion as lottie-ios drives it: translation along a closed path with unpadded key times, skewed transforms")
struct LottieMotionTests {
  /// A root with a layer named "shape", its `transform.translation` moved along `path` over 1 s.
  func moving(along path: Path, keyTimes: [Double], mode: CalculationMode = .linear) throws -> Layer {
    let (_, root, shape) = animatedTree()
    var animation = KeyframeAnimation(keyPath: .translationPoint, duration: 1)
    animation.path = path
    animation.keyTimes = keyTimes
    animation.calculationMode = mode
    try shape.add(animation)
    return root
  }

  /// Move (0, 0), line to (100, 0), line to (100, 50), then close: lottie-ios's path through three keyframes.
  var threeKeyframes: Path {
    var path = Path()
    path.move(to: .zero)
    path.addLine(to: CGPoint(x: 100, y: 0))
    path.addLine(to: CGPoint(x: 100, y: 50))
    path.closeSubpath()
    return path
  }

  @Test("Before the first key time the layer rests on the first vertex, after the last on the last keyed one")
  func restsOutsideKeyTimes() throws {
    let root = try moving(along: threeKeyframes, keyTimes: [0.2, 0.6, 0.8])
    #expect(shown(.translationPoint, of: root, "shape", at: 0.1) == .zero)
    #expect(shown(.translationPoint, of: root, "shape", at: 0.2) == .zero)
    let mid = shown(.translationPoint, of: root, "shape", at: 0.4)
    #expect(abs(mid.x - 50) < 1e-9 && abs(mid.y) < 1e-9)
    let late = shown(.translationPoint, of: root, "shape", at: 0.7)
    #expect(abs(late.x - 100) < 1e-9 && abs(late.y - 25) < 1e-9)
    // The closing segment back to the start is not keyed: the layer stays on the last keyframe.
    let end = shown(.translationPoint, of: root, "shape", at: 0.95)
    #expect(abs(end.x - 100) < 1e-9 && abs(end.y - 50) < 1e-9)
  }

  @Test("Hold keyframes along a path: each vertex held from its key time to the next")
  func discreteHolds() throws {
    let root = try moving(along: threeKeyframes, keyTimes: [0.2, 0.6, 0.8], mode: .discrete)
    #expect(shown(.translationPoint, of: root, "shape", at: 0.1) == .zero)
    #expect(shown(.translationPoint, of: root, "shape", at: 0.5) == .zero)
    #expect(shown(.translationPoint, of: root, "shape", at: 0.65) == CGPoint(x: 100, y: 0))
    #expect(shown(.translationPoint, of: root, "shape", at: 0.9) == CGPoint(x: 100, y: 50))
  }

  @Test("Within a keyframe segment the layer moves by the curve's parameter, not its arc length")
  func parametricWithinSegment() throws {
    // A straight vertical curve whose control points bunch towards the end (lottie-ios's spatial tangents of
    // TypeFace/A's "skin" layer, scaled): at half time the parameter gives
    // 3·(1/2)³·(−120) + 3·(1/2)³·(−300) + (1/2)³·(−300) = −195, where arc length would give −150.
    var path = Path()
    path.move(to: .zero)
    path.addCurve(to: CGPoint(x: 0, y: -300), control1: CGPoint(x: 0, y: -120), control2: CGPoint(x: 0, y: -300))
    let root = try moving(along: path, keyTimes: [0, 1])
    let p = shown(.translationPoint, of: root, "shape", at: 0.5)
    #expect(abs(p.x) < 1e-9 && abs(p.y + 195) < 1e-9)
    // Paced mode still moves at constant speed along the whole path: half the length.
    let paced = shown(.translationPoint, of: try moving(along: path, keyTimes: [0, 1], mode: .paced), "shape", at: 0.5)
    #expect(abs(paced.y + 150) < 0.05)
  }

  @Test("Key times that fit the path are read as before")
  func fittingKeyTimes() throws {
    var path = Path()
    path.move(to: .zero)
    path.addLine(to: CGPoint(x: 100, y: 0))
    let root = try moving(along: path, keyTimes: [0, 1])
    let p = shown(.translationPoint, of: root, "shape", at: 0.25)
    #expect(abs(p.x - 25) < 1e-9)
  }

  @Test("transform.translation as a point writes the transform's translation, keeping its scale")
  func translationPoint() throws {
    let layer = Layer()
    layer.transform = Transform3D(scaleX: 2, y: 3, z: 1)
    AnimationKeyPath.translationPoint.assign(CGPoint(x: 7, y: -4), to: layer)
    let expected = Transform3D(scaleX: 2, y: 3, z: 1).concatenating(Transform3D(translationX: 7, y: -4, z: 0))
    #expect(zip(layer.transform.values, expected.values).allSatisfy { abs($0 - $1) < 1e-12 })
    #expect(AnimationKeyPath.translationPoint.value(of: layer) == CGPoint(x: 7, y: -4))
  }

  @Test("Separate scale and rotation animations compose as written: a vertical flip stays vertical under a turn")
  func subKeyPathsCompose() throws {
    let (_, root, shape) = animatedTree()
    // As lottie-ios adds them: translation, scale x, scale y, then rotation z, each its own animation.
    try shape.add(
      BasicAnimation(keyPath: .translationPoint, from: CGPoint(x: 10, y: 20), to: CGPoint(x: 10, y: 20), duration: 1))
    try shape.add(BasicAnimation(keyPath: .scaleX, from: 2, to: 2, duration: 1))
    try shape.add(BasicAnimation(keyPath: .scaleY, from: -1, to: -1, duration: 1))
    try shape.add(BasicAnimation(keyPath: .rotationZ, from: 0, to: .pi / 2, duration: 1))
    let shown = shown(.transform, of: root, "shape", at: 0.5)
    // Row vectors: scale (2, −1), then a turn of π/4, then the translation.
    let expected = Transform3D(scaleX: 2, y: -1, z: 1).concatenating(
      Transform3D(rotationAngle: .pi / 4, x: 0, y: 0, z: 1)
    )
    .concatenating(Transform3D(translationX: 10, y: 20, z: 0))
    #expect(nearlyEqual(shown, expected))
  }

  @Test("A turn about y past a right angle, then a turn about z, compose as written")
  func eulerAsWritten() throws {
    let layer = Layer()
    AnimationKeyPath.rotationY.assign(2 * .pi / 3, to: layer)
    AnimationKeyPath.rotationZ.assign(0.3, to: layer)
    let expected = Transform3D(rotationAngle: 2 * .pi / 3, x: 0, y: 1, z: 0)
      .concatenating(Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 1))
    #expect(nearlyEqual(layer.transform, expected))
  }

  @Test("A discrete animation ignores its timing functions, however many there are, as lottie-ios leaves them")
  func discreteIgnoresTimingFunctions() throws {
    let (_, root, shape) = animatedTree()
    // lottie-ios's hold keyframes at 0, 0.5 and 1: three key times, the last value dropped, three timing functions.
    var animation = KeyframeAnimation(keyPath: .opacity, values: [0.2, 0.6], duration: 1)
    animation.calculationMode = .discrete
    animation.keyTimes = [0, 0.5, 1]
    animation.timingFunctions = [.easeIn, .easeOut, .linear]
    try shape.add(animation)
    #expect(shown(.opacity, of: root, "shape", at: 0.4) == 0.2)
    #expect(shown(.opacity, of: root, "shape", at: 0.6) == 0.6)
  }

  /// A 2D affine transform as a `Transform3D` (row vectors: x' = a·x + c·y + tx, y' = b·x + d·y + ty).
  func affine(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ tx: Double, _ ty: Double) -> Transform3D {
    var t = Transform3D.identity
    (t.m11, t.m12, t.m21, t.m22, t.m41, t.m42) = (a, b, c, d, tx, ty)
    return t
  }

  func nearlyEqual(_ a: Transform3D, _ b: Transform3D, _ tolerance: Double = 1e-9) -> Bool {
    zip(a.values, b.values).allSatisfy { abs($0 - $1) <= tolerance }
  }

  @Test("A skewed matrix decomposes and recomposes to itself, mirror images too")
  func skewRoundTrip() {
    for m in [
      affine(1, 0, 0.5, 1, 0, 0), affine(2, 0.3, -0.7, 1.5, 10, -4), affine(-1.2, 0.4, 0.9, 0.8, 3, 3),
      affine(0.5, -1.1, 0.6, 0.2, 0, 7),
    ] {
      #expect(nearlyEqual(Transform3D(m.components), m), "\(m)")
    }
  }

  @Test("Interpolating skewed matrices keeps the skew and blends it linearly")
  func skewInterpolation() {
    // Skew of x by y: x' = x + k·y, from k = 0.5 to k = −0.5: identity at the midpoint.
    let a = affine(1, 0, 0.5, 1, 0, 0)
    let b = affine(1, 0, -0.5, 1, 0, 0)
    #expect(nearlyEqual(a.interpolated(to: b, fraction: 0.5), .identity))
    #expect(nearlyEqual(a.interpolated(to: b, fraction: 0.25), affine(1, 0, 0.25, 1, 0, 0)))
    // The same skew, moved: the skew stays whole all the way.
    let moved = affine(1, 0, 0.5, 1, 40, 0)
    #expect(nearlyEqual(a.interpolated(to: moved, fraction: 0.5), affine(1, 0, 0.5, 1, 20, 0)))
  }

  @Test("Rotations and scales have no shear, and decompose exactly as before")
  func noShearUnchanged() {
    let m = Transform3D(scaleX: 2, y: 3, z: 1).concatenating(Transform3D(rotationAngle: 0.7, x: 0, y: 0, z: 1))
      .concatenating(Transform3D(translationX: 5, y: 6, z: 0))
    let c = m.components
    #expect(c.shear == (0, 0, 0))
    #expect(abs(c.scale.x - 2) < 1e-12 && abs(c.scale.y - 3) < 1e-12)
  }

  @Test("A whole-transform keyframe animation between skewed matrices shows the blended skew")
  func transformKeyframes() throws {
    let (_, root, shape) = animatedTree()
    let a = affine(1, 0, 0.5, 1, 0, 0)
    let b = affine(1, 0, -0.5, 1, 0, 0)
    try shape.add(KeyframeAnimation(keyPath: .transform, values: [a, b], duration: 1))
    #expect(nearlyEqual(shown(.transform, of: root, "shape", at: 0.5), .identity))
    #expect(nearlyEqual(shown(.transform, of: root, "shape", at: 0), a))
  }
}
