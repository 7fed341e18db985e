import FlipbookGraphics
import Foundation
import Testing

@testable import FlipbookLayers

/// A root "screen" layer of the given size in points.
func screen(_ width: Double, _ height: Double, background: Color? = .white) -> Layer {
  let root = Layer()
  root.bounds = CGRect(x: 0, y: 0, width: width, height: height)
  root.backgroundColor = background
  return root
}

func box(_ frame: CGRect, _ color: Color) -> Layer {
  let layer = Layer()
  layer.frame = frame
  layer.backgroundColor = color
  return layer
}

@Suite("Rendering, probed pixel by pixel")
struct RenderingTests {
  @Test("Layers land where their frames say, at 1x, 2x and 3x", arguments: [1.0, 2.0, 3.0])
  func placement(scale: Double) throws {
    let root = screen(40, 30)
    root.addSublayer(box(CGRect(x: 10, y: 5, width: 20, height: 10), .red))
    let image = try LayerRenderer(scale: scale).render(root)
    #expect(image.width == Int(40 * scale) && image.height == Int(30 * scale))
    func probe(_ x: Double, _ y: Double) -> RGBA8 { image.pixel(x: Int(x * scale), y: Int(y * scale)) }
    #expect(probe(10.2, 5.2) == RGBA8(255, 0, 0))
    #expect(probe(29.8, 14.8) == RGBA8(255, 0, 0))
    #expect(probe(9.8, 5.2) == RGBA8(255, 255, 255))
    #expect(probe(20, 15.2) == RGBA8(255, 255, 255))
  }

  @Test("Opacity applies to the group: overlapping sublayers do not show through each other")
  func groupOpacity() throws {
    let root = screen(30, 10)
    let group = Layer()
    group.frame = root.bounds
    group.opacity = 0.5
    group.addSublayer(box(CGRect(x: 0, y: 0, width: 20, height: 10), .black))
    group.addSublayer(box(CGRect(x: 10, y: 0, width: 20, height: 10), .black))
    root.addSublayer(group)
    let image = try LayerRenderer(scale: 1).render(root)
    let alone = image.pixel(x: 5, y: 5)
    let overlap = image.pixel(x: 15, y: 5)
    #expect(alone == overlap)
    #expect(abs(Int(alone.r) - 128) <= 1)
  }

  @Test("masksToBounds clips sublayers and cornerRadius rounds the background")
  func masksAndCorners() throws {
    let root = screen(40, 40)
    let clip = box(CGRect(x: 0, y: 0, width: 20, height: 20), .blue)
    clip.masksToBounds = true
    clip.cornerRadius = 8
    clip.addSublayer(box(CGRect(x: 10, y: 10, width: 30, height: 30), .red))
    root.addSublayer(clip)
    let image = try LayerRenderer(scale: 1).render(root)
    #expect(image.pixel(x: 5, y: 10) == RGBA8(0, 0, 255))
    #expect(image.pixel(x: 12, y: 12) == RGBA8(255, 0, 0))
    #expect(image.pixel(x: 25, y: 25) == RGBA8(255, 255, 255), "clipped outside the bounds")
    #expect(image.pixel(x: 0, y: 0) == RGBA8(255, 255, 255), "rounded corner")
    #expect(image.pixel(x: 19, y: 19) == RGBA8(255, 255, 255), "rounded corner clips the sublayer too")
  }

  @Test("Borders are drawn inside the bounds, above the sublayers")
  func border() throws {
    let root = screen(20, 20)
    let framed = box(CGRect(x: 0, y: 0, width: 20, height: 20), .white)
    framed.borderWidth = 2
    framed.borderColor = .red
    framed.addSublayer(box(CGRect(x: 0, y: 0, width: 20, height: 20), .blue))
    root.addSublayer(framed)
    let image = try LayerRenderer(scale: 1).render(root)
    #expect(image.pixel(x: 0, y: 10) == RGBA8(255, 0, 0))
    #expect(image.pixel(x: 1, y: 10) == RGBA8(255, 0, 0))
    #expect(image.pixel(x: 2, y: 10) == RGBA8(0, 0, 255))
  }

  @Test("Hidden layers and zero opacity draw nothing")
  func hidden() throws {
    let root = screen(10, 10)
    let a = box(root.bounds, .red)
    a.isHidden = true
    let b = box(root.bounds, .red)
    b.opacity = 0
    root.addSublayer(a)
    root.addSublayer(b)
    let image = try LayerRenderer(scale: 1).render(root)
    #expect(image.pixel(x: 5, y: 5) == RGBA8(255, 255, 255))
  }

