import FlipbookLayers
import Foundation

// MARK: - Rectangle

extension LottieBezierPath {
  /// The Lottie rectangle (`rc`) centred at `position`: lottie-ios's construction
  /// (lottie-ios Sources/Private/MainThread/NodeRenderSystem/Nodes/PathNodes/RectNode.swift, 4.6.1), which
  /// starts at the top of the right edge and runs clockwise on screen (down the right edge first), repeats its
  /// first vertex to end and closes.
  ///
  /// Square corners (radius ≤ 0) give five vertices: top-right, bottom-right, bottom-left, top-left, top-right.
  /// Rounded corners give nine: each corner is one cubic whose control points sit `radius × 0.55228` from its
  /// ends, and the radius is clamped to half the shorter side. Reversed, the vertices run backwards with their
  /// tangents swapped.
  static func rectangle(
    position: CGPoint, size: CGSize, cornerRadius: Double, direction: ShapeDirection
  ) -> LottieBezierPath {
    let halfWidth: Double = size.width * 0.5
    let halfHeight: Double = size.height * 0.5
    let radius = min(min(cornerRadius, halfWidth), halfHeight)
    func vertex(_ inTangent: (Double, Double), _ point: (Double, Double), _ outTangent: (Double, Double))
      -> CurveVertex
    {
      CurveVertex(
        CGPoint(x: inTangent.0, y: inTangent.1), CGPoint(x: point.0, y: point.1),
        CGPoint(x: outTangent.0, y: outTangent.1))
    }
    var vertices: [CurveVertex]
    if radius <= 0 {
      let corners = [
        (halfWidth, -halfHeight), (halfWidth, halfHeight), (-halfWidth, halfHeight), (-halfWidth, -halfHeight),
        (halfWidth, -halfHeight),
      ]
      vertices = corners.map { vertex($0, $0, $0).translated(by: position) }
    } else {
      let k = radius * ellipseControlPointConstant
      let r = radius
      // Each corner's vertices are built about the corner's circle centre, then moved to the corner and the
      // position, in the order lottie-ios adds the offsets.
      func corner(_ v: CurveVertex, centre: (Double, Double), corner: (Double, Double)) -> CurveVertex {
        v.translated(by: CGPoint(x: centre.0, y: centre.1)).translated(by: CGPoint(x: corner.0, y: corner.1))
          .translated(by: position)
      }
      let topRight = (halfWidth, -halfHeight)
      let bottomRight = (halfWidth, halfHeight)
      let bottomLeft = (-halfWidth, halfHeight)
      let topLeft = (-halfWidth, -halfHeight)
      vertices = [
        // Lead in: the top of the right edge.
        corner(vertex((r, 0), (r, 0), (r, 0)), centre: (-r, r), corner: topRight),
        // Bottom-right corner.
        corner(vertex((r, 0), (r, 0), (r, k)), centre: (-r, -r), corner: bottomRight),
        corner(vertex((k, r), (0, r), (0, r)), centre: (-r, -r), corner: bottomRight),
        // Bottom-left corner.
        corner(vertex((0, r), (0, r), (-k, r)), centre: (r, -r), corner: bottomLeft),
        corner(vertex((-r, k), (-r, 0), (-r, 0)), centre: (r, -r), corner: bottomLeft),
        // Top-left corner.
        corner(vertex((-r, 0), (-r, 0), (-r, -k)), centre: (r, r), corner: topLeft),
        corner(vertex((-k, -r), (0, -r), (0, -r)), centre: (r, r), corner: topLeft),
        // Top-right corner, back to the lead in.
        corner(vertex((0, -r), (0, -r), (k, -r)), centre: (-r, r), corner: topRight),
        corner(vertex((r, -k), (r, 0), (r, 0)), centre: (-r, r), corner: topRight),
      ]
    }
    if direction.isReversed { vertices = vertices.reversed().map(\.reversed) }
    return LottieBezierPath(vertices: vertices, closed: true)
  }
}

/// The control-point distance of a quarter ellipse drawn as one cubic, as a fraction of the radius, exactly as
/// lottie-ios writes it (`EllipseNode.ControlPointConstant` = 0.55228, lottie-ios
/// Sources/Private/MainThread/NodeRenderSystem/Nodes/PathNodes/EllipseNode.swift, 4.6.1), not the 4/3·(√2 − 1) =
/// 0.5522847… of `Path.addEllipse`.
let ellipseControlPointConstant = 0.55228
