import Foundation
import Testing

@testable import FlipbookGraphics

@Suite("Transforms and colours")
struct TransformTests {
  @Test("Concatenation applies the left transform first, as CATransform3DConcat does")
  func order() {
    let move = Transform3D(translationX: 10, y: 0)
    let double = Transform3D(scaleX: 2, y: 2)
    #expect(move.concatenating(double).planeProjection.map(.zero).point == CGPoint(x: 20, y: 0))
    #expect(double.concatenating(move).planeProjection.map(.zero).point == CGPoint(x: 10, y: 0))
    let a = Transform2D(translationX: 10, y: 0)
    let b = Transform2D(scaleX: 2, y: 2)
    #expect(CGPoint.zero.applying(a.concatenating(b)) == CGPoint(x: 20, y: 0))
  }

  @Test("m34 perspective shrinks what is farther away")
  func perspective() {
    var p = Transform3D.identity
    p.m34 = -1.0 / 500
    // Pushed 100 pt back (z = -100): w = 1 + 100/500 = 1.2, so x = 60 appears at 50.
    let back = Transform3D(translationX: 0, y: 0, z: -100).concatenating(p)
    let x = back.planeProjection.map(CGPoint(x: 60, y: 0)).point.x
    #expect(abs(x - 50) < 1e-9)
    #expect(!back.isAffine && Transform3D(translationX: 1, y: 2).isAffine)
  }

  @Test("Inverses undo, and a singular map has none")
  func inverses() throws {
    let t = Transform2D(rotationAngle: 0.3).translatedBy(x: 5, y: -2).scaledBy(x: 2, y: 3)
    let p = CGPoint(x: 7, y: 11).applying(t).applying(try #require(t.inverted))
    #expect(abs(p.x - 7) < 1e-9 && abs(p.y - 11) < 1e-9)
    #expect(Transform2D(scaleX: 0, y: 1).inverted == nil)
    let h = Transform3D(rotationAngle: 0.5, x: 0, y: 1, z: 0).concatenating(
      Transform3D([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.002, 0, 0, 0, 1])
    ).planeProjection
    let q = h.concatenating(try #require(h.inverted)).map(CGPoint(x: 3, y: 4)).point
    #expect(abs(q.x - 3) < 1e-9 && abs(q.y - 4) < 1e-9)
  }

  @Test("Colours parse from #RRGGBB and #RRGGBBAA and print back")
  func colours() throws {
    let ego = try #require(Color(hex: "#E2E7ED"))
    #expect(ego.hex == "#E2E7ED")
    #expect(abs(ego.red - 226.0 / 255) < 1e-12)
    #expect(Color(hex: "576c8980")?.hex == "#576C8980")
    #expect(Color(hex: "#12345") == nil && Color(hex: "#GGGGGG") == nil)
    #expect(Color(white: 0.5).hex == "#808080")
  }
}
