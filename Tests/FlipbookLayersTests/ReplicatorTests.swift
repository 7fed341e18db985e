import FlipbookGraphics
import FlipbookTiming
import Foundation
import Testing

@testable import FlipbookLayers

/// A replicator as large as `root`, added to it.
func fullReplicator(on root: Layer) -> ReplicatorLayer {
  let replicator = ReplicatorLayer()
  replicator.frame = root.bounds
  root.addSublayer(replicator)
  return replicator
}

/// A replicator filling a `width` x 20 screen with one 10x10 black square at (5, 5).
func replicatedSquare(width: Double = 120, count: Int = 5, step: Double = 20) -> (
  root: Layer, replicator: ReplicatorLayer
) {
  let root = screen(width, 20)
  let replicator = fullReplicator(on: root)
  replicator.instanceCount = count
  replicator.instanceTransform = Transform3D(translationX: step, y: 0)
  let square = box(CGRect(x: 5, y: 5, width: 10, height: 10), .black)
  square.name = "dot"
  replicator.addSublayer(square)
  return (root, replicator)
}

/// The grey a black square of `alpha` makes over white.
func grey(_ alpha: Double) -> RGBA8 {
  let v = UInt8((255 * (1 - alpha)).rounded())
  return RGBA8(v, v, v)
}

