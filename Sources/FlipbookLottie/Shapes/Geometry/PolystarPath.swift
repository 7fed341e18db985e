import FlipbookLayers
import Foundation

// MARK: - Polystar

extension LottieBezierPath {
  /// How far a star's rounded vertex pulls its control points, per unit of radius × roundness: lottie-ios's
  /// `StarNode.PolystarConstant` (lottie-ios Sources/Private/MainThread/NodeRenderSystem/Nodes/PathNodes/
  /// StarNode.swift, 4.6.1).
  static let starRoundnessConstant = 0.47829
  /// The same for a polygon: lottie-ios's `PolygonNode.PolygonConstant` (PolygonNode.swift, 4.6.1).
  static let polygonRoundnessConstant = 0.25

  /// The Lottie star (`sr` with `sy` 1) centred at `position`: lottie-ios's construction (StarNode.swift,
  /// 4.6.1). The first point is an outer one straight up (at `rotation` − 90°, degrees clockwise on screen),
  /// then inner and outer points alternate clockwise, `ceil(points) × 2` more vertices, the last repeating the
  /// first, closed. A fractional point count adds a partial point whose radius and angle are scaled by the
  /// fraction. Roundness (percent) turns each span into a cubic whose control points leave each vertex
  /// perpendicular to its radius, `radius × roundness × 0.47829` long.
  static func star(
    position: CGPoint, outerRadius: Double, innerRadius: Double, outerRoundness: Double, innerRoundness: Double,
    points numberOfPoints: Double, rotation: Double, direction: ShapeDirection
  ) -> LottieBezierPath {
    var currentAngle = (rotation - 90) * .pi / 180
    let anglePerPoint = (2 * Double.pi) / numberOfPoints
    let halfAnglePerPoint = anglePerPoint / 2.0
    let partialPointAmount = numberOfPoints - floor(numberOfPoints)
    let outerRoundedness = outerRoundness * 0.01
    let innerRoundedness = innerRoundness * 0.01

    var point = CGPoint.zero
    var partialPointRadius = 0.0
    if partialPointAmount != 0 {
      currentAngle += halfAnglePerPoint * (1 - partialPointAmount)
      partialPointRadius = innerRadius + partialPointAmount * (outerRadius - innerRadius)
      point = CGPoint(x: partialPointRadius * cos(currentAngle), y: partialPointRadius * sin(currentAngle))
      currentAngle += anglePerPoint * partialPointAmount / 2
    } else {
      point = CGPoint(x: outerRadius * cos(currentAngle), y: outerRadius * sin(currentAngle))
      currentAngle += halfAnglePerPoint
    }

    var vertices = [CurveVertex(point: point.adding(position), inRelative: .zero, outRelative: .zero)]
    var previousPoint = point
    var longSegment = false
    let vertexCount = polystarVertexCount(ceil(numberOfPoints) * 2)
    for i in 0..<vertexCount {
      var radius = longSegment ? outerRadius : innerRadius
      var dTheta = halfAnglePerPoint
      if partialPointRadius != 0, i == vertexCount - 2 { dTheta = anglePerPoint * partialPointAmount / 2 }
      if partialPointRadius != 0, i == vertexCount - 1 { radius = partialPointRadius }
      previousPoint = point
      point = CGPoint(x: radius * cos(currentAngle), y: radius * sin(currentAngle))

      if innerRoundedness == 0, outerRoundedness == 0 {
        vertices.append(CurveVertex(point: point.adding(position), inRelative: .zero, outRelative: .zero))
      } else {
        let cp1Theta = atan2(previousPoint.y, previousPoint.x) - Double.pi / 2
        let cp2Theta = atan2(point.y, point.x) - Double.pi / 2
        let cp1Roundedness = longSegment ? innerRoundedness : outerRoundedness
        let cp2Roundedness = longSegment ? outerRoundedness : innerRoundedness
        let cp1Radius = longSegment ? innerRadius : outerRadius
        let cp2Radius = longSegment ? outerRadius : innerRadius
        var cp1 = CGPoint(
          x: cp1Radius * cp1Roundedness * starRoundnessConstant * cos(cp1Theta),
          y: cp1Radius * cp1Roundedness * starRoundnessConstant * sin(cp1Theta))
        var cp2 = CGPoint(
          x: cp2Radius * cp2Roundedness * starRoundnessConstant * cos(cp2Theta),
          y: cp2Radius * cp2Roundedness * starRoundnessConstant * sin(cp2Theta))
        if partialPointAmount != 0 {
          if i == 0 {
            cp1 = cp1.scaled(by: partialPointAmount)
          } else if i == vertexCount - 1 {
            cp2 = cp2.scaled(by: partialPointAmount)
          }
        }
        let last = vertices[vertices.count - 1]
        vertices[vertices.count - 1] = CurveVertex(last.inTangent, last.point, last.point.relative(to: cp1))
        vertices.append(CurveVertex(point: point.adding(position), inRelative: cp2, outRelative: .zero))
      }
      currentAngle += dTheta
      longSegment.toggle()
    }
    return closedPolystar(vertices, direction: direction)
  }

