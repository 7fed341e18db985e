import FlipbookGraphics
import FlipbookJSON
import FlipbookLayers
import Foundation
import Testing

@testable import FlipbookLottie

/// Track mattes as lottie-ios's setupLayerHierarchy pairs and applies them.
@Suite struct MatteBuilderTests {
  let matteRect = CGRect(x: 20, y: 20, width: 40, height: 40)

  @Test func eachMattedLayerTakesTheLayerAboveIt() {
    // Front to back: "A" is B's matte; "C" has none; "E" (luma inverted) takes nothing, so "D" stays a layer.
    // The pairs come back to front, the order of sublayers.
    let types: [String: LottieMatteType] = ["B": .alpha, "E": .lumaInverted]
    let pairs = pairLayersWithMattes(["A", "B", "C", "D", "E"]) { types[$0] }
    #expect(pairs.map(\.layer) == ["E", "D", "C", "B"])
    #expect(pairs.map(\.matte) == [nil, nil, nil, "A"])
    // Walking from the back as lottie-ios does: with two matted layers in a row the front one is the matte.
    let chained = pairLayersWithMattes(["A", "B", "C"]) { $0 == "A" ? nil : .alpha }
    #expect(chained.map(\.layer) == ["C", "A"])
    #expect(chained.map(\.matte) == ["B", nil])
  }

  @Test func alphaMatteShowsTheLayerWhereTheMatteIsOpaque() throws {
    let matted = makeMatted(
      LottieProbe.filled(.red), matte: LottieProbe.square(matteRect, .blue), type: .alpha,
      context: LottieProbe.context())
    let image = try LottieProbe.render([matted])
    #expect(image.pixel(x: 40, y: 40).isRed)
    #expect(image.pixel(x: 10, y: 10).isClear)
    #expect(image.pixel(x: 80, y: 80).isClear)
  }

  @Test func alphaMatteFollowsTheMattesOpacity() throws {
    let matte = LottieProbe.square(matteRect, Color(red: 0, green: 0, blue: 1, alpha: 0.5))
    let image = try LottieProbe.render([
      makeMatted(LottieProbe.filled(.red), matte: matte, type: .alpha, context: LottieProbe.context())
    ])
    let inside = image.pixel(x: 40, y: 40)
    // Straight red at half the alpha: the matte's 0.5 opacity multiplies the layer's.
    #expect(inside.r == 255 && inside.g == 0 && inside.b == 0 && (127...128).contains(Int(inside.a)))
  }

  @Test func lumaMatteIsDrawnAsNoMatteAsIOSDoesAndNamed() throws {
    let context = LottieProbe.context(keypath: ["Shape"])
    let layer = LottieProbe.filled(.red)
    let matted = makeMatted(layer, matte: LottieProbe.square(matteRect, .white), type: .luma, context: context)
    #expect(matted === layer)
    let image = try LottieProbe.render([matted])
    #expect(image.pixel(x: 80, y: 80).isRed)
    #expect(context.issues.issues.map(\.description) == ["luma matte, which iOS draws as no matte at Shape"])
    #expect(context.issues.issues.allSatisfy { $0.kind == .ignored })
  }

  @Test func matteTypesDecodeAsLottieIOSReadsThem() throws {
    #expect(try LottieMatteType.decode(LottieProbe.cursor("0")) == nil)
    #expect(try LottieMatteType.decode(LottieProbe.cursor("2")) == .alphaInverted)
    #expect(try LottieMatteType.decode(LottieProbe.cursor("4"))?.consumesLayerAbove == false)
    #expect(throws: DocumentError.self) { try LottieMatteType.decode(LottieProbe.cursor("7")) }
  }
}