  @Test("A higher zPosition draws on top whatever the insertion order")
  func zOrder() throws {
    let root = screen(10, 10)
    let top = box(root.bounds, .red)
    top.zPosition = 1
    root.addSublayer(top)
    root.addSublayer(box(root.bounds, .blue))
    #expect(try LayerRenderer(scale: 1).render(root).pixel(x: 5, y: 5) == RGBA8(255, 0, 0))
  }

  @Test("A 90-degree turn about the anchor point turns a 20x4 bar into a 4x20 bar")
  func rotation() throws {
    let root = screen(30, 30)
    let bar = box(CGRect(x: 5, y: 13, width: 20, height: 4), .black)
    bar.transform = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
    root.addSublayer(bar)
    let image = try LayerRenderer(scale: 1).render(root)
    #expect(image.pixel(x: 15, y: 6) == RGBA8(0, 0, 0))
    #expect(image.pixel(x: 15, y: 23) == RGBA8(0, 0, 0))
    #expect(image.pixel(x: 7, y: 15) == RGBA8(255, 255, 255))
  }

  @Test("Contents images are placed by gravity and scaled by contentsScale")
  func contents() throws {
    // A 4x2 px image, left half red and right half blue, at contentsScale 2 is 2x1 pt.
    var rgba: [UInt8] = []
    for _ in 0..<2 { rgba += [255, 0, 0, 255, 255, 0, 0, 255, 0, 0, 255, 255, 0, 0, 255, 255] }
    let picture = try Image(width: 4, height: 2, rgba: rgba)
    let root = screen(10, 10)
    let holder = Layer()
    holder.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
    holder.contents = picture
    holder.contentsScale = 2
    holder.contentsGravity = .topLeft  // iOS: the bottom-left corner
    root.addSublayer(holder)
    let image = try LayerRenderer(scale: 2).render(root)
    #expect(image.pixel(x: 0, y: 18) == RGBA8(255, 0, 0))
    #expect(image.pixel(x: 3, y: 19) == RGBA8(0, 0, 255))
    #expect(image.pixel(x: 0, y: 0) == RGBA8(255, 255, 255))
    #expect(image.pixel(x: 5, y: 18) == RGBA8(255, 255, 255))
  }

  @Test("A shadow darkens below-right of an offset shape and nothing far away")
  func shadow() throws {
    let root = screen(60, 60)
    let card = box(CGRect(x: 10, y: 10, width: 30, height: 30), .white)
    card.shadowOpacity = 1
    card.shadowOffset = CGSize(width: 6, height: 6)
    card.shadowRadius = 2
    root.addSublayer(card)
    let image = try LayerRenderer(scale: 1).render(root)
    #expect(image.pixel(x: 25, y: 25) == RGBA8(255, 255, 255), "the card covers its own shadow")
    #expect(image.pixel(x: 43, y: 30).r < 80, "shadow beside the card")
    #expect(image.pixel(x: 5, y: 5) == RGBA8(255, 255, 255), "no shadow up-left")
    #expect(image.pixel(x: 55, y: 55) == RGBA8(255, 255, 255), "the blur fades out")
  }

  @Test("Gradients run from startPoint to endPoint")
  func gradient() throws {
    let root = screen(10, 100)
    let gradient = GradientLayer()
    gradient.frame = root.bounds
    gradient.colors = [.black, .white]
    root.addSublayer(gradient)
    let image = try LayerRenderer(scale: 1).render(root)
    #expect(image.pixel(x: 5, y: 0).r < 5)
    #expect(abs(Int(image.pixel(x: 5, y: 50).r) - 128) <= 3)
    #expect(image.pixel(x: 5, y: 99).r > 250)
  }

  @Test("Sizes beyond the limits are refused before anything is allocated")
  func absurdSize() {
    let root = screen(20_000, 10)
    #expect(throws: GraphicsError.self) { try LayerRenderer(scale: 1).render(root) }
    let big = screen(8000, 8000)
    #expect(throws: GraphicsError.self) { try LayerRenderer(scale: 2).render(big) }
  }
}

@Suite("Stroke trimming and dashes")
struct StrokeTrimTests {
  /// A horizontal dashed line from x 0 to 100 at y 5, trimmed to [start, 1].
  func dashedLine(start: Double, anchoring: ShapeLayer.DashAnchoring) throws -> Image {
    let root = screen(100, 10)
    let line = ShapeLayer()
    line.frame = root.bounds
    var path = Path()
    path.move(to: CGPoint(x: 0, y: 5))
    path.addLine(to: CGPoint(x: 100, y: 5))
    line.path = path
    line.strokeColor = .black
    line.lineWidth = 4
    line.lineDashPattern = [2, 3]
    line.strokeStart = start
    line.dashAnchoring = anchoring
    root.addSublayer(line)
    return try LayerRenderer(scale: 1).render(root)
  }

