import FlipbookGraphics
import Foundation

// MARK: - Arrays as animatable values

/// An array animates element by element, as Core Animation interpolates `CAGradientLayer.colors` and
/// `.locations` (both documented "Animatable" in `CAGradientLayer.h`). Arrays of different lengths cannot
/// blend: they switch at the midpoint, as `Discrete` values do.
extension Array: Animatable where Element: Animatable {
  public func interpolated(to other: [Element], fraction: Double) -> [Element] {
    guard count == other.count else { return fraction < 0.5 ? self : other }
    return zip(self, other).map { $0.interpolated(to: $1, fraction: fraction) }
  }

  /// Element by element for equal lengths; otherwise `other`, as a switch would show.
  public func adding(_ other: [Element]) -> [Element] {
    guard count == other.count else { return other }
    return zip(self, other).map { $0.adding($1) }
  }

  public func scaled(by factor: Double) -> [Element] { map { $0.scaled(by: factor) } }

  /// The root of the summed squared element distances (paced keyframes); 1 between arrays of different
  /// lengths, as for any switch.
  public func distance(to other: [Element]) -> Double {
    guard count == other.count else { return 1 }
    return zip(self, other).map { $0.distance(to: $1) * $0.distance(to: $1) }.reduce(0, +).squareRoot()
  }

  /// The elements' numbers laid end to end; empty when any element has none (such arrays are not splined).
  public var components: [Double] {
    var numbers: [Double] = []
    for element in self {
      let parts = element.components
      if parts.isEmpty { return [] }
      numbers += parts
    }
    return numbers
  }

  public func with(components: [Double]) -> [Element] {
    guard components.count == self.components.count else { return self }
    var index = 0
    return map { element in
      let width = element.components.count
      defer { index += width }
      return element.with(components: Array<Double>(components[index..<index + width]))
    }
  }
}
