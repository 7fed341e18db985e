import Testing

@testable import flipbook

/// Exact times: the arithmetic `flipbook diff` compares delays and frame times with.
@Suite struct FractionTests {
  @Test func equalityIsByCrossMultiplication() {
    #expect(Fraction(1, 10) == Fraction(10, 100))
    #expect(Fraction(1, 3) != Fraction(333, 1000))
    #expect(Fraction(2, -4) == Fraction(-1, 2) && Fraction(2, -4).denominator == 2)
    #expect(Fraction(6, 8).description == "3/4" && Fraction(4, 2).description == "2")
  }

  @Test func anAPNGDenominatorOfZeroMeansHundredths() {
    #expect(Fraction(delayNumerator: 10, delayDenominator: 0) == Fraction(1, 10))
    #expect(Fraction(delayNumerator: 0, delayDenominator: 0) == .zero)
  }

  @Test func sumsAndQuotientsStayExact() {
    #expect(Fraction(1, 10) + Fraction(2, 10) == Fraction(3, 10))
    #expect(Fraction(0) + Fraction(31) / Fraction(60) == Fraction(31, 60))
  }

  @Test func manifestDecimalsAreReadAsWritten() {
    #expect(Fraction(decimal: 0.016667) == Fraction(16667, 1_000_000))
    #expect(Fraction(decimal: 29.97) == Fraction(2997, 100))
    #expect(Fraction(decimal: 60) == Fraction(60))
    #expect(Fraction(decimal: .infinity) == nil && Fraction(decimal: 1e300) == nil)
  }
}
