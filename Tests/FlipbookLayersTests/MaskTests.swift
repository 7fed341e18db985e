import FlipbookGraphics
import FlipbookTiming
import Foundation
import Testing

@testable import FlipbookLayers

/// Whether two pixels differ by at most one step in every channel (8-bit rounding of a blend).
func close(_ a: RGBA8, _ b: RGBA8, within tolerance: Int = 1) -> Bool { a.distance(to: b) <= tolerance }

@Suite("Masks, probed pixel by pixel")
struct MaskTests {
  /// A red 40x20 layer filling the screen, masked by a 20x20 layer at its left with `maskColor`.
  func halfMasked(maskColor: Color) throws -> Image {
    let root = screen(40, 20)
    let owner = box(root.bounds, .red)
    owner.mask = box(CGRect(x: 0, y: 0, width: 20, height: 20), maskColor)
    root.addSublayer(owner)
    return try LayerRenderer(scale: 1).render(root)
  }

  @Test("The mask's alpha multiplies the layer; outside the mask nothing shows; the mask's colour is ignored")
  func alphaOnly() throws {
    let blue = try halfMasked(maskColor: Color(red: 0, green: 0, blue: 1, alpha: 0.5))
    // Red at half alpha over white.
    #expect(close(blue.pixel(x: 10, y: 10), RGBA8(255, 128, 128)))
    #expect(blue.pixel(x: 30, y: 10) == RGBA8(255, 255, 255))
    let black = try halfMasked(maskColor: Color(white: 0, alpha: 0.5))
    #expect(black.pixels == blue.pixels, "only the mask's alpha counts")
    let opaque = try halfMasked(maskColor: .green)
    #expect(opaque.pixel(x: 10, y: 10) == RGBA8(255, 0, 0))
    #expect(opaque.pixel(x: 19, y: 10) == RGBA8(255, 0, 0) && opaque.pixel(x: 20, y: 10) == RGBA8(255, 255, 255))
  }

  @Test("The mask sits in the owner's bounds space and cuts its sublayers, border and shadow alike")
  func masksEverything() throws {
    func render(masked: Bool) throws -> Image {
      let root = screen(60, 60)
      let owner = box(CGRect(x: 10, y: 10, width: 20, height: 20), .blue)
      owner.borderWidth = 2
      owner.borderColor = .red
      owner.shadowOpacity = 1
      owner.shadowOffset = CGSize(width: 0, height: 12)
      owner.shadowRadius = 1
      // Sticks out to the right of the owner: root x 30...50.
      owner.addSublayer(box(CGRect(x: 20, y: 0, width: 20, height: 20), .green))
      // The owner's left half and the area below it: root x 10...20, y 10...50.
      if masked { owner.mask = box(CGRect(x: 0, y: 0, width: 10, height: 40), .black) }
      root.addSublayer(owner)
      return try LayerRenderer(scale: 1).render(root)
    }
    let plain = try render(masked: false)
    let masked = try render(masked: true)
    #expect(masked.pixel(x: 10, y: 20) == RGBA8(255, 0, 0), "the border, inside the mask")
    #expect(masked.pixel(x: 15, y: 20) == RGBA8(0, 0, 255), "the background, inside the mask")
    #expect(plain.pixel(x: 40, y: 20) == RGBA8(0, 255, 0) && masked.pixel(x: 40, y: 20) == RGBA8(255, 255, 255))
    #expect(plain.pixel(x: 29, y: 20) == RGBA8(255, 0, 0) && masked.pixel(x: 29, y: 20) == RGBA8(255, 255, 255))
    // The shadow falls 12 pt lower, y 22...42: masked too, so it shows only at x 10...20.
    #expect(plain.pixel(x: 15, y: 38).r < 40 && masked.pixel(x: 15, y: 38) == plain.pixel(x: 15, y: 38))
    #expect(plain.pixel(x: 40, y: 38).r < 40 && masked.pixel(x: 40, y: 38) == RGBA8(255, 255, 255))
  }

  @Test("The mask's opacity and the owner's multiply: 0.5 × 0.5 lets a quarter through")
  func opacities() throws {
    let root = screen(20, 10)
    let owner = box(root.bounds, .black)
    owner.opacity = 0.5
    let mask = box(root.bounds, .black)
    mask.opacity = 0.5
    owner.mask = mask
    root.addSublayer(owner)
    let image = try LayerRenderer(scale: 2).render(root)
    #expect(close(image.pixel(x: 10, y: 10), RGBA8(191, 191, 191)))
  }

