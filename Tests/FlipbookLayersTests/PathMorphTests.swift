import FlipbookGraphics
import FlipbookTiming
import Foundation
import Testing

@testable import FlipbookLayers

@Suite("Path animations morph as Core Animation's do")
struct PathMorphTests {
  /// A root 40x20 with a shape layer named "shape" filling it, filled red, its `path` animated over 1 s.
  func morphing(from: Path, to: Path) throws -> Layer {
    let root = screen(40, 20)
    let shape = ShapeLayer()
    shape.name = "shape"
    shape.frame = root.bounds
    shape.fillColor = .red
    shape.path = from
    root.addSublayer(shape)
    try shape.add(BasicAnimation(keyPath: .path, from: from, to: to, duration: 1))
    return root
  }

  @Test("Paths drawn alike blend point by point, control points too")
  func blendsPoints() throws {
    var a = Path()
    a.move(to: CGPoint(x: 0, y: 0))
    a.addCurve(to: CGPoint(x: 10, y: 0), control1: CGPoint(x: 0, y: 10), control2: CGPoint(x: 10, y: 10))
    a.closeSubpath()
    var b = Path()
    b.move(to: CGPoint(x: 20, y: 4))
    b.addCurve(to: CGPoint(x: 30, y: 8), control1: CGPoint(x: 2, y: 30), control2: CGPoint(x: 30, y: -10))
    b.closeSubpath()
    var expected = Path()
    expected.move(to: CGPoint(x: 5, y: 1))
    expected.addCurve(to: CGPoint(x: 15, y: 2), control1: CGPoint(x: 0.5, y: 15), control2: CGPoint(x: 15, y: 5))
    expected.closeSubpath()
    #expect(a.interpolated(to: b, fraction: 0.25) == expected)
    #expect(a.hasSameStructure(as: b))
    #expect(a.interpolated(to: b, fraction: 0) == a && a.interpolated(to: b, fraction: 1) == b)
  }

  @Test("Paths drawn differently switch at the midpoint")
  func switchesOtherwise() throws {
    let rect = Path(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
    let oval = Path(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10))
    #expect(!rect.hasSameStructure(as: oval))
    #expect(rect.interpolated(to: oval, fraction: 0.49) == rect)
    #expect(rect.interpolated(to: oval, fraction: 0.5) == oval)
    #expect(Path().interpolated(to: rect, fraction: 0.7) == rect)
  }

  @Test("A shape layer's path at the midpoint of a morph covers the pixels between the two")
  func rendersMidway() throws {
    let left = Path(rect: CGRect(x: 0, y: 0, width: 10, height: 20))
    let right = Path(rect: CGRect(x: 20, y: 0, width: 10, height: 20))
    let root = try morphing(from: left, to: right)
    #expect(shown(.path, of: root, "shape", at: 0.5) == Path(rect: CGRect(x: 10, y: 0, width: 10, height: 20)))
    let image = try LayerRenderer(scale: 1).render(root, at: 0.5)
    #expect(image.pixel(x: 5, y: 10) == RGBA8(255, 255, 255))
    #expect(image.pixel(x: 10, y: 10) == RGBA8(255, 0, 0) && image.pixel(x: 19, y: 10) == RGBA8(255, 0, 0))
    #expect(image.pixel(x: 20, y: 10) == RGBA8(255, 255, 255))
  }

  @Test("No path reads as the empty path, and writing the empty path removes it")
  func emptyIsNil() throws {
    let shape = ShapeLayer()
    #expect(AnimationKeyPath.path.value(of: shape).isEmpty)
    AnimationKeyPath.path.assign(Path(rect: CGRect(x: 0, y: 0, width: 1, height: 1)), to: shape)
    #expect(shape.path != nil)
    AnimationKeyPath.path.assign(Path(), to: shape)
    #expect(shape.path == nil)
  }

  @Test("Keyframed paths blend within each interval, shaped by its timing function")
  func keyframed() throws {
    let root = screen(40, 20)
    let shape = ShapeLayer()
    shape.name = "shape"
    shape.frame = root.bounds
    root.addSublayer(shape)
    let a = Path(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
    let b = Path(rect: CGRect(x: 10, y: 0, width: 10, height: 10))
    let c = Path(rect: CGRect(x: 10, y: 10, width: 10, height: 10))
    var animation = KeyframeAnimation(keyPath: .path, values: [a, b, c], duration: 1)
    animation.keyTimes = [0, 0.5, 1]
    animation.timingFunctions = [.linear, .easeIn]
    try shape.add(animation)
    #expect(shown(.path, of: root, "shape", at: 0.25) == Path(rect: CGRect(x: 5, y: 0, width: 10, height: 10)))
    // The second interval at its own midpoint, eased in: the curve's value there, by its own solve.
    let eased = TimingFunction.easeIn.value(at: 0.5)
    let expected = Path(rect: CGRect(x: 10, y: 10 * eased, width: 10, height: 10))
    let shownPath = shown(.path, of: root, "shape", at: 0.75)
    #expect(zip(shownPath.pointCoordinates, expected.pointCoordinates).allSatisfy { abs($0 - $1) < 1e-9 })
  }
}