@Suite("Replicators, probed pixel by pixel")
struct ReplicatorTests {
  @Test("Five copies 20 pt apart, each 0.2 more transparent: the fourth (k = 3) is at x + 60 with alpha 0.4")
  func stepsAndAlpha() throws {
    let (root, replicator) = replicatedSquare()
    replicator.instanceAlphaOffset = -0.2
    let image = try LayerRenderer(scale: 2).render(root)
    func probe(_ x: Double) -> RGBA8 { image.pixel(x: Int(x * 2), y: 20) }
    #expect(probe(10) == RGBA8(0, 0, 0), "instance 0 is the square itself")
    for k in 1..<5 { #expect(close(probe(10 + 20 * Double(k)), grey(1 - 0.2 * Double(k))), "instance \(k)") }
    #expect(close(probe(70), grey(0.4)))
    #expect(probe(110) == RGBA8(255, 255, 255), "no sixth copy")
    #expect(probe(20) == RGBA8(255, 255, 255), "the gaps stay clear")
  }

  @Test("instanceDelay: copy k shows its sublayer's animation k × delay earlier, a wave along the dots")
  func delay() throws {
    let (root, replicator) = replicatedSquare(count: 4)
    let context = AnimationContext()
    root.animationContext = context
    replicator.instanceDelay = 0.2
    let dot = try #require(root.layer(named: "dot"))
    try dot.add(BasicAnimation(keyPath: .opacity, from: 0, to: 1, duration: 1), forKey: "fade")
    let image = try LayerRenderer(scale: 1).render(root, at: 0.9)
    for k in 0..<4 {
      let opacity = 0.9 - 0.2 * Double(k)
      #expect(close(image.pixel(x: 10 + 20 * k, y: 10), grey(opacity)), "instance \(k) at opacity \(opacity)")
    }
    #expect(replicator.presentation(at: 0.9).sublayers[0].opacity == 0.9, "the sublayer itself is instance 0")
  }

  @Test("instanceTransform turns about the replicator's centre: four quarter turns put a dot on each side")
  func aboutCentre() throws {
    let root = screen(40, 40)
    let replicator = fullReplicator(on: root)
    replicator.instanceCount = 4
    replicator.instanceTransform = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
    replicator.addSublayer(box(CGRect(x: 15, y: 0, width: 10, height: 10), .black))
    let image = try LayerRenderer(scale: 1).render(root)
    // Clockwise on screen: top, right, bottom, left.
    #expect(image.pixel(x: 20, y: 5) == RGBA8(0, 0, 0))
    #expect(image.pixel(x: 35, y: 20) == RGBA8(0, 0, 0))
    #expect(image.pixel(x: 20, y: 35) == RGBA8(0, 0, 0))
    #expect(image.pixel(x: 5, y: 20) == RGBA8(0, 0, 0))
    #expect(image.pixel(x: 20, y: 20) == RGBA8(255, 255, 255) && image.pixel(x: 5, y: 5) == RGBA8(255, 255, 255))
  }

  @Test("instanceColor multiplies each copy's colours; the offsets step it, clamped to 0...1")
  func colours() throws {
    let (root, replicator) = replicatedSquare(count: 3)
    let square = replicator.sublayers[0]
    square.backgroundColor = .white
    root.backgroundColor = .black
    replicator.instanceColor = Color(red: 1, green: 0, blue: 0.5)
    replicator.instanceGreenOffset = 0.5
    replicator.instanceBlueOffset = 0.75
    let image = try LayerRenderer(scale: 1).render(root)
    #expect(close(image.pixel(x: 10, y: 10), RGBA8(255, 0, 128)), "instance 0: the instance colour itself")
    #expect(close(image.pixel(x: 30, y: 10), RGBA8(255, 128, 255)), "instance 1: green + 0.5, blue clamped to 1")
    #expect(image.pixel(x: 50, y: 10) == RGBA8(255, 255, 255), "instance 2: green 1, blue clamped")
    #expect(replicator.instanceColor(at: 2) == Color(red: 1, green: 1, blue: 1))
  }

  @Test("A tinted copy of overlapping sublayers is multiplied as one picture, at half alpha throughout")
  func tintedGroup() throws {
    let root = screen(40, 20)
    let replicator = fullReplicator(on: root)
    replicator.instanceColor = Color(red: 0, green: 0, blue: 0, alpha: 0.5)
    replicator.addSublayer(box(CGRect(x: 0, y: 0, width: 20, height: 20), .red))
    replicator.addSublayer(box(CGRect(x: 10, y: 0, width: 20, height: 20), .green))
    let image = try LayerRenderer(scale: 1).render(root)
    // Both squares turn black at half alpha; where they overlap the group shows no double darkening.
    #expect(close(image.pixel(x: 5, y: 10), grey(0.5)) && close(image.pixel(x: 15, y: 10), grey(0.5)))
    #expect(close(image.pixel(x: 25, y: 10), grey(0.5)) && image.pixel(x: 35, y: 10) == RGBA8(255, 255, 255))
  }

  @Test("Copies are drawn even where a faded superlayer's group must reach them")
  func insideFadedParent() throws {
    let root = screen(120, 20)
    let parent = Layer()
    parent.frame = root.bounds
    parent.opacity = 0.5
    let (_, replicator) = replicatedSquare()
    replicator.removeFromSuperlayer()
    replicator.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
    parent.addSublayer(replicator)
    root.addSublayer(parent)
    let image = try LayerRenderer(scale: 1).render(root)
    #expect(close(image.pixel(x: 90, y: 10), grey(0.5)), "the last copy lies far outside the replicator's bounds")
  }

  @Test("One instance draws exactly what a plain layer draws; zero draws none; counts are capped")
  func counts() throws {
    let (root, replicator) = replicatedSquare(count: 1)
    let plainRoot = screen(120, 20)
    plainRoot.addSublayer(box(CGRect(x: 5, y: 5, width: 10, height: 10), .black))
    #expect(try LayerRenderer(scale: 2).render(root).pixels == LayerRenderer(scale: 2).render(plainRoot).pixels)
    replicator.instanceCount = 0
    #expect(try LayerRenderer(scale: 1).render(root).pixel(x: 10, y: 10) == RGBA8(255, 255, 255))
    replicator.instanceCount = 1_000_000
    #expect(replicator.instances.count == ReplicatorLayer.maxInstanceCount)
    #expect(root.drawnLayerCount == 2 + 1000)
  }

  @Test("instanceTransform and instanceAlphaOffset animate; replicator key paths refuse other layers")
  func animated() throws {
    let (root, replicator) = replicatedSquare(count: 2)
    let context = AnimationContext()
    root.animationContext = context
    try replicator.add(
      BasicAnimation(
        keyPath: .instanceTransform, from: Transform3D(translationX: 20, y: 0), to: Transform3D(translationX: 60, y: 0),
        duration: 1), forKey: "spread")
    try replicator.add(BasicAnimation(keyPath: .instanceAlphaOffset, from: 0, to: -1, duration: 1), forKey: "fade")
    let image = try LayerRenderer(scale: 1).render(root, at: 0.5)
    #expect(image.pixel(x: 30, y: 10) == RGBA8(255, 255, 255), "the copy has moved on to x + 40")
    #expect(close(image.pixel(x: 50, y: 10), grey(0.5)), "and is half faded")
    #expect(throws: AnimationError.self) {
      try replicator.sublayers[0].add(BasicAnimation(keyPath: .instanceDelay, to: 1, duration: 1))
    }
  }

  @Test("Copies keep their properties and an implicit change of an instance property animates")
  func copiesAndImplicit() {
    let (root, replicator) = replicatedSquare(count: 3)
    replicator.instanceDelay = 0.1
    replicator.instanceColor = .red
    let copy = replicator.copyTree() as? ReplicatorLayer
    #expect(copy?.instanceCount == 3 && copy?.instanceDelay == 0.1 && copy?.instanceColor == .red)
    #expect(copy?.instanceTransform == Transform3D(translationX: 20, y: 0) && copy?.sublayers.count == 1)
    let context = AnimationContext()
    root.animationContext = context
    replicator.instanceAlphaOffset = -0.5
    #expect(replicator.animationKeys == ["instanceAlphaOffset"])
  }
}
