import FlipbookGraphics
import FlipbookTiming
import Foundation
import Testing

@testable import FlipbookLayers

@Suite("Gradient layers: radial type and animated colours, locations and points")
struct GradientTypeTests {
  /// A 101x101 screen with a black-to-white gradient layer named "gradient" filling it. Its start point is the
  /// centre of pixel (50, 50), so pixel centres lie whole points from it.
  func gradientScreen(_ configure: (GradientLayer) -> Void) -> Layer {
    let root = screen(101, 101)
    let gradient = GradientLayer()
    gradient.name = "gradient"
    gradient.frame = root.bounds
    gradient.colors = [.black, .white]
    gradient.startPoint = CGPoint(x: 0.5, y: 0.5)
    configure(gradient)
    root.addSublayer(gradient)
    return root
  }

  /// The grey level expected at a fraction `t` of a black-to-white gradient.
  func grey(_ t: Double) -> Int { Int((min(max(t, 0), 1) * 255).rounded()) }

  func level(_ image: Image, _ x: Int, _ y: Int) -> Int { Int(image.pixel(x: x, y: y).r) }

  @Test("Radial: the start colour at the centre, half way at half the radius, the end colour at the edge and beyond")
  func radialCircle() throws {
    // Radius 40 pt: endPoint lies 40 pt right of and below the centre, in unit coordinates of the 101 pt bounds.
    let root = gradientScreen { layer in
      layer.type = .radial
      layer.endPoint = CGPoint(x: 0.5 + 40 / 101, y: 0.5 + 40 / 101)
    }
    let image = try LayerRenderer(scale: 1).render(root)
    #expect(level(image, 50, 50) <= 1)
    #expect(abs(level(image, 70, 50) - grey(0.5)) <= 1)
    #expect(abs(level(image, 50, 30) - grey(0.5)) <= 1, "a circle: the same above as to the right")
    // 20 pt right and 20 pt down: 28.28 pt from the centre.
    #expect(abs(level(image, 70, 70) - grey(20 * 2.0.squareRoot() / 40)) <= 1)
    #expect(abs(level(image, 80, 50) - grey(0.75)) <= 1)
    #expect(level(image, 90, 50) >= 254, "the edge")
    #expect(level(image, 100, 100) == 255 && level(image, 0, 0) == 255, "beyond the edge: the end colour")
  }

  @Test("Radial: an ellipse whose radii are the x and y distances from startPoint to endPoint")
  func radialEllipse() throws {
    let root = gradientScreen { layer in
      layer.type = .radial
      layer.endPoint = CGPoint(x: 0.5 + 40 / 101, y: 0.5 - 20 / 101)
    }
    let image = try LayerRenderer(scale: 1).render(root)
    #expect(abs(level(image, 70, 50) - grey(20.0 / 40)) <= 1)
    #expect(abs(level(image, 50, 60) - grey(10.0 / 20)) <= 1)
    #expect(abs(level(image, 50, 40) - grey(10.0 / 20)) <= 1)
    #expect(level(image, 50, 72) == 255 && level(image, 88, 50) < 255)
  }

  @Test("Radial with locations: the first colour pads inside the first stop")
  func radialLocations() throws {
    let root = gradientScreen { layer in
      layer.type = .radial
      layer.endPoint = CGPoint(x: 0.5 + 40 / 101, y: 0.5 + 40 / 101)
      layer.locations = [0.5, 1]
    }
    let image = try LayerRenderer(scale: 1).render(root)
    #expect(level(image, 60, 50) == 0, "a quarter of the radius: before the first stop")
    #expect(abs(level(image, 80, 50) - grey(0.5)) <= 1, "three quarters: half way between the stops")
  }

  @Test("A radial gradient with no radius shows its end colour")
  func radialDegenerate() throws {
    let root = gradientScreen { layer in
      layer.type = .radial
      layer.endPoint = layer.startPoint
    }
    let image = try LayerRenderer(scale: 1).render(root)
    #expect(level(image, 50, 50) == 255 && level(image, 10, 90) == 255)
  }

  @Test("The axial type draws as before, and is the default")
  func axialUnchanged() throws {
    let axial = gradientScreen { layer in
      layer.startPoint = CGPoint(x: 0, y: 0.5)
      layer.endPoint = CGPoint(x: 1, y: 0.5)
    }
    #expect(GradientLayer().type == .axial)
    let image = try LayerRenderer(scale: 1).render(axial)
    #expect(abs(level(image, 50, 10) - grey(50.5 / 101)) <= 1)
  }

