import FlipbookGraphics
import Foundation
import Testing

@testable import FlipbookLayers

@Suite("Layer geometry")
struct GeometryTests {
  @Test("A new layer has Core Animation's defaults")
  func defaults() {
    let layer = Layer()
    #expect(layer.bounds == .zero)
    #expect(layer.position == .zero)
    #expect(layer.anchorPoint == CGPoint(x: 0.5, y: 0.5))
    #expect(layer.opacity == 1)
    #expect(layer.masksToBounds == false)
    #expect(layer.transform.isIdentity && layer.sublayerTransform.isIdentity)
    #expect(layer.contentsScale == 1)
    #expect(layer.contentsGravity == .resize)
    #expect(layer.shadowOpacity == 0 && layer.shadowRadius == 3 && layer.shadowOffset == CGSize(width: 0, height: -3))
    let shape = ShapeLayer()
    #expect(shape.fillColor == .black && shape.strokeColor == nil)
    #expect(shape.lineWidth == 1 && shape.miterLimit == 10 && shape.lineCap == .butt && shape.lineJoin == .miter)
    #expect(shape.strokeStart == 0 && shape.strokeEnd == 1 && shape.lineDashPattern == nil)
  }

  @Test("frame is derived from position, anchor point and bounds size; bounds.origin does not move it")
  func frameFromPosition() {
    let layer = Layer()
    layer.bounds = CGRect(x: 7, y: 9, width: 30, height: 55)
    layer.position = CGPoint(x: 40, y: 27.5)
    #expect(layer.frame == CGRect(x: 25, y: 0, width: 30, height: 55))
    layer.anchorPoint = CGPoint(x: 0, y: 0)
    #expect(layer.frame == CGRect(x: 40, y: 27.5, width: 30, height: 55))
  }

  @Test("Setting frame sets bounds size and position and keeps bounds.origin")
  func setFrame() {
    let layer = Layer()
    layer.bounds.origin = CGPoint(x: 3, y: 4)
    // EGO's arrow: frame (25, h−65, 30, 55) with h = 65 gives position (40, 27.5).
    layer.frame = CGRect(x: 25, y: 0, width: 30, height: 55)
    #expect(layer.bounds == CGRect(x: 3, y: 4, width: 30, height: 55))
    #expect(layer.position == CGPoint(x: 40, y: 27.5))
    layer.frame = CGRect(x: 10, y: 10, width: -4, height: 6)
    #expect(layer.bounds.size == CGSize(width: 4, height: 6))
    #expect(layer.position == CGPoint(x: 8, y: 13))
  }

  @Test("A 100x100 layer at (0, 0) turned 45 degrees has the frame (-70.7, -70.7, 141.4, 141.4)")
  func rotatedFrame() {
    let layer = Layer()
    layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
    layer.transform = Transform3D(rotationAngle: .pi / 4, x: 0, y: 0, z: 1)
    let f = layer.frame
    #expect(abs(f.minX + 70.7107) < 1e-3 && abs(f.minY + 70.7107) < 1e-3)
    #expect(abs(f.width - 141.4214) < 1e-3 && abs(f.height - 141.4214) < 1e-3)
  }

  @Test("Rotation about z by a positive angle turns clockwise on the y-down screen")
  func rotationDirection() {
    let t = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
    #expect(abs(t.m11) < 1e-12 && abs(t.m12 - 1) < 1e-12 && abs(t.m21 + 1) < 1e-12)
    // (1, 0) — to the right — goes to (0, 1), which is down on screen: clockwise.
    let p = t.planeProjection.map(CGPoint(x: 1, y: 0)).point
    #expect(abs(p.x) < 1e-12 && abs(p.y - 1) < 1e-12)
  }

  @Test("Transforms act about the anchor point, and sublayerTransform about the superlayer's")
  func transformAboutAnchor() {
    let parent = Layer()
    parent.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
    let child = Layer()
    child.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
    parent.addSublayer(child)
    child.transform = Transform3D(scaleX: 2, y: 2)
    // The centre stays put; the corner moves away from it.
    #expect(child.convert(CGPoint(x: 50, y: 50), to: parent) == CGPoint(x: 100, y: 100))
    #expect(child.convert(CGPoint(x: 0, y: 0), to: parent) == CGPoint(x: 0, y: 0))
    child.transform = .identity
    parent.sublayerTransform = Transform3D(scaleX: 0.5, y: 0.5)
    // Scaled about the parent's centre (100, 100): the child's corner (50, 50) lands at (75, 75).
    #expect(child.convert(CGPoint(x: 0, y: 0), to: parent) == CGPoint(x: 75, y: 75))
  }

  @Test("bounds.origin scrolls the sublayers (how a scroll view's contentOffset works)")
  func boundsOriginScrolls() {
    let parent = Layer()
    parent.bounds = CGRect(x: 0, y: -65, width: 320, height: 480)
    let child = Layer()
    child.frame = CGRect(x: 0, y: -65, width: 320, height: 65)
    parent.addSublayer(child)
    let root = Layer()
    root.bounds = CGRect(x: 0, y: 0, width: 320, height: 480)
    parent.position = CGPoint(x: 160, y: 240)
    root.addSublayer(parent)
    #expect(child.convert(CGPoint(x: 0, y: 0), to: root) == CGPoint(x: 0, y: 0))
  }

  @Test("Sublayers draw by zPosition, ties in insertion order")
  func drawingOrder() {
    let parent = Layer()
    let names = ["a", "b", "c", "d"]
    let z = [0.0, 5, -1, 0]
    for (name, depth) in zip(names, z) {
      let layer = Layer()
      layer.name = name
      layer.zPosition = depth
      parent.addSublayer(layer)
    }
    #expect(parent.sublayersInDrawingOrder.map { $0.name! } == ["c", "a", "d", "b"])
  }

  @Test("Editing the tree: insert, move between parents, remove")
  func treeEditing() {
    let a = Layer()
    let b = Layer()
    let x = Layer()
    let y = Layer()
    a.addSublayer(x)
    a.insertSublayer(y, below: x)
    #expect(a.sublayers.map { $0 === y } == [true, false])
    b.addSublayer(x)
    #expect(a.sublayers.count == 1 && x.superlayer === b)
    y.removeFromSuperlayer()
    #expect(a.sublayers.isEmpty && y.superlayer == nil)
  }

  @Test("Copies carry every property of the subclass")
  func copies() {
    let shape = ShapeLayer()
    shape.name = "oval"
    shape.strokeEnd = 0.4
    shape.lineDashPattern = [2, 3]
    shape.addSublayer(TextLayer())
    let copy = shape.copyTree()
    #expect(copy is ShapeLayer)
    #expect((copy as? ShapeLayer)?.strokeEnd == 0.4 && (copy as? ShapeLayer)?.lineDashPattern == [2, 3])
    #expect(copy.name == "oval" && copy.sublayers.count == 1 && copy.sublayers[0] is TextLayer)
  }
}
