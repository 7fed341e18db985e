import Testing

@testable import FlipbookTiming

@Suite struct CubicSplineTests {
  static let points: [[Double]] = [[0, 0], [1, 2], [3, 3], [4, 0], [6, 1]]

  /// The spline at parameter `t` of segment `i`.
  static func point(_ i: Int, _ t: Double, _ m: (incoming: [[Double]], outgoing: [[Double]])) -> [Double] {
    CubicSpline.interpolate(points[i], points[i + 1], outgoing: m.outgoing[i], incoming: m.incoming[i + 1], t: t)
  }

  @Test func catmullRomTangentsAreHalfTheNeighbourChord() {
    let m = CubicSpline.tangents(values: Self.points, tension: nil, continuity: nil, bias: nil)
    #expect(m.outgoing[1] == [1.5, 1.5])
    #expect(m.incoming[1] == [1.5, 1.5])
    #expect(m.outgoing[0] == [1, 2])
    #expect(m.incoming[4] == [2, 1])
  }

  @Test func passesThroughTheKeyframes() {
    let m = CubicSpline.tangents(values: Self.points, tension: nil, continuity: nil, bias: nil)
    for i in 0..<(Self.points.count - 1) {
      #expect(Self.point(i, 0, m) == Self.points[i])
      #expect(Self.point(i, 1, m) == Self.points[i + 1])
    }
  }

  @Test func isSmoothAtInteriorKeys() {
    let m = CubicSpline.tangents(values: Self.points, tension: nil, continuity: nil, bias: nil)
    let h = 1e-6
    for i in 1..<(Self.points.count - 1) {
      let left = Self.point(i - 1, 1, m)
      let beforeKey = Self.point(i - 1, 1 - h, m)
      let afterKey = Self.point(i, h, m)
      let right = Self.point(i, 0, m)
      for axis in 0..<2 {
        let leftDerivative = (left[axis] - beforeKey[axis]) / h
        let rightDerivative = (afterKey[axis] - right[axis]) / h
        #expect(abs(leftDerivative - rightDerivative) < 1e-4)
      }
    }
  }

  @Test func tensionContinuityAndBiasShapeTheTangents() {
    let scalars: [[Double]] = [[0], [1], [3]]
    let tight = CubicSpline.tangents(values: scalars, tension: [0, 1, 0], continuity: nil, bias: nil)
    #expect(tight.outgoing[1] == [0] && tight.incoming[1] == [0])
    // Continuity +1 aims each tangent along its own segment's chord: a corner.
    let corner = CubicSpline.tangents(values: scalars, tension: nil, continuity: [0, 1, 0], bias: nil)
    #expect(corner.incoming[1] == [1] && corner.outgoing[1] == [2])
    // Bias +1 follows the arriving chord.
    let biased = CubicSpline.tangents(values: scalars, tension: nil, continuity: nil, bias: [0, 1, 0])
    #expect(biased.incoming[1] == [1] && biased.outgoing[1] == [1])
  }

  @Test func twoValuesMakeAStraightLine() {
    let values: [[Double]] = [[2, 4], [6, 12]]
    let m = CubicSpline.tangents(values: values, tension: nil, continuity: nil, bias: nil)
    let mid = CubicSpline.interpolate(values[0], values[1], outgoing: m.outgoing[0], incoming: m.incoming[1], t: 0.25)
    #expect(mid == [3, 6])
    #expect(CubicSpline.tangents(values: [[5]], tension: nil, continuity: nil, bias: nil).outgoing == [[0]])
  }
}
