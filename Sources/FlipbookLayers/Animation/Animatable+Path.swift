import FlipbookGraphics
import Foundation

// MARK: - Paths as animatable values

/// A `CAShapeLayer.path` animation morphs: two paths drawn with the same elements blend point by point (see
/// `Path.morphed(to:fraction:)` for Apple's wording). Paths drawn differently, whose blend Apple leaves
/// undefined, switch from one to the other at the midpoint, as `Discrete` values do. The empty path stands for
/// no path (`nil`).
extension Path: Animatable {
  public func interpolated(to other: Path, fraction: Double) -> Path {
    if self == other { return self }
    return morphed(to: other, fraction: fraction) ?? (fraction < 0.5 ? self : other)
  }

  /// Point by point when drawn alike (additive path animations); otherwise `other`, as a switch would show.
  public func adding(_ other: Path) -> Path {
    combined(with: other) { CGPoint(x: $0.x + $1.x, y: $0.y + $1.y) } ?? other
  }

  public func scaled(by factor: Double) -> Path { mappingPoints { CGPoint(x: $0.x * factor, y: $0.y * factor) } }

  /// The root of the summed squared distances between matching points (paced keyframes); 1 between paths
  /// drawn differently, as for any switch.
  public func distance(to other: Path) -> Double {
    guard hasSameStructure(as: other) else { return self == other ? 0 : 1 }
    return zip(pointCoordinates, other.pointCoordinates).map { ($0 - $1) * ($0 - $1) }.reduce(0, +).squareRoot()
  }

  public var components: [Double] { pointCoordinates }

  public func with(components: [Double]) -> Path { replacingPointCoordinates(components) ?? self }
}