  func row(_ image: Image, from x0: Int) -> [RGBA8] { (x0..<100).map { image.pixel(x: $0, y: 5) } }

  @Test("Anchored on the path, trimming reveals the same dashes the full stroke has")
  func anchoredOnPath() throws {
    let full = try dashedLine(start: 0, anchoring: .path)
    let trimmed = try dashedLine(start: 0.31, anchoring: .path)
    #expect(row(trimmed, from: 31) == row(full, from: 31))
    #expect(trimmed.pixel(x: 10, y: 5) == RGBA8(255, 255, 255))
  }

  @Test("Anchored at strokeStart, the pattern starts afresh at the trimmed end")
  func anchoredAtStart() throws {
    let full = try dashedLine(start: 0, anchoring: .path)
    let trimmed = try dashedLine(start: 0.31, anchoring: .strokeStart)
    #expect(row(trimmed, from: 31) != row(full, from: 31))
    // The first dash now covers x 31..33.
    #expect(trimmed.pixel(x: 31, y: 5) == RGBA8(0, 0, 0) && trimmed.pixel(x: 32, y: 5) == RGBA8(0, 0, 0))
    #expect(trimmed.pixel(x: 34, y: 5) == RGBA8(255, 255, 255))
  }

  @Test("strokeEnd below strokeStart, or both clamped together, draws nothing")
  func empty() throws {
    let root = screen(20, 20)
    let shape = ShapeLayer()
    shape.frame = root.bounds
    shape.path = Path(rect: CGRect(x: 2, y: 2, width: 16, height: 16))
    shape.fillColor = nil
    shape.strokeColor = .black
    shape.strokeStart = 1.2
    shape.strokeEnd = 1.5
    root.addSublayer(shape)
    let image = try LayerRenderer(scale: 1).render(root)
    #expect((0..<20).allSatisfy { image.pixel(x: $0, y: 2) == RGBA8(255, 255, 255) })
  }
}

@Suite("Opacity without groups, and groups that fit")
struct OpacityPathTests {
  @Test("A faded shape whose path lies outside its zero-size bounds still draws, fill and stroke together")
  func pathOutsideBounds() throws {
    let root = screen(40, 40)
    let shape = ShapeLayer()
    shape.path = Path(rect: CGRect(x: 10, y: 10, width: 20, height: 20))
    shape.fillColor = .black
    shape.strokeColor = .black
    shape.lineWidth = 4
    shape.opacity = 0.5
    root.addSublayer(shape)
    let image = try LayerRenderer(scale: 1).render(root)
    // Fill and stroke overlap at x = 11; the group makes the overlap the same grey as the fill alone.
    #expect(image.pixel(x: 20, y: 20) == image.pixel(x: 11, y: 20))
    #expect(abs(Int(image.pixel(x: 20, y: 20).r) - 128) <= 1)
    #expect(abs(Int(image.pixel(x: 8, y: 20).r) - 128) <= 1, "the stroke's outer half")
  }

  @Test("A faded single-paint layer matches the same layer drawn through a group")
  func singlePaint() throws {
    func render(grouped: Bool) throws -> Image {
      let root = screen(20, 20)
      let spoke = ShapeLayer()
      spoke.frame = root.bounds
      var line = Path()
      line.move(to: CGPoint(x: 3, y: 3))
      line.addLine(to: CGPoint(x: 17, y: 15))
      spoke.path = line
      spoke.fillColor = nil
      spoke.strokeColor = Color(white: 0.5)
      spoke.lineWidth = 2
      spoke.lineCap = .round
      spoke.opacity = 0.4
      // A transparent border forces a second paint, and so the group path, without changing pixels.
      if grouped {
        spoke.borderWidth = 1
        spoke.borderColor = Color(white: 0, alpha: 0.0001)
      }
      root.addSublayer(spoke)
      return try LayerRenderer(scale: 2).render(root)
    }
    let direct = try render(grouped: false)
    let grouped = try render(grouped: true)
    var worst = 0
    for y in 0..<direct.height {
      for x in 0..<direct.width { worst = max(worst, direct.pixel(x: x, y: y).distance(to: grouped.pixel(x: x, y: y))) }
    }
    #expect(worst <= 1)
  }
}
