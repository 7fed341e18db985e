import FlipbookGraphics
import FlipbookJSON
import FlipbookLayers
import Foundation
import Testing

@testable import FlipbookLottie

/// Small helpers shared by layers2's tests: hand-written Lottie fragments, a build context, renders and probes.
enum LottieProbe {
  /// A cursor on JSON text written in a test.
  static func cursor(_ json: String) throws -> JSONCursor { JSONCursor(try JSONParser.parse(json)) }

  /// A closed Lottie bezier (`{"c": true, "v": …}`) through the corners of `rect`, straight sides.
  static func rectangleShape(_ rect: CGRect) -> String {
    let corners = [
      [rect.minX, rect.minY], [rect.maxX, rect.minY], [rect.maxX, rect.maxY], [rect.minX, rect.maxY],
    ]
    let vertices = corners.map { "[\($0[0]), \($0[1])]" }.joined(separator: ", ")
    let zeros = Array(repeating: "[0, 0]", count: 4).joined(separator: ", ")
    return #"{"c": true, "v": [\#(vertices)], "i": [\#(zeros)], "o": [\#(zeros)]}"#
  }

  /// A context for a 100-frame, 30 fps composition, paused.
  static func context(overrides: LottieOverrides? = nil, keypath: [String] = []) -> LottieBuildContext {
    var context = LottieBuildContext(
      timeline: LottieTimeline(startFrame: 0, endFrame: 100, framerate: 30), valueProviders: overrides)
    for name in keypath { context = context.appending(name) }
    return context
  }

  /// A root of `size` points holding `layers`, rendered at scale 1.
  static func render(_ layers: [Layer], size: CGSize = CGSize(width: 100, height: 100)) throws -> Image {
    let root = Layer()
    root.bounds = CGRect(origin: .zero, size: size)
    root.anchorPoint = .zero
    for layer in layers { root.addSublayer(layer) }
    return try LayerRenderer(scale: 1).render(root, at: 0)
  }

  /// A layer filling the 100-point canvas with `color`, as a Lottie layer's contents layer does.
  static func filled(_ color: Color, size: CGSize = CGSize(width: 100, height: 100)) -> Layer {
    let layer = Layer()
    layer.anchorPoint = .zero
    layer.bounds = CGRect(origin: .zero, size: size)
    layer.backgroundColor = color
    return layer
  }

  /// A square of `color` covering `rect`.
  static func square(_ rect: CGRect, _ color: Color) -> Layer {
    let layer = Layer()
    layer.anchorPoint = .zero
    layer.bounds = CGRect(origin: .zero, size: rect.size)
    layer.position = rect.origin
    layer.backgroundColor = color
    return layer
  }
}

extension RGBA8 {
  /// Whether this is opaque pure red, as a red fill renders.
  var isRed: Bool { r == 255 && g == 0 && b == 0 && a == 255 }
  /// Whether nothing covers the pixel.
  var isClear: Bool { a == 0 }
}
