import FlipbookGraphics
import Foundation
import Testing

@testable import FlipbookLayers

/// `renderTree` starts the image's storage at the background's pixel (or the root's own background's,
/// when it covers every pixel) instead of clearing it and painting over it. These compare it, byte for
/// byte, with the plain way: a cleared canvas, the background painted, and every layer drawn by Cairo.
@Suite("The image's starting fill")
struct StartingFillTests {
  /// The tree drawn the plain way: `render(_:into:)` clears the canvas, paints the background and draws
  /// the root with its background like any layer.
  func plain(_ root: Layer, _ renderer: LayerRenderer) throws -> Image {
    let width = Int((root.bounds.width * renderer.scale).rounded(.up))
    let height = Int((root.bounds.height * renderer.scale).rounded(.up))
    let canvas = try Canvas(pixelWidth: width, pixelHeight: height, scale: renderer.scale)
    try renderer.render(root, into: canvas)
    return canvas.makeImage()
  }

  /// A root with a translucent box and a rounded, bordered one over it.
  func tree(_ configure: (Layer) -> Void) -> Layer {
    let root = screen(41, 30, background: Color(red: 0.2, green: 0.45, blue: 0.9))
    root.addSublayer(box(CGRect(x: 3, y: 4, width: 20, height: 10), Color(red: 1, green: 0, blue: 0, alpha: 0.4)))
    let rounded = box(CGRect(x: 12.5, y: 9.25, width: 17, height: 13), .white)
    rounded.cornerRadius = 4
    rounded.borderWidth = 1.5
    rounded.borderColor = .black
    root.addSublayer(rounded)
    configure(root)
    return root
  }

  @Test("every root and background gives the bytes of the plain drawing")
  func sameBytes() throws {
    let roots: [(String, (Layer) -> Void)] = [
      ("opaque root covering the image", { _ in }),
      ("translucent root", { $0.backgroundColor = Color(red: 0.3, green: 0.6, blue: 0.1, alpha: 0.5) }),
      ("no root background", { $0.backgroundColor = nil }),
      ("rounded root", { $0.cornerRadius = 6 }),
      ("root at half opacity", { $0.opacity = 0.5 }),
      ("hidden root", { $0.isHidden = true }),
      ("root with a shadow", { $0.shadowOpacity = 0.5 }),
      ("bounds not whole pixels", { $0.bounds = CGRect(x: 0, y: 0, width: 40.3, height: 29.6) }),
      ("bounds off the origin", { $0.bounds = CGRect(x: -7, y: 12, width: 41, height: 30) }),
    ]
    for (name, configure) in roots {
      for background in [nil, Color.white, Color(red: 0.9, green: 0.8, blue: 0.1, alpha: 0.3)] {
        for scale in [1.0, 2.0, 3.0] {
          let renderer = LayerRenderer(scale: scale, background: background)
          let root = tree(configure)
          let image = try renderer.renderTree(root)
          var recycled: Image? = try renderer.renderTree(tree { _ in })  // storage holding other pixels
          let reused = try renderer.renderTree(root, recycling: &recycled)
          let expected = try plain(root, renderer)
          let label = "\(name), background \(String(describing: background)), \(scale)x"
          #expect(image.pixels == expected.pixels, "\(label)")
          #expect(reused.pixels == expected.pixels, "\(label), recycled")
        }
      }
    }
  }

  @Test("the shortcut is taken only for an opaque, plain root covering whole pixels")
  func coveringRoot() {
    func covering(_ configure: (Layer) -> Void, scale: Double = 2) -> Bool {
      let root = tree(configure)
      let width = Int((root.bounds.width * scale).rounded(.up))
      let height = Int((root.bounds.height * scale).rounded(.up))
      return LayerRenderer.coveringBackground(of: root, width: width, height: height, scale: scale) != nil
    }
    #expect(covering { _ in })
    #expect(covering({ _ in }, scale: 3))
    #expect(!covering { $0.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 0.99) })
    #expect(!covering { $0.cornerRadius = 1 })
    #expect(!covering { $0.opacity = 0.99 })
    #expect(!covering { $0.bounds.size.width = 40.3 })
    #expect(!covering { $0.mask = Layer() })
  }

  @Test("a colour's starting pixel is what Cairo's paint of it leaves")
  func pixelOfColour() throws {
    #expect(try Image.pixel(filledWith: .white) == 0xFFFF_FFFF)
    #expect(try Image.pixel(filledWith: Color(red: 1, green: 0, blue: 0, alpha: 0.5)) == 0x8080_0000)
    #expect(try Image.pixel(filledWith: .clear) == 0)
  }
}
