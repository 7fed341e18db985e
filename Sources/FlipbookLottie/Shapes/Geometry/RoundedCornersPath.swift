import FlipbookLayers
import Foundation

// MARK: - Rounded corners

extension LottieBezierPath {
  /// How far along a rounded corner's straight arm its control point sits, as lottie-ios writes it
  /// (`TANGENT_LENGTH` = 0.5519, lottie-ios Sources/Private/Utility/Primitives/BezierPathRoundExtension.swift,
  /// 4.6.1).
  static let roundedCornerTangentLength = 0.5519

  /// The path with its sharp corners rounded by `radius` (a rounded-corners item `rd` over a path `sh`), as
  /// lottie-ios computes it (BezierPathRoundExtension.swift, 4.6.1).
  ///
  /// A corner is a vertex whose control points both sit on it. It becomes two vertices, each `min(radius, half
  /// the arm)` along the arm towards the neighbouring vertex, joined by a cubic whose control points are
  /// 0.5519 of the way back towards the corner. Vertices with tangents stay as they are, and so do the two ends
  /// of an open path. A path whose last vertex repeats its first is treated as closed (the repeated vertex is
  /// dropped and the result closed); otherwise the result is open, whatever `isClosed` was. A path with no
  /// corner comes back unchanged, radius 0 included (which lottie-ios relies on so Core Animation interpolates
  /// between equal structures).
  func roundingCorners(radius: Double) -> LottieBezierPath {
    guard let first = vertices.first, let last = vertices.last else { return self }
    var closed = false
    var startIndex = 0
    if first == last {
      startIndex = 1
      closed = true
    }
    guard vertices.count - startIndex > 1 else { return self }
    let unique = Array(vertices[startIndex...])

    var result: [CurveVertex] = []
    var hasRoundedCorner = false
    for index in unique.indices {
      let current = unique[index]
      guard current.point == current.outTangent, current.point == current.inTangent else {
        result.append(current)
        continue
      }
      hasRoundedCorner = true
      if !closed, index == 0 || index == unique.count - 1 {
        result.append(current)
        continue
      }
      let previous = unique[index == 0 ? unique.count - 1 : index - 1]
      var distance = current.point.distance(to: previous.point)
      var fraction = distance != 0 ? min(distance / 2, radius) / distance : 0
      var vertexX = current.point.x + (previous.point.x - current.point.x) * fraction
      var vertexY = current.point.y - (current.point.y - previous.point.y) * fraction
      result.append(
        CurveVertex(
          CGPoint(x: vertexX, y: vertexY), CGPoint(x: vertexX, y: vertexY),
          CGPoint(
            x: vertexX - (vertexX - current.point.x) * Self.roundedCornerTangentLength,
            y: vertexY - (vertexY - current.point.y) * Self.roundedCornerTangentLength)))

      let next = unique[(index + 1) % unique.count]
      distance = current.point.distance(to: next.point)
      fraction = distance != 0 ? min(distance / 2, radius) / distance : 0
      vertexX = current.point.x + (next.point.x - current.point.x) * fraction
      vertexY = current.point.y + (next.point.y - current.point.y) * fraction
      result.append(
        CurveVertex(
          CGPoint(
            x: vertexX - (vertexX - current.point.x) * Self.roundedCornerTangentLength,
            y: vertexY - (vertexY - current.point.y) * Self.roundedCornerTangentLength),
          CGPoint(x: vertexX, y: vertexY), CGPoint(x: vertexX, y: vertexY)))
    }
    guard hasRoundedCorner else { return self }
    return LottieBezierPath(vertices: result, closed: closed)
  }
}