  @Test("A mask's own sublayers and shape mask too, and a hidden mask hides the layer")
  func shapedMask() throws {
    let root = screen(40, 20)
    let owner = box(root.bounds, .black)
    let mask = ShapeLayer()
    mask.frame = root.bounds
    mask.path = Path(rect: CGRect(x: 0, y: 0, width: 10, height: 20))
    mask.addSublayer(box(CGRect(x: 30, y: 0, width: 10, height: 20), .white))
    owner.mask = mask
    root.addSublayer(owner)
    let image = try LayerRenderer(scale: 1).render(root)
    #expect(image.pixel(x: 5, y: 10) == RGBA8(0, 0, 0))
    #expect(image.pixel(x: 20, y: 10) == RGBA8(255, 255, 255))
    #expect(image.pixel(x: 35, y: 10) == RGBA8(0, 0, 0))
    mask.isHidden = true
    let hidden = try LayerRenderer(scale: 1).render(root)
    #expect(hidden.pixel(x: 5, y: 10) == RGBA8(255, 255, 255))
  }

  /// A 40x10 black layer whose 20-wide mask moves from x −10 to 30 (its centre) over 1 s, on a root with a
  /// clock; the owner runs at `speed`.
  func wipe(speed: Double = 1) throws -> Layer {
    let context = AnimationContext()
    let root = screen(40, 10)
    root.animationContext = context
    let owner = box(root.bounds, .black)
    owner.speed = speed
    let mask = box(CGRect(x: 0, y: 0, width: 20, height: 10), .black)
    mask.name = "mask"
    context.transaction(disableActions: true) {
      root.addSublayer(owner)
      owner.mask = mask
    }
    try mask.add(
      BasicAnimation(keyPath: .positionX, from: -10, to: 30, duration: 1), forKey: "wipe")
    return root
  }

  @Test("An animation on the mask is a wipe: the presentation tree carries the mask's presentation")
  func animatedWipe() throws {
    let root = try wipe()
    let renderer = LayerRenderer(scale: 1)
    let start = try renderer.render(root, at: 0)
    #expect(start.pixel(x: 5, y: 5) == RGBA8(255, 255, 255) && start.pixel(x: 25, y: 5) == RGBA8(255, 255, 255))
    let half = try renderer.render(root, at: 0.5)
    #expect(half.pixel(x: 5, y: 5) == RGBA8(0, 0, 0) && half.pixel(x: 25, y: 5) == RGBA8(255, 255, 255))
    let end = try renderer.render(root, at: 1)
    #expect(end.pixel(x: 5, y: 5) == RGBA8(255, 255, 255) && end.pixel(x: 25, y: 5) == RGBA8(0, 0, 0))
    #expect(root.presentation(at: 0.5).layer(named: "mask")?.position.x == 10)
  }

  @Test("The mask lives on its owner's timeline: an owner at double speed wipes twice as fast")
  func ownerTime() throws {
    let root = try wipe(speed: 2)
    #expect(root.presentation(at: 0.25).layer(named: "mask")?.position.x == 10)
    #expect(root.hasAnimationsInTree, "the mask's animation counts as the tree's")
  }

  @Test("A mask has no superlayer, belongs to one layer, is found by name and copied with its owner")
  func treeRelations() throws {
    let root = screen(20, 20)
    let owner = box(root.bounds, .black)
    let other = Layer()
    root.addSublayer(owner)
    root.addSublayer(other)
    let mask = Layer()
    mask.name = "wipe"
    root.addSublayer(mask)
    owner.mask = mask
    #expect(mask.superlayer == nil && !root.sublayers.contains { $0 === mask }, "taken out of its superlayer")
    #expect(mask.maskOwner === owner && root.layer(named: "wipe") === mask)
    other.mask = mask
    #expect(owner.mask == nil && mask.maskOwner === other, "one owner at a time")
    let copy = other.copyTree()
    #expect(copy.mask !== mask && copy.mask?.name == "wipe" && copy.mask?.maskOwner === copy)
    #expect(Layer(layer: other).mask?.name == "wipe")
    root.addSublayer(mask)
    #expect(other.mask == nil && mask.maskOwner == nil && mask.superlayer === root, "made a sublayer again")
  }

  @Test("Changing a mask in a tree with a clock animates implicitly, as any standalone layer does")
  func implicitOnMask() {
    let context = AnimationContext()
    let root = screen(20, 20)
    root.animationContext = context
    let owner = box(root.bounds, .black)
    let mask = box(root.bounds, .black)
    context.transaction(disableActions: true) {
      root.addSublayer(owner)
      owner.mask = mask
    }
    mask.opacity = 0.5
    #expect(mask.animationKeys == ["opacity"])
    let midway = mask.presentationOfSelf(at: 0.125).opacity
    #expect(midway > 0.5 && midway < 1)
  }
}
