import FlipbookGraphics
import Foundation
import Testing

@testable import FlipbookLayers

@Suite("3D transforms are projected, not dropped")
struct PerspectiveTests {
  /// Rows covered by black in column `x`.
  func coveredHeight(_ image: Image, x: Int) -> Int {
    (0..<image.height).filter { image.pixel(x: x, y: $0).r < 128 }.count
  }

  @Test("Turned about y under m34, the near edge grows and the far edge shrinks")
  func rotateY() throws {
    let root = screen(200, 120)
    let card = box(CGRect(x: 50, y: 20, width: 100, height: 80), .black)
    var perspective = Transform3D.identity
    perspective.m34 = -1.0 / 300
    card.transform = Transform3D(rotationAngle: .pi / 5, x: 0, y: 1, z: 0).concatenating(perspective)
    root.addSublayer(card)
    let image = try LayerRenderer(scale: 1).render(root)
    let expectedLeft = projectedHeight(card: card, x: 0)
    let expectedRight = projectedHeight(card: card, x: 100)
    #expect(expectedLeft != expectedRight)
    let map = card.transformToSuperlayer()
    let left = map.map(CGPoint(x: 0, y: 40)).point.x
    let right = map.map(CGPoint(x: 100, y: 40)).point.x
    let leftColumn = Int(left.rounded(.up)) + 1
    let rightColumn = Int(right.rounded(.down)) - 2
    #expect(abs(Double(coveredHeight(image, x: leftColumn)) - expectedLeft) <= 3)
    #expect(abs(Double(coveredHeight(image, x: rightColumn)) - expectedRight) <= 3)
    // A plain affine renderer would draw a 100-pt-wide rectangle of constant height instead.
    #expect(abs(coveredHeight(image, x: leftColumn) - coveredHeight(image, x: rightColumn)) > 10)
  }

  /// The projected height of the card's edge at local x, from the homography itself.
  func projectedHeight(card: Layer, x: Double) -> Double {
    let map = card.transformToSuperlayer()
    return map.map(CGPoint(x: x, y: 80)).point.y - map.map(CGPoint(x: x, y: 0)).point.y
  }

  @Test("Perspective in the superlayer's sublayerTransform converges on its centre")
  func sublayerPerspective() throws {
    let root = screen(200, 200)
    let stage = Layer()
    stage.frame = root.bounds
    var perspective = Transform3D.identity
    perspective.m34 = -1.0 / 400
    stage.sublayerTransform = perspective
    let card = box(CGRect(x: 50, y: 50, width: 100, height: 100), .black)
    card.transform = Transform3D(rotationAngle: .pi / 4, x: 1, y: 0, z: 0)
    stage.addSublayer(card)
    root.addSublayer(stage)
    let map = card.transformToSuperlayer()
    let topLeft = map.map(CGPoint(x: 0, y: 0)).point
    let bottomLeft = map.map(CGPoint(x: 0, y: 100)).point
    // Tilted back at the top: the top edge is narrower than the bottom edge, and both stay centred.
    #expect(topLeft.x > bottomLeft.x)
    let image = try LayerRenderer(scale: 1).render(root)
    let topRow = Int(topLeft.y.rounded(.up)) + 2
    let bottomRow = Int(bottomLeft.y.rounded(.down)) - 2
    let topWidth = (0..<200).filter { image.pixel(x: $0, y: topRow).r < 128 }.count
    let bottomWidth = (0..<200).filter { image.pixel(x: $0, y: bottomRow).r < 128 }.count
    #expect(topWidth < bottomWidth - 10)
    #expect(image.pixel(x: 100, y: 100).r < 128)
  }

  @Test("A layer turned edge-on (90 degrees about y) draws nothing visible")
  func edgeOn() throws {
    let root = screen(100, 100)
    let card = box(CGRect(x: 25, y: 25, width: 50, height: 50), .black)
    var perspective = Transform3D.identity
    perspective.m34 = -1.0 / 500
    card.transform = Transform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0).concatenating(perspective)
    root.addSublayer(card)
    let image = try LayerRenderer(scale: 1).render(root)
    let dark = (0..<100).flatMap { y in (0..<100).map { (x: $0, y: y) } }.filter {
      image.pixel(x: $0.x, y: $0.y).r < 200
    }
    #expect(dark.count < 100)
  }
}
