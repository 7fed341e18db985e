import FlipbookImageFormats
import Foundation
import Testing

@testable import FlipbookGraphics

/// Inter's files are registered a weight at a time, as texts ask for them, and that changes no text: every
/// weight and slant lays out to the same pixels as with all eighteen files registered up front.
@Suite("Inter's faces load when first asked for")
struct LazyFacesTests {
  static let text = "Pull down to refresh… ↓ 1:03\u{202F}AM Last Updated: 12/1/26"

  func pixels(weight: Int, italic: Bool) throws -> [UInt8] {
    let style = TextStyle(weight: weight, italic: italic, size: 13)
    let layout = try TextLayout(Self.text, style: style)
    let image = try Image.drawing(pixelWidth: 420, pixelHeight: 40, scale: 2) { canvas in
      layout.draw(in: canvas, at: CGPoint(x: 2, y: 2))
    }
    return [UInt8](try image.pngData())
  }

  func defaultFaces() throws -> (faces: [FontFace], cjk: [String], all: [String]) {
    let sets = try FontLibrary.defaultFileSets()
    return (sets.latin.compactMap(FontFace.init(interFile:)), sets.cjk, sets.latin)
  }

  @Test("Each Inter file's name gives the weight class and slant the font itself declares")
  func namesMatchTheFonts() throws {
    let (faces, _, all) = try defaultFaces()
    #expect(faces.count == all.count, "every Inter-*.otf name is read")
    #expect(faces.count == 18)
    for face in faces {
      let declared = try #require(FontFace.declaredStyle(ofFile: face.path))
      #expect(declared.weight == face.weight, "\(face.path)")
      #expect(declared.italic == face.italic, "\(face.path)")
    }
  }

  @Test(
    "A weight is matched to the nearest face on fontconfig's scale, which is loaded with its other slant",
    arguments: [(700, 700), (400, 400), (430, 400), (480, 500), (620, 600), (1, 100), (1000, 900)])
  func selection(weight: Int, matched: Int) throws {
    let (faces, _, _) = try defaultFaces()
    for italic in [false, true] {
      let needed = FontFace.needed(from: faces, weight: weight, italic: italic)
      #expect(needed.weight == matched)
      #expect(Set(needed.faces.map(\.weight)) == [matched])
      #expect(Set(needed.faces.map(\.italic)) == [false, true], "an upright and an italic face")
    }
  }

  @Test("Every weight and slant lays out the same with the faces loaded lazily as with all of them at once")
  func sameAsEager() throws {
    let (faces, cjk, all) = try defaultFaces()
    let weights = [1, 100, 150, 200, 250, 300, 350, 400, 450, 500, 550, 600, 650, 700, 750, 800, 850, 900, 1000]
    try FontLibrary.configure(files: all, fallbackFiles: cjk)
    var eager: [String: [UInt8]] = [:]
    for weight in weights {
      for italic in [false, true] { eager["\(weight) \(italic)"] = try pixels(weight: weight, italic: italic) }
    }
    try FontLibrary.configure(faces: faces, fallbackFiles: cjk)
    // Reverse order, so that each weight is laid out after its neighbours were registered for others.
    for weight in weights.reversed() {
      for italic in [true, false] {
        #expect(
          try pixels(weight: weight, italic: italic) == eager["\(weight) \(italic)"], "weight \(weight) \(italic)")
      }
    }
  }

  @Test("A face file that is not there is an error at configuration, naming it")
  func missingFace() throws {
    let error = try #require(throws: GraphicsError.self) {
      try FontLibrary.configure(faces: [FontFace(path: "/nonexistent/Inter-Bold.otf", weight: 700, italic: false)])
    }
    #expect(error.description.contains("/nonexistent/Inter-Bold.otf: not a readable font file"))
  }
}