  /// The Lottie polygon (`sr` with `sy` 2) centred at `position`: lottie-ios's construction (PolygonNode.swift,
  /// 4.6.1). `ceil(points) + 1` vertices on the outer radius, the first straight up at `rotation` − 90°, each
  /// `360° / points` further clockwise, closed. Roundness (percent) pulls control points perpendicular to the
  /// radius, `radius × roundness × 0.25` long.
  static func polygon(
    position: CGPoint, points numberOfPoints: Double, outerRadius: Double, outerRoundness: Double,
    rotation: Double, direction: ShapeDirection
  ) -> LottieBezierPath {
    var currentAngle = (rotation - 90) * .pi / 180
    let anglePerPoint = (2 * Double.pi) / numberOfPoints
    let outerRoundedness = outerRoundness * 0.01

    var point = CGPoint(x: outerRadius * cos(currentAngle), y: outerRadius * sin(currentAngle))
    var vertices = [CurveVertex(point: point.adding(position), inRelative: .zero, outRelative: .zero)]
    var previousPoint = point
    currentAngle += anglePerPoint
    for _ in 0..<polystarVertexCount(ceil(numberOfPoints)) {
      previousPoint = point
      point = CGPoint(x: outerRadius * cos(currentAngle), y: outerRadius * sin(currentAngle))
      if outerRoundedness != 0 {
        let cp1Theta = atan2(previousPoint.y, previousPoint.x) - Double.pi / 2
        let cp2Theta = atan2(point.y, point.x) - Double.pi / 2
        let length = outerRadius * outerRoundedness * polygonRoundnessConstant
        let cp1 = CGPoint(x: length * cos(cp1Theta), y: length * sin(cp1Theta))
        let cp2 = CGPoint(x: length * cos(cp2Theta), y: length * sin(cp2Theta))
        let last = vertices[vertices.count - 1]
        vertices[vertices.count - 1] = CurveVertex(last.inTangent, last.point, last.point.relative(to: cp1))
        vertices.append(CurveVertex(point: point.adding(position), inRelative: cp2, outRelative: .zero))
      } else {
        vertices.append(CurveVertex(point: point.adding(position), inRelative: .zero, outRelative: .zero))
      }
      currentAngle += anglePerPoint
    }
    return closedPolystar(vertices, direction: direction)
  }

  /// The most vertices a polystar gets: far beyond any star a designer draws, and it keeps an absurd `pt`
  /// (a billion points) from allocating without end. A point count that is not finite or not positive draws
  /// nothing.
  static let maxPolystarVertices = 10_000

  private static func polystarVertexCount(_ wanted: Double) -> Int {
    guard wanted.isFinite, wanted > 0 else { return 0 }
    return Int(min(wanted, Double(maxPolystarVertices)))
  }

  private static func closedPolystar(_ vertices: [CurveVertex], direction: ShapeDirection) -> LottieBezierPath {
    let walked = direction.isReversed ? vertices.reversed().map(\.reversed) : vertices
    return LottieBezierPath(vertices: walked, closed: true)
  }
}
