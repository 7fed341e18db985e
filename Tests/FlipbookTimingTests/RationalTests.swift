import Testing

@testable import FlipbookTiming

@Suite("Rational: exact times")
struct RationalTests {
  @Test("A decimal's text is taken exactly, reduced, with a positive denominator")
  func decimals() throws {
    #expect(Rational(decimal: 0.35)?.description == "7/20")
    #expect(Rational(decimal: -0.125)?.description == "-1/8")
    #expect(Rational(decimal: 29.97)?.description == "2997/100")
    #expect(Rational(decimal: 1e-7)?.description == "1/10000000")
    #expect(Rational(decimal: 86_400)?.description == "86400")
    #expect(Rational(decimal: .infinity) == nil)
    #expect(Rational(decimal: .nan) == nil)
    #expect(Rational(6, -8)?.description == "-3/4")
    #expect(Rational(1, 0) == nil)
  }

  @Test("The float sum that motivated it: 0.35 + 3/60 is exactly the tick 24/60, and the same Double")
  func theDriftThatMattered() throws {
    let from = try #require(Rational(decimal: 0.35))
    let frame3 = from + (Rational(3) / Rational(60))!
    let tick24 = (Rational(24) / Rational(60))!
    #expect(0.35 + 3.0 / 60 < 0.4, "the float sum falls one ulp short of the tick")
    #expect(frame3 == tick24)
    #expect(frame3.seconds == 0.4)
    #expect(!(frame3 < tick24) && !(tick24 < frame3))
  }

  @Test("Arithmetic, comparison and rounding match hand-worked values")
  func arithmetic() throws {
    let a = Rational(1, 3)!
    let b = Rational(1, 6)!
    #expect((a + b).description == "1/2")
    #expect((a - b).description == "1/6")
    #expect((a * b).description == "1/18")
    #expect((a / b)?.description == "2")
    #expect(a / .zero == nil)
    #expect(b < a && !(a < b))
    #expect(Rational(7, 2)!.floor == 3 && Rational(7, 2)!.ceiling == 4 && Rational(7, 2)!.rounded == 4)
    #expect(Rational(-7, 2)!.floor == -4 && Rational(-7, 2)!.ceiling == -3 && Rational(-7, 2)!.rounded == -3)
    #expect(Rational(6, 2)!.ceiling == 3 && Rational(6, 2)!.floor == 3)
  }

  @Test("Results beyond 64 bits become the nearest fraction that fits instead of trapping")
  func overflowApproximates() throws {
    let huge = Rational(Int64.max, 3)!
    let sum = huge + huge
    #expect(sum.denominator >= 1)
    #expect(abs(sum.seconds - 2 * (Double(Int64.max) / 3)) / sum.seconds < 1e-15)
    // Past the largest 64-bit value it saturates.
    #expect((sum + sum).description == "\(Int64.max)")
    let tiny = Rational(1, Int64.max)! * Rational(1, 7)!
    #expect(tiny.seconds >= 0 && tiny.seconds < 1e-18)
  }

  @Test("Best approximations under a bound: π's convergents, and numerator limits")
  func approximations() throws {
    let pi = Rational(314_159_265_358_979, 100_000_000_000_000)!
    #expect(pi.approximated(maxNumerator: 1_000_000, maxDenominator: 10)?.description == "22/7")
    #expect(pi.approximated(maxNumerator: 1_000_000, maxDenominator: 200)?.description == "355/113")
    #expect(Rational(7, 60)!.approximated(maxNumerator: 65535, maxDenominator: 65535)?.description == "7/60")
    // 1/65537 s does not fit a 16-bit denominator: the nearest that does is 1/65535.
    #expect(Rational(1, 65537)!.approximated(maxNumerator: 65535, maxDenominator: 65535)?.description == "1/65535")
    // 200000/3 s does not fit a 16-bit numerator at any denominator.
    #expect(Rational(200_000, 3)!.approximated(maxNumerator: 65535, maxDenominator: 65535) == nil)
    // 70000/3: the denominator 3 would need the numerator 70000; 46667/2 is the nearest that fits.
    #expect(Rational(70_000, 3)!.approximated(maxNumerator: 65535, maxDenominator: 65535)?.description == "46667/2")
  }
}

@Suite("FrameClock: frame i at start + i/rate")
struct FrameClockTests {
  @Test("Counts, times and the end are exact fractions")
  func times() throws {
    let clock = FrameClock(start: Rational(decimal: 0.35)!, end: Rational(decimal: 1)!, rate: Rational(60))
    #expect(clock.count == 39)
    #expect(clock.time(ofFrame: 3) == Rational(2, 5)!)
    #expect(clock.end == Rational(decimal: 1)!)
    #expect(clock.duration == Rational(13, 20)!)
    #expect(clock.frameDuration == Rational(1, 60)!)
    #expect(clock.times.count == 39)
  }

  @Test("An end between frames rounds the count up; an empty range still has one frame")
  func counts() throws {
    let rate = Rational(decimal: 29.97)!
    #expect(FrameClock(start: .zero, end: Rational(1), rate: rate).count == 30)
    #expect(FrameClock(start: Rational(1), end: Rational(1), rate: rate).count == 1)
    #expect(FrameClock(start: .zero, end: Rational(decimal: 0.1)!, rate: Rational(20)).count == 2)
  }

  @Test("The frame on screen at a time is the last one starting at or before it")
  func frameAt() throws {
    let clock = FrameClock(start: Rational(decimal: 0.5)!, rate: Rational(30), count: 10)
    #expect(clock.frame(at: Rational(decimal: 0.4)!) == nil)
    #expect(clock.frame(at: Rational(decimal: 0.5)!) == 0)
    #expect(clock.frame(at: Rational(8, 15)!) == 1)
    #expect(clock.frame(at: Rational(8, 15)! - Rational(1, 1_000_000)!) == 0)
    #expect(clock.frame(at: clock.end) == nil)
  }
}
