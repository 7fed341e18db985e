import FlipbookGraphics
import Foundation

// MARK: - Animatable

/// A value an animation can move: interpolated between two values, added (for `byValue`, additive and
/// cumulative animations), measured (for paced keyframes) and split into numbers (for cubic keyframes).
public protocol Animatable: Equatable {
  /// The value at `fraction` between `self` (0) and `other` (1); fractions outside 0...1 extrapolate
  /// where that makes sense (springs overshoot).
  func interpolated(to other: Self, fraction: Double) -> Self
  /// `self + other`, component by component.
  func adding(_ other: Self) -> Self
  /// `self × factor`, component by component (cumulative repeats add the end value k times).
  func scaled(by factor: Double) -> Self
  /// The distance between two values: how paced keyframes space their key times.
  func distance(to other: Self) -> Double
  /// The value as numbers, for cubic interpolation; empty for values that cannot be splined.
  var components: [Double] { get }
  /// Rebuilds a value from `components` (a template gives the non-numeric parts).
  func with(components: [Double]) -> Self
}

extension Animatable {
  public var components: [Double] { [] }
  public func with(components: [Double]) -> Self { self }
}

extension Double: Animatable {
  public func interpolated(to other: Double, fraction: Double) -> Double { self + (other - self) * fraction }
  public func adding(_ other: Double) -> Double { self + other }
  public func scaled(by factor: Double) -> Double { self * factor }
  public func distance(to other: Double) -> Double { abs(other - self) }
  public var components: [Double] { [self] }
  public func with(components: [Double]) -> Double { components[0] }
}

extension CGPoint: Animatable {
  public func interpolated(to o: CGPoint, fraction t: Double) -> CGPoint {
    CGPoint(x: x + (o.x - x) * t, y: y + (o.y - y) * t)
  }
  public func adding(_ o: CGPoint) -> CGPoint { CGPoint(x: x + o.x, y: y + o.y) }
  public func scaled(by f: Double) -> CGPoint { CGPoint(x: x * f, y: y * f) }
  public func distance(to o: CGPoint) -> Double { hypot(o.x - x, o.y - y) }
  public var components: [Double] { [x, y] }
  public func with(components c: [Double]) -> CGPoint { CGPoint(x: c[0], y: c[1]) }
}

extension CGSize: Animatable {
  public func interpolated(to o: CGSize, fraction t: Double) -> CGSize {
    CGSize(width: width + (o.width - width) * t, height: height + (o.height - height) * t)
  }
  public func adding(_ o: CGSize) -> CGSize { CGSize(width: width + o.width, height: height + o.height) }
  public func scaled(by f: Double) -> CGSize { CGSize(width: width * f, height: height * f) }
  public func distance(to o: CGSize) -> Double { hypot(o.width - width, o.height - height) }
  public var components: [Double] { [width, height] }
  public func with(components c: [Double]) -> CGSize { CGSize(width: c[0], height: c[1]) }
}

extension CGRect: Animatable {
  public func interpolated(to o: CGRect, fraction t: Double) -> CGRect {
    CGRect(origin: origin.interpolated(to: o.origin, fraction: t), size: size.interpolated(to: o.size, fraction: t))
  }
  public func adding(_ o: CGRect) -> CGRect { CGRect(origin: origin.adding(o.origin), size: size.adding(o.size)) }
  public func scaled(by f: Double) -> CGRect { CGRect(origin: origin.scaled(by: f), size: size.scaled(by: f)) }
  public func distance(to o: CGRect) -> Double {
    let d = zip(components, o.components).map { ($0 - $1) * ($0 - $1) }.reduce(0, +)
    return d.squareRoot()
  }
  public var components: [Double] { [origin.x, origin.y, size.width, size.height] }
  public func with(components c: [Double]) -> CGRect { CGRect(x: c[0], y: c[1], width: c[2], height: c[3]) }
}

extension Color: Animatable {
  public func adding(_ o: Color) -> Color {
    Color(red: red + o.red, green: green + o.green, blue: blue + o.blue, alpha: alpha + o.alpha)
  }
  public func scaled(by f: Double) -> Color { Color(red: red * f, green: green * f, blue: blue * f, alpha: alpha * f) }
  public func distance(to o: Color) -> Double {
    zip(components, o.components).map { ($0 - $1) * ($0 - $1) }.reduce(0, +).squareRoot()
  }
  public var components: [Double] { [red, green, blue, alpha] }
  public func with(components c: [Double]) -> Color { Color(red: c[0], green: c[1], blue: c[2], alpha: c[3]) }
}

extension Transform3D: Animatable {
  // Interpolation: `Transform3D.interpolated(to:fraction:)` decomposes the matrices and interpolates the
  // rotation on the sphere, as Core Animation does.
  /// Adding transforms composes them (`CATransform3DConcat`), as additive transform animations do.
  public func adding(_ other: Transform3D) -> Transform3D { concatenating(other) }
  public func scaled(by factor: Double) -> Transform3D { Transform3D.identity.interpolated(to: self, fraction: factor) }
  public func distance(to other: Transform3D) -> Double {
    zip(values, other.values).map { ($0 - $1) * ($0 - $1) }.reduce(0, +).squareRoot()
  }
}

/// A value that does not interpolate: it switches from the start to the end value at the midpoint.
/// Core Animation cross-fades `contents`; Flipbook switches, which keeps frames exact (a documented gap).
public struct Discrete<Wrapped: Equatable>: Animatable {
  /// The wrapped value.
  public var value: Wrapped
  /// Wraps `value` so it can be animated by switching.
  public init(_ value: Wrapped) { self.value = value }
  public func interpolated(to other: Discrete, fraction: Double) -> Discrete { fraction < 0.5 ? self : other }
  public func adding(_ other: Discrete) -> Discrete { other }
  public func scaled(by factor: Double) -> Discrete { self }
  public func distance(to other: Discrete) -> Double { value == other.value ? 0 : 1 }
}
