import FlipbookGraphics
import FlipbookTiming
import Foundation
import Testing

@testable import FlipbookLayers

/// A 4x4 image of 2x2 quadrants: red top-left, green top-right, blue bottom-left, yellow bottom-right.
func quadrants() throws -> Image {
  let colours: [[UInt8]] = [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255], [255, 255, 0, 255]]
  var rgba: [UInt8] = []
  for y in 0..<4 {
    for x in 0..<4 { rgba += colours[(y / 2) * 2 + x / 2] }
  }
  return try Image(width: 4, height: 4, rgba: rgba)
}

/// A square image `side` px wide: a `border`-px frame of blue around a red middle.
func framedImage(side: Int, border: Int) throws -> Image {
  var rgba: [UInt8] = []
  for y in 0..<side {
    for x in 0..<side {
      let edge = x < border || y < border || x >= side - border || y >= side - border
      rgba += edge ? [0, 0, 255, 255] : [255, 0, 0, 255]
    }
  }
  return try Image(width: side, height: side, rgba: rgba)
}

let quadrantRed = RGBA8(255, 0, 0)
let quadrantGreen = RGBA8(0, 255, 0)
let quadrantBlue = RGBA8(0, 0, 255)
let quadrantYellow = RGBA8(255, 255, 0)

@Suite("contentsRect and contentsCenter, probed pixel by pixel")
struct ContentsRectTests {
  /// A 20x20 screen filled by a layer showing the quadrant image with `contentsRect`.
  func shown(_ rect: CGRect, gravity: ContentsGravity = .resize) throws -> Image {
    let root = screen(20, 20)
    let layer = Layer()
    layer.frame = root.bounds
    layer.contents = try quadrants()
    layer.contentsRect = rect
    layer.contentsGravity = gravity
    root.addSublayer(layer)
    return try LayerRenderer(scale: 1).render(root)
  }

  @Test("contentsRect (0.5, 0, 0.5, 0.5) shows only the top-right quadrant, stretched over the bounds")
  func topRight() throws {
    let image = try shown(CGRect(x: 0.5, y: 0, width: 0.5, height: 0.5))
    // Half a source pixel (5 pt) in from each edge the magnified part blends with its neighbours, as any
    // scaled image's edge does; inside that it is the quadrant alone.
    for (x, y) in [(6, 6), (14, 6), (6, 14), (14, 14), (10, 10)] {
      #expect(image.pixel(x: x, y: y) == quadrantGreen, "at (\(x), \(y))")
    }
  }

  @Test("Beyond the unit rectangle the image's edge pixels extend outward")
  func edgeExtension() throws {
    // The right half of the image and as much again past its right edge: the right column repeats.
    let image = try shown(CGRect(x: 0.5, y: 0, width: 1, height: 1))
    #expect(image.pixel(x: 2, y: 5) == quadrantGreen && image.pixel(x: 17, y: 5) == quadrantGreen)
    #expect(image.pixel(x: 2, y: 15) == quadrantYellow && image.pixel(x: 17, y: 15) == quadrantYellow)
    #expect(try shown(CGRect(x: 0, y: 0, width: 0, height: 1)).pixel(x: 10, y: 10) == RGBA8(255, 255, 255))
  }

  @Test("The part's size in points is what gravity places: a 2x2 px part at center gravity is 2x2 pt")
  func gravityUsesPart() throws {
    let image = try shown(CGRect(x: 0, y: 0.5, width: 0.5, height: 0.5), gravity: .center)
    #expect(image.pixel(x: 9, y: 9) == quadrantBlue && image.pixel(x: 10, y: 10) == quadrantBlue)
    #expect(image.pixel(x: 8, y: 10) == RGBA8(255, 255, 255) && image.pixel(x: 12, y: 10) == RGBA8(255, 255, 255))
  }

