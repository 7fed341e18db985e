import Foundation

/// UIScrollView's rubber band: how far content moves when the finger drags it past an edge.
///
/// b = (1 − 1/(x·c/d + 1))·d = c·x·d/(d + c·x), with x the finger travel beyond the edge, d the scroll view's
/// dimension on that axis and c = 0.55 — Grant Paul's (@chpwn) formula, the one reimplementations share
/// (super-ultra/ScrollMechanics' `RubberBand.swift`, https://github.com/super-ultra/ScrollMechanics; Ole
/// Begemann's CustomScrollView). The offset approaches d but never reaches it.
public enum RubberBand {
  /// The constant c = 0.55 (Grant Paul's, as ScrollMechanics' `RubberBand.swift` uses it).
  public static let coefficient = 0.55

  /// The visible offset for a drag of `x` points past the edge of a view `d` points long; the sign of `x` is kept.
  public static func offset(distance x: Double, dimension d: Double, coefficient c: Double = coefficient) -> Double {
    guard d > 0 else { return 0 }
    let magnitude = (1 - 1 / (abs(x) * c / d + 1)) * d
    return x < 0 ? -magnitude : magnitude
  }

  /// The finger travel that produces offset `b`: x = b·d/(c·(d − b)), the formula above solved for x.
  /// Infinite once |b| reaches d; the sign of `b` is kept.
  public static func distance(offset b: Double, dimension d: Double, coefficient c: Double = coefficient) -> Double {
    guard d > 0 else { return 0 }
    let magnitude = abs(b)
    let x = magnitude >= d ? Double.infinity : magnitude * d / (c * (d - magnitude))
    return b < 0 ? -x : x
  }
}
