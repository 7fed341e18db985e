import FlipbookGraphics
import FlipbookJSON
import FlipbookLayers
import Foundation

@testable import FlipbookLottie

/// A shape layer's items written by hand, built into a tree of layers as the engine builds them, and rendered.
struct ShapeScene {
  /// The screen: `size` points.
  let root: Layer
  /// What the build reported.
  let issues: LottieIssueLog

  /// Builds `shapes` (the JSON array of a shape layer's `shapes`) inside a shape layer named "Layer", on a
  /// composition of frames 0…`frames` at `framerate`.
  init(
    _ shapes: String, size: CGSize = CGSize(width: 100, height: 100), frames: Double = 60, framerate: Double = 60
  ) throws {
    let items = try ShapeItem.decodeList(JSONCursor(try JSONParser.parse(shapes), path: "$.layers[0].shapes"))
    issues = LottieIssueLog()
    let context = LottieBuildContext(
      timeline: LottieTimeline(startFrame: 0, endFrame: frames, framerate: framerate), issues: issues
    ).appending("Layer")
    root = Layer()
    root.bounds = CGRect(origin: .zero, size: size)
    let container = Layer()
    container.anchorPoint = .zero
    container.bounds = root.bounds
    for layer in makeShapeContent(items, context: context) { container.addSublayer(layer) }
    root.addSublayer(container)
  }

  /// The picture at `frame`, one pixel a point, over white.
  func render(atFrame frame: Double = 0, framerate: Double = 60) throws -> Image {
    try LayerRenderer(scale: 1, background: .white).render(root, at: frame / framerate)
  }

  /// The issues as "feature at Layer.Path" lines.
  var reported: [String] { issues.issues.map(\.description) }
}

extension Image {
  /// The pixel covering point (x, y) at one pixel a point.
  func at(_ x: Double, _ y: Double) -> RGBA8 { pixel(x: Int(x), y: Int(y)) }
}

/// Whether two pixels are within `tolerance` per channel.
func near(_ a: RGBA8, _ b: RGBA8, _ tolerance: Int = 2) -> Bool {
  abs(Int(a.r) - Int(b.r)) <= tolerance && abs(Int(a.g) - Int(b.g)) <= tolerance
    && abs(Int(a.b) - Int(b.b)) <= tolerance && abs(Int(a.a) - Int(b.a)) <= tolerance
}

let white = RGBA8(255, 255, 255)
let black = RGBA8(0, 0, 0)
let red = RGBA8(255, 0, 0)
