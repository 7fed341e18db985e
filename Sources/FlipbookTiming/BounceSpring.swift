import Foundation

// MARK: - BounceSpring

/// How a scroll view springs back to its edge after being released beyond it, or after deceleration
/// carries it past the edge.
///
/// Apple publishes no formula. Flipbook uses super-ultra/ScrollMechanics' choice
/// (https://github.com/super-ultra/ScrollMechanics), a critically damped spring of mass 1 and stiffness 100 (ω =
/// 10 rad/s): from 65 pt at rest it is within 0.25 pt after about 0.8 s and visually home after 0.4–0.5 s, which
/// matches recordings of iOS. Critical damping never overshoots from rest, so the content never dips past the
/// edge on the way back.
public struct BounceSpring: Hashable, Sendable {
  /// Angular frequency ω = √(stiffness / mass), rad/s.
  public var omega: Double

  /// ScrollMechanics' spring: stiffness 100, mass 1, damping ratio 1.
  public static let scrollView = BounceSpring(omega: (100.0 / 1).squareRoot())

  /// A critically damped spring of angular frequency `omega`; a larger ω returns faster.
  public init(omega: Double) { self.omega = omega }

  /// Displacement from the rest position after `t` seconds, starting at `d0` with velocity `v0`:
  /// (d0 + (v0 + ω·d0)·t)·e^(−ωt).
  public func displacement(from d0: Double, velocity v0: Double, at t: Double) -> Double {
    (d0 + (v0 + omega * d0) * t) * exp(-omega * t)
  }

  /// The derivative of `displacement`: (v0 − ω·(v0 + ω·d0)·t)·e^(−ωt).
  public func velocity(from d0: Double, velocity v0: Double, at t: Double) -> Double {
    (v0 - omega * (v0 + omega * d0) * t) * exp(-omega * t)
  }

  /// The time after which the displacement stays within `threshold` of rest.
  public func settleTime(from d0: Double, velocity v0: Double, threshold: Double) -> Double {
    guard threshold > 0 else { return .infinity }
    // |d(t)| ≤ (|d0| + |v0 + ω·d0|·t)·e^(−ωt). That bound rises to one peak, then only falls: the first
    // time past the peak where it is under the threshold is when the motion is settled for good.
    let a = abs(d0)
    let b = abs(v0 + omega * d0)
    func bound(_ t: Double) -> Double { (a + b * t) * exp(-omega * t) }
    let peak = b > omega * a ? (b - omega * a) / (omega * b) : 0
    if bound(peak) <= threshold { return 0 }
    var lo = peak
    var hi = peak + 1 / omega
    while bound(hi) > threshold { hi = peak + 2 * (hi - peak) }
    for _ in 0..<80 {
      let mid = (lo + hi) / 2
      if bound(mid) > threshold { lo = mid } else { hi = mid }
    }
    return hi
  }
}

// MARK: - ScrollMotion

/// The motion of a scroll axis after the finger lifts: a closed-form function of the time since
/// release, never stepped by timers.
///
/// Inside the limits it decelerates (`Decay`, 0.998 per millisecond by default); if that would carry it
/// past an edge, it decelerates up to the edge and springs back from there with the speed it had; if it
/// starts beyond an edge, it springs straight back. It settles when within `threshold` of where it stops
/// (half a pixel: 0.5 / scale points, as ScrollMechanics does).
public struct ScrollMotion: Hashable, Sendable {
  /// Which half of the motion is playing: a scroll view reports `isDecelerating` through both, but
  /// a refresh component sees the spring's pull back to the edge differently from free deceleration.
  public enum Phase: Hashable, Sendable {
    /// Slowing down inside the limits, by the deceleration rate.
    case decelerating
    /// Springing back to an edge, from beyond it.
    case bouncing
  }

  /// The position at release, in points.
  public let start: Double
  /// The velocity at release, in points per second.
  public let velocity: Double
  /// The resting range; beyond it the spring pulls the axis back to the nearer edge.
  public let limits: ClosedRange<Double>
  /// The deceleration rate per millisecond (`DecelerationRate.normal` is UIKit's 0.998).
  public let rate: Double
  /// The spring that returns the axis to an edge.
  public let spring: BounceSpring
  /// How close to where it stops the axis must be to count as settled, in points.
  public let threshold: Double
  /// When the spring takes over (0 when starting beyond an edge; infinite when it never does).
  public let bounceStart: Double
  /// The edge the spring returns to (nil when the motion stays inside).
  public let bounceEdge: Double?
  /// Position and velocity when the spring takes over.
  let bounceFrom: (position: Double, velocity: Double)

