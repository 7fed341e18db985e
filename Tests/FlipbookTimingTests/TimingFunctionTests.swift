import Testing

@testable import FlipbookTiming

@Suite struct TimingFunctionTests {
  /// x, easeIn, easeOut, easeInEaseOut, default. The easeIn, easeOut and easeInEaseOut values are those the
  /// evaluation tests of DTW-Thalion/libs-quartzcore check against Apple's QuartzCore
  /// (https://github.com/DTW-Thalion/libs-quartzcore); no Apple-checked values are published for `default`, so
  /// its column is computed with WebKit's `UnitBezier.h` method (Newton from an 11-sample table, bisection).
  static let table: [(Double, Double, Double, Double, Double)] = [
    (0.10, 0.017027, 0.160572, 0.019722, 0.094796),
    (0.25, 0.093465, 0.378140, 0.129162, 0.408511),
    (0.50, 0.315357, 0.684643, 0.5, 0.802403),
    (0.75, 0.621861, 0.906535, 0.870838, 0.960459),
    (0.90, 0.839428, 0.982973, 0.980278, 0.994316),
  ]

  @Test(arguments: table)
  func namedCurvesMatchTheReferenceTable(row: (Double, Double, Double, Double, Double)) {
    let (x, easeIn, easeOut, easeInEaseOut, standard) = row
    #expect(abs(TimingFunction.easeIn.value(at: x) - easeIn) < 1e-5)
    #expect(abs(TimingFunction.easeOut.value(at: x) - easeOut) < 1e-5)
    #expect(abs(TimingFunction.easeInEaseOut.value(at: x) - easeInEaseOut) < 1e-5)
    #expect(abs(TimingFunction.default.value(at: x) - standard) < 1e-5)
    #expect(abs(TimingFunction.linear.value(at: x) - x) < 1e-5)
  }

  @Test func symmetricCurveMatchesTheOracle() {
    let curve = TimingFunction(controlPoints: 0.5, 0, 0.5, 1)
    #expect(abs(curve.value(at: 0.25) - 0.105889) < 1e-5)
    #expect(abs(curve.value(at: 0.5) - 0.5) < 1e-5)
    #expect(abs(curve.value(at: 0.75) - 0.894111) < 1e-5)
  }

  @Test func endsAreExactAndInputIsClamped() {
    for curve in [TimingFunction.linear, .easeIn, .easeOut, .easeInEaseOut, .default] {
      #expect(curve.value(at: 0) == 0)
      #expect(curve.value(at: 1) == 1)
      #expect(curve.value(at: -0.5) == 0)
      #expect(curve.value(at: 1.5) == 1)
      #expect(curve.value(at: .nan) == 0)
    }
  }

  @Test func namesResolve() {
    #expect(TimingFunction(name: "linear") == .linear)
    #expect(TimingFunction(name: "easeIn") == .easeIn)
    #expect(TimingFunction(name: "easeOut") == .easeOut)
    #expect(TimingFunction(name: "easeInEaseOut") == .easeInEaseOut)
    #expect(TimingFunction(name: "default") == .default)
    #expect(TimingFunction(name: "bounce") == nil)
    #expect(TimingFunction.default.c1x == 0.25 && TimingFunction.default.c1y == 0.1)
  }

  @Test func steepCurvesStayMonotonic() {
    // Flat spots in x(s) (control x at 0 and 1) defeat Newton; bisection has to finish.
    let curve = TimingFunction(controlPoints: 1, 0, 0, 1)
    var previous = 0.0
    for i in 0...1000 {
      let y = curve.value(at: Double(i) / 1000)
      #expect(y >= previous - 1e-9)
      previous = y
    }
    #expect(abs(curve.value(at: 0.5) - 0.5) < 1e-6)
  }
}
