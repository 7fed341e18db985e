import FlipbookGraphics
import FlipbookImageFormats
import FlipbookLayers
import FlipbookScene
import Foundation
import Testing

@testable import FlipbookUIKit

/// `UIImage(named:)` from a host's assets folder and from Flipbook's artwork, `UIImageView`, `contentMode`,
/// `sizeToFit()`, and layers' `contents` and `mask`.
@Suite("UIKit images and sizing")
struct UIKitImagesTests {
  /// A folder holding `arrow.png` (1x, red) and `arrow@2x.png` (2x, blue), both 4 x 2 pt; removed by `body`'s end.
  static func withArrowFolder<T>(_ body: (URL) throws -> T) throws -> T {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uikit-images-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    func png(_ width: Int, _ height: Int, _ rgba: [UInt8]) throws -> Data {
      try Image(width: width, height: height, rgba: Array((0..<width * height).map { _ in rgba }.joined())).pngData()
    }
    try png(4, 2, [255, 0, 0, 255]).write(to: folder.appendingPathComponent("arrow.png"))
    try png(8, 4, [0, 0, 255, 255]).write(to: folder.appendingPathComponent("arrow@2x.png"))
    return try body(folder)
  }

  static let script = Data(
    ##"""
    {"viewport": {"width": 100, "height": 100, "scale": 2}, "fps": 30, "duration": 1, "content": {"rows": 0}}
    """##.utf8)

  @Test(
    "UIImage(named:) finds the screen's @2x variant in the host's assets folder; an image view shows it at its size")
  func namedFromAssets() throws {
    try Self.withArrowFolder { folder in
      var view: UIImageView?
      let scene = try GestureScript.decode(Self.script) { _ in
        UIKitRefreshHost(
          assets: folder,
          install: { scrollView in
            let image = UIImage(named: "arrow")
            let imageView = UIImageView(image: image)
            imageView.frame.origin = CGPoint(x: 10, y: 10)
            scrollView.addSubview(imageView)
            view = imageView
          })
      }
      let imageView = try #require(view)
      #expect(imageView.image?.scale == 2 && imageView.frame.size == CGSize(width: 4, height: 2))
      let image = try LayerRenderer(scale: 2).render(scene.root, at: scene.time)
      // 10...14 x 10...12 pt is 20...28 x 20...24 px at scale 2: the blue @2x pixels, and none outside.
      #expect(image.pixel(x: 21, y: 21) == RGBA8(0, 0, 255, 255))
      #expect(image.pixel(x: 27, y: 23) == RGBA8(0, 0, 255, 255))
      #expect(image.pixel(x: 29, y: 21) != RGBA8(0, 0, 255, 255))
      // The 1x variant when asked for by traits; nothing outside the install, or for a name not there.
      let oneX = UIImage(named: "arrow", in: nil, compatibleWith: UITraitCollection(displayScale: 1))
      #expect(oneX == nil, "the host's folder is looked in only while it installs the view")
      let bundleLike = try #require(Bundle(path: folder.path))
      let red = try #require(
        UIImage(named: "arrow", in: bundleLike, compatibleWith: UITraitCollection(displayScale: 1)))
      #expect(red.scale == 1 && red.cgImage?.pixel(x: 0, y: 0) == RGBA8(255, 0, 0, 255))
      #expect(UIImage(named: "arrow.png", in: bundleLike, compatibleWith: nil)?.scale == 1)
      #expect(UIImage(named: "missing", in: bundleLike, compatibleWith: nil) == nil)
      #expect(UIImage(named: "../arrow", in: bundleLike, compatibleWith: nil) == nil)
    }
  }

  @Test("UIImage(named:) falls back on Flipbook's bundled artwork")
  func bundledArtwork() throws {
    let image = try #require(UIImage(named: "blueArrow"))
    #expect(image.scale == 2 && image.size.width > 0)
  }

  @Test("contentMode places the image: aspect fit centres it, top pins it to the top of the screen")
  func contentMode() throws {
    try Self.withArrowFolder { folder in
      let bundle = try #require(Bundle(path: folder.path))
      let image = try #require(UIImage(named: "arrow", in: bundle, compatibleWith: nil))
      let (context, root) = hostedRoot(width: 40, height: 40)
      _ = context
      let fit = UIImageView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
      fit.image = image
      fit.contentMode = .scaleAspectFit
      root.addSubview(fit)
      #expect(fit.layer.contentsGravity == .resizeAspect)
      let drawn = try LayerRenderer(scale: 1).render(root.layer.engineLayer, at: 0)
      // 4 x 2 fitted into 40 x 40 is 40 x 20, centred: rows 10...30.
      #expect(drawn.pixel(x: 20, y: 5).a == 0 && drawn.pixel(x: 20, y: 20).b == 255 && drawn.pixel(x: 20, y: 35).a == 0)
      fit.contentMode = .top
      #expect(fit.layer.contentsGravity == .bottom, "Core Animation's top is the bottom on iOS")
      let top = try LayerRenderer(scale: 1).render(root.layer.engineLayer, at: 0)
      #expect(
        top.pixel(x: 20, y: 1).b == 255 && top.pixel(x: 20, y: 3).a == 0 && top.pixel(x: 17, y: 1).a == 0,
        "\((0..<40).filter { top.pixel(x: 20, y: $0).a > 0 })")
    }
  }

  @Test("sizeToFit: a label takes its text's size, an image view its image's, a plain view keeps its own")
  func sizeToFit() throws {
    let label = UILabel(frame: CGRect(x: 5, y: 6, width: 10, height: 10))
    label.text = "Pull to refresh"
    label.font = .systemFont(ofSize: 13)
    label.sizeToFit()
    #expect(label.frame.origin == CGPoint(x: 5, y: 6))
    #expect(label.frame.width > 70 && label.frame.width < 110 && label.frame.height >= 13 && label.frame.height < 20)
    let empty = UILabel(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    empty.sizeToFit()
    #expect(empty.frame.size == .zero)
    let plain = UIView(frame: CGRect(x: 0, y: 0, width: 7, height: 9))
    plain.sizeToFit()
    #expect(plain.frame.size == CGSize(width: 7, height: 9))
  }

  @Test("A layer's mask cuts it to the mask's alpha; contents take a CGImage")
  func maskAndContents() throws {
    let (_, root) = hostedRoot(width: 20, height: 20)
    let square = CALayer()
    square.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
    square.backgroundColor = UIColor.red.cgColor
    let mask = CALayer()
    mask.frame = CGRect(x: 0, y: 0, width: 10, height: 20)
    mask.backgroundColor = UIColor.black.cgColor
    root.layer.addSublayer(square)
    square.mask = mask
    #expect(square.mask === mask && mask.superlayer == nil)
    let image = try LayerRenderer(scale: 1).render(root.layer.engineLayer, at: 0)
    #expect(image.pixel(x: 5, y: 10) == RGBA8(255, 0, 0, 255) && image.pixel(x: 15, y: 10).a == 0)
    let picture = try Image(width: 1, height: 1, rgba: [0, 255, 0, 255])
    square.contents = picture
    #expect(square.contents as? CGImage == picture)
  }
}