  public static func == (a: ScrollMotion, b: ScrollMotion) -> Bool {
    a.start == b.start && a.velocity == b.velocity && a.limits == b.limits && a.rate == b.rate && a.spring == b.spring
      && a.threshold == b.threshold
  }
  public func hash(into hasher: inout Hasher) {
    hasher.combine(start)
    hasher.combine(velocity)
  }

  /// - Parameters:
  ///   - position: where the axis is when the finger lifts (for a pull: contentOffset.y).
  ///   - velocity: its velocity then, in points per second.
  ///   - limits: the resting range (−inset.top ... contentHeight + inset.bottom − viewport height).
  public init(
    position: Double, velocity: Double, limits: ClosedRange<Double>, rate: Double = DecelerationRate.normal,
    spring: BounceSpring = .scrollView, threshold: Double = 0.25
  ) {
    self.start = position
    self.velocity = velocity
    self.limits = limits
    self.rate = rate
    self.spring = spring
    self.threshold = threshold
    if position < limits.lowerBound || position > limits.upperBound {
      bounceStart = 0
      bounceEdge = position < limits.lowerBound ? limits.lowerBound : limits.upperBound
      bounceFrom = (position, velocity)
      return
    }
    let decay = Decay(initialValue: position, initialVelocity: velocity, rate: rate)
    let destination = decay.destination
    if velocity != 0, destination < limits.lowerBound || destination > limits.upperBound {
      let edge = destination < limits.lowerBound ? limits.lowerBound : limits.upperBound
      // x(t) = x0 + v0·(e^(kt) − 1)/k reaches the edge when e^(kt) = 1 + (edge − x0)·k/v0.
      let crossing = log(1 + (edge - position) * decay.k / velocity) / decay.k
      bounceStart = crossing
      bounceEdge = edge
      bounceFrom = (edge, decay.velocity(at: crossing))
    } else {
      bounceStart = .infinity
      bounceEdge = nil
      bounceFrom = (position, 0)
    }
  }

  /// A motion that springs to `edge` from wherever it is, even from inside `limits`: how a bounce in
  /// progress continues when the edge it returns to moves (an inset animating under it).
  public init(
    bouncingFrom position: Double, velocity: Double, to edge: Double, limits: ClosedRange<Double>,
    rate: Double = DecelerationRate.normal, spring: BounceSpring = .scrollView, threshold: Double = 0.25
  ) {
    self.start = position
    self.velocity = velocity
    self.limits = limits
    self.rate = rate
    self.spring = spring
    self.threshold = threshold
    bounceStart = 0
    bounceEdge = edge
    bounceFrom = (position, velocity)
  }

  var decay: Decay { Decay(initialValue: start, initialVelocity: velocity, rate: rate) }

  /// Where the motion comes to rest.
  public var restingPosition: Double { bounceEdge ?? decay.destination }

  /// Whether the axis is decelerating or bouncing `t` seconds after release.
  public func phase(at t: Double) -> Phase { t >= bounceStart ? .bouncing : .decelerating }

  /// Where the axis is `t` seconds after release: the same `t` always gives the same position, so frames
  /// can be rendered in any order.
  public func position(at t: Double) -> Double {
    guard let edge = bounceEdge, t >= bounceStart else { return decay.value(at: max(t, 0)) }
    return edge
      + spring.displacement(from: bounceFrom.position - edge, velocity: bounceFrom.velocity, at: t - bounceStart)
  }

  /// The axis's velocity `t` seconds after release, in points per second.
  public func velocity(at t: Double) -> Double {
    guard let edge = bounceEdge, t >= bounceStart else { return decay.velocity(at: max(t, 0)) }
    return spring.velocity(from: bounceFrom.position - edge, velocity: bounceFrom.velocity, at: t - bounceStart)
  }

  /// The time after release when the motion is within `threshold` of its resting position for good.
  public var settleTime: Double {
    if let edge = bounceEdge {
      return bounceStart
        + spring.settleTime(from: bounceFrom.position - edge, velocity: bounceFrom.velocity, threshold: threshold)
    }
    guard velocity != 0 else { return 0 }
    return max(0, decay.duration(distanceThreshold: threshold))
  }
}
