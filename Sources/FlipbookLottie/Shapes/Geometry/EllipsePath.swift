import Foundation

// MARK: - Ellipse

extension LottieBezierPath {
  /// The Lottie ellipse (`el`) of `size` centred at `center`: lottie-ios's construction
  /// (lottie-ios Sources/Private/MainThread/NodeRenderSystem/Nodes/PathNodes/EllipseNode.swift, 4.6.1). Unlike
  /// `CGPath.addEllipse`, which starts at 3 o'clock, After Effects starts at 12 o'clock: top, right, bottom,
  /// left, top again, four cubics with control points `0.55228 ×` the half-axes from each vertex, closed.
  /// Counter-clockwise mirrors the walk left for right (top, left, bottom, right), as lottie-ios does by
  /// negating the half width.
  static func ellipse(size: CGSize, center: CGPoint, direction: ShapeDirection) -> LottieBezierPath {
    var halfWidth: Double = size.width * 0.5
    let halfHeight: Double = size.height * 0.5
    if direction.isReversed { halfWidth = -halfWidth }
    let top = CGPoint(x: center.x, y: center.y - halfHeight)
    let right = CGPoint(x: center.x + halfWidth, y: center.y)
    let bottom = CGPoint(x: center.x, y: center.y + halfHeight)
    let left = CGPoint(x: center.x - halfWidth, y: center.y)
    let kx = halfWidth * ellipseControlPointConstant
    let ky = halfHeight * ellipseControlPointConstant
    let vertices = [
      CurveVertex(point: top, inRelative: CGPoint(x: -kx, y: 0), outRelative: CGPoint(x: kx, y: 0)),
      CurveVertex(point: right, inRelative: CGPoint(x: 0, y: -ky), outRelative: CGPoint(x: 0, y: ky)),
      CurveVertex(point: bottom, inRelative: CGPoint(x: kx, y: 0), outRelative: CGPoint(x: -kx, y: 0)),
      CurveVertex(point: left, inRelative: CGPoint(x: 0, y: ky), outRelative: CGPoint(x: 0, y: -ky)),
      CurveVertex(point: top, inRelative: CGPoint(x: -kx, y: 0), outRelative: CGPoint(x: kx, y: 0)),
    ]
    return LottieBezierPath(vertices: vertices, closed: true)
  }
}
