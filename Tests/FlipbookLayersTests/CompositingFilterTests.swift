import FlipbookGraphics
import Foundation
import Testing

@testable import FlipbookLayers

@Suite("Compositing filters: blend modes and the xor that inverts a matte")
struct CompositingFilterTests {
  /// lottie-ios's inverted alpha matte: `content` inside a container whose mask is an opaque black layer with the
  /// matte as a sublayer composited with xor (lottie-ios `CALayer+setupLayerHierarchy.swift`, 4.6.1).
  func invertedMatte(matteAlpha: Double) throws -> Image {
    let root = screen(40, 20)
    let container = Layer()
    container.frame = root.bounds
    container.addSublayer(box(root.bounds, .red))
    let base = box(root.bounds, .black)
    let matte = box(CGRect(x: 0, y: 0, width: 20, height: 20), Color(white: 0, alpha: matteAlpha))
    matte.compositingFilter = .xor
    base.addSublayer(matte)
    container.mask = base
    root.addSublayer(container)
    return try LayerRenderer(scale: 1).render(root)
  }

  @Test("xor cuts the matte out of an opaque base: the content shows only outside the matte")
  func invertsOpaqueMatte() throws {
    let image = try invertedMatte(matteAlpha: 1)
    #expect(image.pixel(x: 5, y: 10) == RGBA8(255, 255, 255))
    #expect(image.pixel(x: 19, y: 10) == RGBA8(255, 255, 255))
    #expect(image.pixel(x: 20, y: 10) == RGBA8(255, 0, 0))
    #expect(image.pixel(x: 35, y: 10) == RGBA8(255, 0, 0))
  }

  @Test("xor of a half-transparent matte leaves half the base: the content shows at half alpha")
  func invertsPartialMatte() throws {
    // Base alpha 1, matte alpha 0.5: 1·(1 − 0.5) + 0.5·(1 − 1) = 0.5; red at half over white.
    let image = try invertedMatte(matteAlpha: 0.5)
    #expect(close(image.pixel(x: 5, y: 10), RGBA8(255, 128, 128)))
    #expect(image.pixel(x: 30, y: 10) == RGBA8(255, 0, 0))
  }

  @Test("Multiply: the product of the colours where both are, the layer's own colour over white")
  func multiply() throws {
    let root = screen(40, 20)
    root.addSublayer(box(CGRect(x: 0, y: 0, width: 20, height: 20), Color(red: 0.5, green: 0.5, blue: 1)))
    let tint = box(root.bounds, Color(red: 1, green: 0.5, blue: 0))
    tint.compositingFilter = .multiply
    root.addSublayer(tint)
    let image = try LayerRenderer(scale: 1).render(root)
    // (0.5, 0.5, 1) × (1, 0.5, 0) = (0.5, 0.25, 0); white × (1, 0.5, 0) = (1, 0.5, 0).
    #expect(close(image.pixel(x: 10, y: 10), RGBA8(128, 64, 0)))
    #expect(close(image.pixel(x: 30, y: 10), RGBA8(255, 128, 0)))
  }

  @Test("Screen and difference follow their formulas")
  func screenAndDifference() throws {
    func render(_ filter: CompositingFilter) throws -> RGBA8 {
      let root = screen(10, 10, background: Color(red: 0.25, green: 0.5, blue: 1))
      let top = box(root.bounds, Color(red: 0.5, green: 0.5, blue: 0.5))
      top.compositingFilter = filter
      root.addSublayer(top)
      return try LayerRenderer(scale: 1).render(root).pixel(x: 5, y: 5)
    }
    // screen: 1 − (1 − a)(1 − b): (0.625, 0.75, 1).
    #expect(close(try render(.screen), RGBA8(159, 191, 255)))
    // difference: |a − b|: (0.25, 0, 0.5).
    #expect(close(try render(.difference), RGBA8(64, 0, 128)))
  }

  @Test("The filter applies to the layer and its sublayers as one group")
  func groupsSublayers() throws {
    let root = screen(20, 10, background: .black)
    let group = Layer()
    group.frame = root.bounds
    group.addSublayer(box(CGRect(x: 0, y: 0, width: 20, height: 10), .red))
    // Inside the group, green covers red on the right: the group is red | green, then xor'd with opaque black.
    group.addSublayer(box(CGRect(x: 10, y: 0, width: 10, height: 10), .green))
    group.compositingFilter = .xor
    root.addSublayer(group)
    let image = try LayerRenderer(scale: 1).render(root)
    #expect(image.pixel(x: 5, y: 5).a == 0 && image.pixel(x: 15, y: 5).a == 0, "opaque xor opaque leaves nothing")
  }

  @Test("Presentation copies keep the filter; raw values are Core Animation's strings")
  func copiesAndNames() {
    let layer = Layer()
    layer.compositingFilter = .softLight
    #expect(Layer(layer: layer).compositingFilter == .softLight)
    #expect(CompositingFilter(rawValue: "multiplyBlendMode") == .multiply)
    #expect(CompositingFilter(rawValue: "xor") == .xor)
    #expect(CompositingFilter.allCases.count == 16)
  }
}
