import FlipbookGraphics
import Foundation
import Testing

@testable import FlipbookLottie

/// Constant properties, written out.
private func k(_ value: String) -> String { "{\"a\": 0, \"k\": \(value)}" }

@Suite("Lottie shapes drawn by Flipbook's layers, probed pixel by pixel")
struct ShapeRenderTests {
  @Test("A red rectangle 40x20 centred at (50, 50): inside red, outside white")
  func filledRectangle() throws {
    let scene = try ShapeScene(
      """
      [{"ty": "rc", "nm": "R", "p": \(k("[50, 50]")), "s": \(k("[40, 20]")), "r": \(k("0"))},
       {"ty": "fl", "nm": "F", "c": \(k("[1, 0, 0, 1]")), "o": \(k("100"))}]
      """)
    let image = try scene.render()
    #expect(image.at(50, 50) == red)
    #expect(image.at(31, 41) == red)
    #expect(image.at(75, 50) == white)
    #expect(image.at(50, 65) == white)
    #expect(scene.reported.isEmpty)
  }

  @Test("A group's transform moves its shapes: anchor (10, 10), position (60, 60) puts the rect's corner at (50, 50)")
  func groupTransform() throws {
    let scene = try ShapeScene(
      """
      [{"ty": "gr", "nm": "G", "it": [
        {"ty": "rc", "p": \(k("[10, 10]")), "s": \(k("[20, 20]")), "r": \(k("0"))},
        {"ty": "fl", "c": \(k("[0, 0, 0]")), "o": \(k("100"))},
        {"ty": "tr", "a": \(k("[10, 10]")), "p": \(k("[60, 60]")), "s": \(k("[100, 100]")), "r": \(k("0")),
         "o": \(k("50"))}]}]
      """)
    let image = try scene.render()
    #expect(near(image.at(55, 55), RGBA8(128, 128, 128)), "half opacity from the group's transform")
    #expect(image.at(45, 45) == white)
    #expect(image.at(75, 75) == white)
  }

