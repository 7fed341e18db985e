import FlipbookGraphics
import Foundation
import Testing

@testable import FlipbookLayers

/// Whether two rectangles agree to 1e-9 pt in every coordinate.
func close(_ a: CGRect, _ b: CGRect, _ tolerance: Double = 1e-9) -> Bool {
  abs(a.minX - b.minX) < tolerance && abs(a.minY - b.minY) < tolerance && abs(a.width - b.width) < tolerance
    && abs(a.height - b.height) < tolerance
}

/// Whether two points agree to 1e-9 pt.
func close(_ a: CGPoint, _ b: CGPoint) -> Bool { abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 }

@Suite("frame under a transform")
struct FrameUnderTransformTests {
  @Test("Under a scale of 2 the bounds take half the frame's size and the frame reads back")
  func scaled() {
    let layer = Layer()
    layer.transform = Transform3D(scaleX: 2, y: 2)
    layer.frame = CGRect(x: 10, y: 20, width: 100, height: 60)
    #expect(layer.bounds.size == CGSize(width: 50, height: 30))
    #expect(layer.position == CGPoint(x: 60, y: 50), "the frame's centre, where the anchor point sits")
    #expect(close(layer.frame, CGRect(x: 10, y: 20, width: 100, height: 60)))
  }

  @Test("The position follows the frame's origin through the anchor point and the transform")
  func anchorAtCorner() {
    let layer = Layer()
    layer.anchorPoint = .zero
    layer.transform = Transform3D(scaleX: 2, y: 3)
    layer.frame = CGRect(x: 10, y: 10, width: 100, height: 90)
    #expect(layer.bounds.size == CGSize(width: 50, height: 30))
    #expect(layer.position == CGPoint(x: 10, y: 10))
    // A translation in the transform moves the frame, so the position makes up for it.
    layer.transform = Transform3D(translationX: 7, y: -4)
    layer.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
    #expect(layer.bounds.size == CGSize(width: 20, height: 10))
    #expect(layer.position == CGPoint(x: -7, y: 4))
    #expect(close(layer.frame, CGRect(x: 0, y: 0, width: 20, height: 10)))
  }

  @Test("Turned 90 degrees, a 50x100 frame gives 100x50 bounds centred in it")
  func quarterTurn() {
    let layer = Layer()
    layer.bounds.origin = CGPoint(x: 5, y: 5)
    layer.transform = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
    layer.frame = CGRect(x: 0, y: 0, width: 50, height: 100)
    #expect(abs(layer.bounds.width - 100) < 1e-9 && abs(layer.bounds.height - 50) < 1e-9)
    #expect(layer.bounds.origin == CGPoint(x: 5, y: 5), "bounds.origin is kept")
    #expect(close(layer.position, CGPoint(x: 25, y: 50)))
    #expect(close(layer.frame, CGRect(x: 0, y: 0, width: 50, height: 100)))
  }

  @Test("Turned 45 degrees (which Apple says not to do) the size is mapped back and the origin kept")
  func eighthTurn() {
    let layer = Layer()
    layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
    layer.transform = Transform3D(rotationAngle: .pi / 4, x: 0, y: 0, z: 1)
    let side = 100 * 2.0.squareRoot()
    layer.frame = CGRect(x: -side / 2, y: -side / 2, width: side, height: side)
    #expect(abs(layer.bounds.width - 200) < 1e-9 && abs(layer.bounds.height - 200) < 1e-9)
    // The 200x200 bounds turned 45° span 2 × 141.4 = 282.8 pt, from the frame's origin.
    #expect(close(layer.position, CGPoint(x: side / 2, y: side / 2)))
    #expect(close(layer.frame, CGRect(x: -side / 2, y: -side / 2, width: 2 * side, height: 2 * side)))
  }