  @Test("Animated colours blend colour by colour: the midpoint of red→blue and blue→red is purple twice")
  func animatedColors() throws {
    let root = gradientScreen { layer in
      layer.colors = [.black, .black]
      layer.startPoint = CGPoint(x: 0, y: 0.5)
      layer.endPoint = CGPoint(x: 1, y: 0.5)
    }
    let layer = try #require(root.layer(named: "gradient"))
    let red = Color(red: 1, green: 0, blue: 0)
    let blue = Color(red: 0, green: 0, blue: 1)
    try layer.add(BasicAnimation(keyPath: .colors, from: [red, blue], to: [blue, red], duration: 1))
    #expect(
      shown(.colors, of: root, "gradient", at: 0.5) == [
        red.interpolated(to: blue, fraction: 0.5), blue.interpolated(to: red, fraction: 0.5),
      ])
    let image = try LayerRenderer(scale: 1).render(root, at: 0.5)
    for x in [0, 50, 100] {
      let p = image.pixel(x: x, y: 50)
      #expect(abs(Int(p.r) - 128) <= 1 && p.g == 0 && abs(Int(p.b) - 128) <= 1)
    }
    // At a quarter: red at three quarters on the left, blue at three quarters on the right.
    let quarter = try LayerRenderer(scale: 1).render(root, at: 0.25)
    #expect(abs(Int(quarter.pixel(x: 0, y: 50).r) - 191) <= 1)
    #expect(abs(Int(quarter.pixel(x: 100, y: 50).b) - 191) <= 1)
  }

  @Test("A colours animation of another count than the layer's colours shows nothing, as in Core Animation")
  func colorCountMismatchIgnored() throws {
    let root = gradientScreen { layer in layer.colors = [.black, .black] }
    let layer = try #require(root.layer(named: "gradient"))
    try layer.add(
      BasicAnimation(keyPath: .colors, from: [.white, .white, .white], to: [.white, .white, .white], duration: 1))
    #expect(shown(.colors, of: root, "gradient", at: 0.5) == [.black, .black])
    let image = try LayerRenderer(scale: 1).render(root, at: 0.5)
    #expect(image.pixel(x: 50, y: 50) == RGBA8(0, 0, 0))
  }

  @Test("Animated locations show on a layer whose locations are set, not on one whose locations are nil")
  func animatedLocations() throws {
    func render(modelLocations: [Double]?) throws -> Image {
      let root = gradientScreen { layer in
        layer.startPoint = CGPoint(x: 0, y: 0.5)
        layer.endPoint = CGPoint(x: 1, y: 0.5)
        layer.locations = modelLocations
      }
      let layer = try #require(root.layer(named: "gradient"))
      try layer.add(BasicAnimation(keyPath: .locations, from: [0.25, 0.75], to: [0.75, 1], duration: 1))
      return try LayerRenderer(scale: 1).render(root, at: 0.5)
    }
    // At the midpoint the stops are at 0.5 and 0.875: x = 0.25·101 lies before the first, black.
    let set = try render(modelLocations: [])
    #expect(set.pixel(x: 25, y: 50).r == 0)
    #expect(abs(Int(set.pixel(x: 70, y: 50).r) - grey((70.5 / 101 - 0.5) / 0.375)) <= 1)
    // Nil: the animation is ignored and the colours spread evenly.
    let unset = try render(modelLocations: nil)
    #expect(abs(Int(unset.pixel(x: 25, y: 50).r) - grey(25.5 / 101)) <= 1)
  }

  @Test("startPoint and endPoint animate: a radial gradient's centre moves")
  func animatedPoints() throws {
    let root = gradientScreen { layer in
      layer.type = .radial
      layer.endPoint = CGPoint(x: 0.5 + 40 / 101, y: 0.5 + 40 / 101)
    }
    let layer = try #require(root.layer(named: "gradient"))
    let shift = 20.0 / 101
    try layer.add(
      BasicAnimation(
        keyPath: .startPoint, from: CGPoint(x: 0.5, y: 0.5), to: CGPoint(x: 0.5 + 2 * shift, y: 0.5), duration: 1))
    try layer.add(
      BasicAnimation(
        keyPath: .endPoint, from: CGPoint(x: 0.5 + 40 / 101, y: 0.5 + 40 / 101),
        to: CGPoint(x: 0.5 + 2 * shift + 40 / 101, y: 0.5 + 40 / 101), duration: 1))
    let image = try LayerRenderer(scale: 1).render(root, at: 0.5)
    #expect(level(image, 70, 50) <= 1, "the centre moved 20 pt right")
    #expect(abs(level(image, 50, 50) - grey(0.5)) <= 1)
  }

  @Test("Arrays blend element by element and switch when their lengths differ")
  func arrays() {
    #expect([0.0, 10].interpolated(to: [1, 20], fraction: 0.5) == [0.5, 15])
    #expect([0.0].interpolated(to: [1, 2], fraction: 0.4) == [0.0])
    #expect([0.0].interpolated(to: [1, 2], fraction: 0.5) == [1, 2])
    #expect([1.0, 2].components == [1, 2] && [1.0, 2].with(components: [3, 4]) == [3, 4])
  }
}