  /// The framed image stretched to 90x60 pt with the middle third stretchable, at `scale` pixels per point.
  func nineSlice(imageSide: Int, border: Int, contentsScale: Double, renderScale: Double) throws -> Image {
    let root = screen(90, 60)
    let layer = Layer()
    layer.frame = root.bounds
    layer.contents = try framedImage(side: imageSide, border: border)
    layer.contentsScale = contentsScale
    layer.contentsCenter = CGRect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)
    root.addSublayer(layer)
    return try LayerRenderer(scale: renderScale).render(root)
  }

  @Test("Nine-slice: a 30x30 image with a 10 px frame stretched to 90x60 keeps a 10 pt frame")
  func nineSliceFrame() throws {
    let image = try nineSlice(imageSide: 30, border: 10, contentsScale: 1, renderScale: 1)
    let blue = quadrantBlue
    let red = quadrantRed
    // Corners and edges keep 10 px; only the middle stretches (7x across, 4x down).
    for (x, y) in [(0, 0), (9, 9), (45, 5), (85, 30), (5, 30), (80, 59), (89, 50), (45, 50)] {
      #expect(image.pixel(x: x, y: y) == blue, "frame at (\(x), \(y))")
    }
    for (x, y) in [(14, 14), (45, 30), (75, 45), (20, 30)] {
      #expect(image.pixel(x: x, y: y) == red, "middle at (\(x), \(y))")
    }
  }

  @Test("Nine-slice corners keep their size in points: a 60 px image at contentsScale 2 keeps a 10 pt frame")
  func nineSliceScale() throws {
    let image = try nineSlice(imageSide: 60, border: 20, contentsScale: 2, renderScale: 2)
    #expect(image.pixel(x: 19, y: 19) == quadrantBlue, "(9.5, 9.5) pt")
    #expect(image.pixel(x: 28, y: 28) == quadrantRed, "(14, 14) pt")
    #expect(image.pixel(x: 160, y: 100) == quadrantBlue, "(80, 50) pt")
    #expect(image.pixel(x: 150, y: 90) == quadrantRed, "(75, 45) pt")
  }

  @Test("A discrete keyframe animation of contentsRect steps through a sprite sheet's frames")
  func spriteSheet() throws {
    let context = AnimationContext()
    let root = screen(20, 20)
    root.animationContext = context
    let sprite = Layer()
    sprite.frame = root.bounds
    sprite.contents = try quadrants()
    sprite.contentsRect = CGRect(x: 0, y: 0, width: 0.5, height: 0.5)
    context.transaction(disableActions: true) { root.addSublayer(sprite) }
    var frames = KeyframeAnimation(
      keyPath: .contentsRect,
      values: [
        CGRect(x: 0, y: 0, width: 0.5, height: 0.5), CGRect(x: 0.5, y: 0, width: 0.5, height: 0.5),
        CGRect(x: 0, y: 0.5, width: 0.5, height: 0.5), CGRect(x: 0.5, y: 0.5, width: 0.5, height: 0.5),
      ], duration: 1)
    frames.calculationMode = .discrete
    try sprite.add(frames, forKey: "frames")
    let renderer = LayerRenderer(scale: 1)
    for (time, colour) in [(0.1, quadrantRed), (0.3, quadrantGreen), (0.6, quadrantBlue), (0.9, quadrantYellow)] {
      #expect(try renderer.render(root, at: time).pixel(x: 10, y: 10) == colour, "at \(time) s")
    }
  }

  @Test("The pieces: one for a contentsRect, nine for a nine-slice, edges shrunk when the bounds are too small")
  func pieces() throws {
    let layer = Layer()
    layer.frame = CGRect(x: 0, y: 0, width: 90, height: 60)
    layer.contents = try framedImage(side: 30, border: 10)
    layer.contentsRect = CGRect(x: 0.5, y: 0, width: 0.5, height: 0.5)
    #expect(
      layer.contentsPieces == [
        ImagePiece(source: CGRect(x: 15, y: 0, width: 15, height: 15), destination: layer.bounds)
      ])
    layer.contentsRect = Layer.unitRect
    layer.contentsCenter = CGRect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)
    #expect(layer.contentsPieces.count == 9)
    layer.bounds.size = CGSize(width: 10, height: 60)
    // 10 pt for two 10 pt edges: each shrinks to 5 pt and the middle column vanishes.
    let columns = Set(layer.contentsPieces.map { ($0.destination.width * 1e9).rounded() / 1e9 })
    #expect(columns == [5] && layer.contentsPieces.count == 6)
  }
}
