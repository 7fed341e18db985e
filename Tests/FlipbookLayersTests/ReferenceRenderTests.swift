import FlipbookGraphics
import FlipbookTesting
import Foundation
import Testing

@testable import FlipbookLayers

/// Small reviewed renders that pin down what probes cannot: anti-aliasing, dash placement, caps and joins,
/// text, perspective. Each reference is a few kilobytes.
@Suite("Reference renders")
struct ReferenceRenderTests {
  /// Room for rounding in Cairo and pixman builds: colours may move a little, and a few edge pixels more.
  static let tolerance = ImageTolerance(colorThreshold: 0.05, maxDifferingPixels: 8, excusesAntialiasing: true)

  /// The airplane view's dashed oval (radius 44, width 4, dash [2, 3]) at strokeEnd 0.6 and a trimmed
  /// window [0.25, 0.75] with both dash anchorings, plus caps and joins.
  @Test func strokes() throws {
    let root = screen(200, 100)
    func oval(x: Double, start: Double, end: Double, anchoring: ShapeLayer.DashAnchoring) -> ShapeLayer {
      let oval = ShapeLayer()
      oval.frame = CGRect(x: x, y: 5, width: 88, height: 88)
      oval.path = Path(ellipseIn: CGRect(x: 0, y: 0, width: 88, height: 88))
      oval.fillColor = nil
      oval.strokeColor = Color(hex: "#4A90E2")
      oval.lineWidth = 4
      oval.lineDashPattern = [2, 3]
      oval.strokeStart = start
      oval.strokeEnd = end
      oval.dashAnchoring = anchoring
      return oval
    }
    root.addSublayer(oval(x: 5, start: -0.5, end: 0.6, anchoring: .path))
    root.addSublayer(oval(x: 105, start: 0.25, end: 0.75, anchoring: .strokeStart))
    let zigzag = ShapeLayer()
    zigzag.frame = CGRect(x: 30, y: 30, width: 140, height: 40)
    zigzag.path = try Path(svg: "M 0 40 L 35 0 L 70 40 L 105 0 L 140 40")
    zigzag.fillColor = nil
    zigzag.strokeColor = Color(white: 0, alpha: 0.6)
    zigzag.lineWidth = 8
    zigzag.lineCap = .round
    zigzag.lineJoin = .bevel
    root.addSublayer(zigzag)
    assertSnapshot(of: root, as: .image(scale: 2, tolerance: Self.tolerance), named: "dashes-caps-joins")
  }

  /// EGO's labels: bold 13 pt and regular 12 pt, #576C89 with a one-point light shadow, centred, with
  /// Traditional Chinese in Taiwan's forms (Noto Sans CJK TC's bold).
  @Test func labels() throws {
    let root = screen(240, 44, background: Color(hex: "#E2E7ED"))
    func label(_ text: String, y: Double, size: Double, weight: Int) -> TextLayer {
      let label = TextLayer()
      label.frame = CGRect(x: 0, y: y, width: 240, height: 20)
      label.string = text
      label.fontSize = size
      label.fontWeight = weight
      label.foregroundColor = Color(hex: "#576C89")!
      label.alignmentMode = .center
      label.textShadowColor = Color(white: 0.9)
      label.textShadowOffset = CGSize(width: 0, height: 1)
      label.language = "zh-Hant"
      return label
    }
    root.addSublayer(label("鬆開即可重新整理", y: 4, size: 13, weight: 700))
    root.addSublayer(label("Last Updated: 12/1/26, 1:03 AM", y: 22, size: 12, weight: 400))
    assertSnapshot(of: root, as: .image(scale: 2, tolerance: Self.tolerance), named: "ego-labels")
  }

  /// A card turned about y under perspective, with a border and rounded corners.
  @Test func perspectiveCard() throws {
    let root = screen(160, 100)
    let card = Layer()
    card.frame = CGRect(x: 30, y: 15, width: 100, height: 70)
    card.backgroundColor = Color(hex: "#576C89")
    card.cornerRadius = 8
    card.borderWidth = 2
    card.borderColor = .white
    var perspective = Transform3D.identity
    perspective.m34 = -1.0 / 250
    card.transform = Transform3D(rotationAngle: -.pi / 5, x: 0, y: 1, z: 0).concatenating(perspective)
    root.addSublayer(card)
    assertSnapshot(of: root, as: .image(scale: 2, tolerance: Self.tolerance), named: "perspective-card")
  }
}