  @Test("Reading the frame changes neither bounds nor position; an identity transform works as before")
  func readingChangesNothing() {
    let layer = Layer()
    layer.bounds = CGRect(x: 3, y: 4, width: 30, height: 55)
    layer.position = CGPoint(x: 40, y: 27.5)
    layer.transform = Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 1)
    _ = layer.frame
    _ = layer.frame
    #expect(layer.bounds == CGRect(x: 3, y: 4, width: 30, height: 55) && layer.position == CGPoint(x: 40, y: 27.5))
    layer.transform = .identity
    layer.frame = CGRect(x: 25, y: 0, width: 30, height: 55)
    #expect(layer.bounds == CGRect(x: 3, y: 4, width: 30, height: 55) && layer.position == CGPoint(x: 40, y: 27.5))
  }

  @Test("A scale of 0 keeps the bounds size and only moves the layer")
  func singular() {
    let layer = Layer()
    layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
    layer.transform = Transform3D(scaleX: 0, y: 1)
    layer.frame = CGRect(x: 20, y: 30, width: 0, height: 10)
    #expect(layer.bounds.size == CGSize(width: 10, height: 10))
    #expect(layer.position == CGPoint(x: 20, y: 35))
  }
}

@Suite("Converting between layers")
struct ConversionTests {
  /// A 320x480 root; a scrolled parent (bounds origin (0, −65)); in it a child turned 90° about its centre.
  func tree() -> (root: Layer, parent: Layer, child: Layer, sibling: Layer) {
    let root = Layer()
    root.bounds = CGRect(x: 0, y: 0, width: 320, height: 480)
    let parent = Layer()
    parent.bounds = CGRect(x: 0, y: -65, width: 320, height: 480)
    parent.position = CGPoint(x: 160, y: 240)
    root.addSublayer(parent)
    let child = Layer()
    child.bounds = CGRect(x: 0, y: 0, width: 40, height: 20)
    child.position = CGPoint(x: 100, y: 0)
    child.transform = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
    parent.addSublayer(child)
    let sibling = Layer()
    sibling.frame = CGRect(x: 10, y: 10, width: 50, height: 50)
    root.addSublayer(sibling)
    return (root, parent, child, sibling)
  }

  @Test("Points go through position, anchor point, bounds origin and transform, both ways")
  func points() {
    let (root, parent, child, sibling) = tree()
    // The child's corner (0, 0) is 20 left and 10 up of its centre; turned 90° clockwise it lies 10 right
    // and 20 up: (110, −20) in the parent, which shows its y = −65 at the root's top: (110, 45).
    #expect(close(child.convert(CGPoint(x: 0, y: 0), to: parent), CGPoint(x: 110, y: -20)))
    #expect(close(child.convert(CGPoint(x: 0, y: 0), to: root), CGPoint(x: 110, y: 45)))
    #expect(close(root.convert(CGPoint(x: 110, y: 45), to: child), .zero))
    #expect(close(child.convert(CGPoint(x: 110, y: 45), from: root), .zero))
    #expect(close(child.convert(CGPoint(x: 0, y: 0), to: sibling), CGPoint(x: 100, y: 35)))
    #expect(close(sibling.convert(CGPoint(x: 100, y: 35), to: child), .zero))
  }

  @Test("Rectangles convert as the bounding box of their corners")
  func rects() {
    let (root, parent, child, _) = tree()
    #expect(close(child.convert(child.bounds, to: parent), child.frame))
    #expect(close(child.convert(child.bounds, to: parent), CGRect(x: 90, y: -20, width: 20, height: 40)))
    #expect(
      close(
        child.convert(CGRect(x: 0, y: 0, width: 40, height: 20), to: root), CGRect(x: 90, y: 45, width: 20, height: 40))
    )
    #expect(close(root.convert(CGRect(x: 90, y: 45, width: 20, height: 40), to: child), child.bounds))
    #expect(close(child.convert(CGRect(x: 90, y: 45, width: 20, height: 40), from: root), child.bounds))
  }

  @Test("A superlayer's sublayerTransform applies about its anchor point")
  func sublayerTransform() {
    let (root, parent, child, _) = tree()
    child.transform = .identity
    parent.sublayerTransform = Transform3D(scaleX: 2, y: 2)
    // Parent point p maps to anchor + 2 (p − anchor), with the anchor at (160, 175) in its bounds space.
    let p = child.convert(CGPoint(x: 20, y: 10), to: parent)
    #expect(close(p, CGPoint(x: 40, y: -175)))
    #expect(close(parent.convert(p, to: child), CGPoint(x: 20, y: 10)))
    #expect(close(child.convert(CGPoint(x: 20, y: 10), to: root), CGPoint(x: 40, y: -110)))
  }
}
