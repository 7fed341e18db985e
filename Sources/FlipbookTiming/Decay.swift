import Foundation

/// `UIScrollView.decelerationRate` values: the factor the velocity is multiplied by every millisecond.
///
/// Apple documents only the names
/// (https://developer.apple.com/documentation/uikit/uiscrollview/decelerationrate-swift.struct); the numbers are the
/// widely cited ones: a 2009 developer report of "0.998 and 0.990 in iPhone OS 3.0", repeated by flowkey's
/// `UIScrollView.swift` (https://github.com/flowkey/UIKit-cross-platform) and other reimplementations.
public enum DecelerationRate {
  /// `UIScrollView.DecelerationRate.normal`: 0.998 per millisecond (the widely cited value, see above).
  public static let normal: Double = 0.998
  /// `UIScrollView.DecelerationRate.fast`: 0.99 per millisecond (the widely cited value, see above).
  public static let fast: Double = 0.99
}

/// A scroll view's deceleration after the finger lifts: the velocity decays geometrically, v(t) = v₀·r^(1000t)
/// with r per millisecond (the rate's unit, as the values above are quoted).
///
/// With k = 1000·ln r (negative) the closed forms are x(t) = x₀ + v₀·(r^(1000t) − 1)/k and the resting point x₀ − v₀/k
/// (super-ultra/ScrollMechanics' `DecelerationTimingParameters.swift`, https://github.com/super-ultra/ScrollMechanics;
/// WWDC18 "Designing Fluid Interfaces", https://developer.apple.com/videos/play/wwdc2018/803/). At 0.998 the time
/// constant −1/k is ≈ 0.4995 s, so 1000 pt/s coasts ≈ 499.5 pt.
public struct Decay: Hashable, Sendable {
  /// The position x₀ at t = 0, in points.
  public var initialValue: Double
  /// The velocity v₀ at t = 0, in points per second.
  public var initialVelocity: Double
  /// The velocity factor r per millisecond, in `0..<1`; see ``DecelerationRate``.
  public var rate: Double

  /// Creates a deceleration from `initialValue` at `initialVelocity` points per second.
  public init(initialValue: Double = 0, initialVelocity: Double, rate: Double = DecelerationRate.normal) {
    self.initialValue = initialValue
    self.initialVelocity = initialVelocity
    self.rate = rate
  }

  /// k = 1000·ln r, the (negative) exponential rate per second.
  public var k: Double { 1000 * log(rate) }

  /// −1/k, the seconds for the velocity to fall by a factor e: ≈ 0.4995 s at 0.998.
  public var timeConstant: Double { -1 / k }

  /// The position at `t` seconds: x₀ + v₀·(r^(1000t) − 1)/k; x₀ for t ≤ 0.
  public func value(at t: Double) -> Double {
    guard t > 0 else { return initialValue }
    return initialValue + initialVelocity * (pow(rate, 1000 * t) - 1) / k
  }

  /// The velocity at `t` seconds, v₀·r^(1000t), in points per second.
  public func velocity(at t: Double) -> Double {
    guard t > 0 else { return initialVelocity }
    return initialVelocity * pow(rate, 1000 * t)
  }

  /// Where the motion comes to rest: x₀ − v₀/k (ScrollMechanics' `DecelerationTimingParameters.swift`).
  public var destination: Double { initialValue - initialVelocity / k }

  /// Seconds until the speed falls below `velocity` points per second: ln(ε/|v₀|)/k, or 0 if it already has.
  public func duration(threshold velocity: Double) -> Double {
    let speed = abs(initialVelocity)
    guard speed > velocity, velocity > 0 else { return velocity > 0 ? 0 : .infinity }
    return log(velocity / speed) / k
  }

  /// Seconds until the remaining distance to ``destination`` falls below `distance` points:
  /// ln(−k·ε/|v₀|)/k, the form of ScrollMechanics' `DecelerationTimingParameters.swift`; 0 if it already has.
  public func duration(distanceThreshold distance: Double) -> Double {
    duration(threshold: -k * distance)
  }
}