  @Test("A trim at 50 % strokes the first half of an 80-point line, and an offset of 90° moves it a quarter on")
  func trimHalf() throws {
    func line(trim: String) throws -> Image {
      try ShapeScene(
        """
        [{"ty": "sh", "ks": \(k(#"{"c": false, "v": [[10, 50], [90, 50]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}"#))},
         {"ty": "st", "c": \(k("[0, 0, 0]")), "o": \(k("100")), "w": \(k("10")), "lc": 1, "lj": 1},
         \(trim)]
        """
      ).render()
    }
    let half = try line(trim: #"{"ty": "tm", "s": \#(k("0")), "e": \#(k("50")), "o": \#(k("0"))}"#)
    #expect(half.at(30, 50) == black)
    #expect(half.at(48, 50) == black)
    #expect(half.at(52, 50) == white)
    #expect(half.at(70, 50) == white)
    let swapped = try line(trim: #"{"ty": "tm", "s": \#(k("50")), "e": \#(k("0")), "o": \#(k("0"))}"#)
    #expect(swapped.at(30, 50) == black && swapped.at(70, 50) == white, "start after end swaps them, as lottie-ios")
    let offset = try line(trim: #"{"ty": "tm", "s": \#(k("0")), "e": \#(k("50")), "o": \#(k("90"))}"#)
    #expect(offset.at(25, 50) == white)
    #expect(offset.at(50, 50) == black)
    #expect(offset.at(75, 50) == white)
    // 270° reaches past the end: 75 %…125 % wraps to the first quarter, drawn on a doubled path.
    let wrapped = try line(trim: #"{"ty": "tm", "s": \#(k("0")), "e": \#(k("50")), "o": \#(k("270"))}"#)
    #expect(wrapped.at(80, 50) == black)
    #expect(wrapped.at(20, 50) == black)
    #expect(wrapped.at(50, 50) == white)
  }

  @Test("An animated trim end at frame 30 of 0→100 % (linear) shows half the line")
  func animatedTrim() throws {
    let scene = try ShapeScene(
      """
      [{"ty": "sh", "ks": \(k(#"{"c": false, "v": [[10, 50], [90, 50]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}"#))},
       {"ty": "st", "c": \(k("[0, 0, 0]")), "o": \(k("100")), "w": \(k("10")), "lc": 1},
       {"ty": "tm", "s": \(k("0")), "o": \(k("0")),
        "e": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 60, "s": [100]}]}}]
      """)
    let image = try scene.render(atFrame: 30)
    #expect(image.at(45, 50) == black)
    #expect(image.at(55, 50) == white)
  }

  @Test("A repeater of 3 copies, 30 points apart: copies at x = 15, 45, 75, none at 105")
  func repeater() throws {
    let scene = try ShapeScene(
      """
      [{"ty": "rc", "p": \(k("[15, 15]")), "s": \(k("[10, 10]")), "r": \(k("0"))},
       {"ty": "fl", "c": \(k("[0, 0, 0]")), "o": \(k("100"))},
       {"ty": "rp", "nm": "Repeater 1", "c": \(k("3")), "o": \(k("0")), "m": 1,
        "tr": {"p": \(k("[30, 0]")), "a": \(k("[0, 0]")), "s": \(k("[100, 100]")), "r": \(k("0")),
               "so": \(k("100")), "eo": \(k("100"))}}]
      """, size: CGSize(width: 120, height: 30))
    let image = try scene.render()
    for x in [15.0, 45, 75] { #expect(image.at(x, 15) == black, "copy at \(x)") }
    #expect(image.at(105, 15) == white)
    #expect(image.at(30, 15) == white)
  }

  @Test("A linear gradient red → blue across 100 points, blended in Generic RGB as iOS blends a CAGradientLayer")
  func linearGradient() throws {
    let scene = try ShapeScene(
      """
      [{"ty": "rc", "p": \(k("[50, 50]")), "s": \(k("[100, 100]")), "r": \(k("0"))},
       {"ty": "gf", "o": \(k("100")), "s": \(k("[0, 50]")), "e": \(k("[100, 50]")), "t": 1,
        "g": {"p": 2, "k": \(k("[0, 1, 0, 0, 1, 0, 0, 1]"))}}]
      """)
    let image = try scene.render()
    // colour-science 0.4.7 (see GradientInterpolationTests): a quarter of the way (202.8, 32.0, 86.7), three
    // quarters (81.4, 40.0, 204.3); blending the sRGB values would give (191, 0, 64) and (64, 0, 191).
    #expect(near(image.at(25, 50), RGBA8(203, 32, 87), 3))
    #expect(near(image.at(75, 50), RGBA8(81, 40, 204), 3))
  }

  @Test("A dashed stroke 20 on, 20 off, butt caps, along y = 50")
  func dashes() throws {
    let scene = try ShapeScene(
      """
      [{"ty": "sh", "ks": \(k(#"{"c": false, "v": [[0, 50], [100, 50]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}"#))},
       {"ty": "st", "c": \(k("[0, 0, 0]")), "o": \(k("100")), "w": \(k("10")), "lc": 1,
        "d": [{"n": "d", "nm": "dash", "v": \(k("20"))}, {"n": "g", "nm": "gap", "v": \(k("20"))},
              {"n": "o", "nm": "offset", "v": \(k("0"))}]}]
      """)
    let image = try scene.render()
    #expect(image.at(10, 50) == black)
    #expect(image.at(30, 50) == white)
    #expect(image.at(50, 50) == black)
    #expect(image.at(70, 50) == white)
  }

  @Test("Two paths and an even-odd fill are one path: the inner square is a hole")
  func evenOddCombinedPaths() throws {
    func square(_ a: Double, _ b: Double) -> String {
      k(
        #"{"c": true, "v": [[\#(a), \#(a)], [\#(b), \#(a)], [\#(b), \#(b)], [\#(a), \#(b)]], "i": [[0,0],[0,0],[0,0],[0,0]], "o": [[0,0],[0,0],[0,0],[0,0]]}"#
      )
    }
    let scene = try ShapeScene(
      """
      [{"ty": "gr", "nm": "G", "it": [
        {"ty": "sh", "ks": \(square(10, 90))}, {"ty": "sh", "ks": \(square(30, 70))},
        {"ty": "fl", "c": \(k("[0, 0, 0]")), "o": \(k("100")), "r": 2}]}]
      """)
    let image = try scene.render()
    #expect(image.at(20, 20) == black)
    #expect(image.at(50, 50) == white)
  }

  @Test("Hidden items are not drawn")
  func hidden() throws {
    let scene = try ShapeScene(
      """
      [{"ty": "gr", "it": [{"ty": "rc", "p": \(k("[50, 50]")), "s": \(k("[40, 40]")), "r": \(k("0"))},
        {"ty": "fl", "c": \(k("[0, 0, 0]")), "o": \(k("100"))}], "hd": true},
       {"ty": "el", "p": \(k("[50, 50]")), "s": \(k("[20, 20]")), "hd": true}]
      """)
    #expect(try scene.render().at(50, 50) == white)
  }

  @Test(
    "A radial gradient black → white from the centre to 50 points out: halfway is Generic RGB's mid grey, in x and in y"
  )
  func radialGradient() throws {
    let scene = try ShapeScene(
      """
      [{"ty": "rc", "p": \(k("[50, 50]")), "s": \(k("[100, 100]")), "r": \(k("0"))},
       {"ty": "gf", "o": \(k("100")), "s": \(k("[50, 50]")), "e": \(k("[100, 50]")), "t": 2,
        "g": {"p": 2, "k": \(k("[0, 0, 0, 0, 1, 1, 1, 1]"))}}]
      """)
    let image = try scene.render()
    // colour-science 0.4.7: half way in Generic RGB's 1.8 gamma is 145.9 (sRGB's straight blend: 128).
    #expect(near(image.at(75, 50), RGBA8(146, 146, 146), 3))
    #expect(near(image.at(50, 75), RGBA8(146, 146, 146), 3))
    #expect(near(image.at(50, 50), black, 6), "the pixel's centre is 0.7 points out")
  }

  @Test("Alpha stops mask the colours: black fading from opaque to clear is 3/4 black a quarter of the way")
  func gradientAlphaStops() throws {
    let scene = try ShapeScene(
      """
      [{"ty": "rc", "p": \(k("[50, 50]")), "s": \(k("[100, 100]")), "r": \(k("0"))},
       {"ty": "gf", "o": \(k("100")), "s": \(k("[0, 50]")), "e": \(k("[100, 50]")), "t": 1,
        "g": {"p": 2, "k": \(k("[0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0]"))}}]
      """)
    let image = try scene.render()
    #expect(near(image.at(25, 50), RGBA8(64, 64, 64), 3))
    #expect(near(image.at(75, 50), RGBA8(191, 191, 191), 3))
  }

  @Test("A path keyframed from x 10…30 to x 50…70 is at 30…50 halfway: Core Animation morphs it")
  func pathMorph() throws {
    func bar(_ x0: Double) -> String {
      #"{"c": true, "v": [[\#(x0), 40], [\#(x0 + 20), 40], [\#(x0 + 20), 60], [\#(x0), 60]], "i": [[0,0],[0,0],[0,0],[0,0]], "o": [[0,0],[0,0],[0,0],[0,0]]}"#
    }
    let scene = try ShapeScene(
      """
      [{"ty": "sh", "ks": {"a": 1, "k": [{"t": 0, "s": [\(bar(10))], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}},
                                       {"t": 60, "s": [\(bar(50))]}]}},
       {"ty": "fl", "c": \(k("[0, 0, 0]")), "o": \(k("100"))}]
      """)
    let image = try scene.render(atFrame: 30)
    #expect(image.at(40, 50) == black)
    #expect(image.at(20, 50) == white)
    #expect(image.at(60, 50) == white)
  }

  @Test("Rounded corners (rd 20) on an 80-point square cut its corners; the edges stay")
  func roundedCornersRectangle() throws {
    let scene = try ShapeScene(
      """
      [{"ty": "rc", "p": \(k("[50, 50]")), "s": \(k("[80, 80]")), "r": \(k("0"))},
       {"ty": "fl", "c": \(k("[0, 0, 0]")), "o": \(k("100"))}, {"ty": "rd", "r": \(k("20"))}]
      """)
    let image = try scene.render()
    #expect(image.at(12, 12) == white)
    #expect(image.at(50, 12) == black)
    #expect(image.at(12, 50) == black)
  }
}
