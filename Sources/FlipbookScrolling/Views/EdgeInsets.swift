import FlipbookLayers
import Foundation

// MARK: - EdgeInsets

/// Margins on the four sides (`UIEdgeInsets`), in points. A scroll view's `contentInset` is one.
public struct EdgeInsets: Hashable, Sendable, Animatable, CustomStringConvertible {
  /// The top margin: a refreshing header's height while it shows.
  public var top: Double
  /// The left margin.
  public var left: Double
  /// The bottom margin.
  public var bottom: Double
  /// The right margin.
  public var right: Double

  /// Insets with the given margins, 0 where left out.
  public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// No margins (`UIEdgeInsetsZero`).
  public static let zero = EdgeInsets()

  public var description: String { "{\(top), \(left), \(bottom), \(right)}" }

  public var components: [Double] { [top, left, bottom, right] }
  public func with(components c: [Double]) -> EdgeInsets {
    EdgeInsets(top: c[0], left: c[1], bottom: c[2], right: c[3])
  }
  public func interpolated(to o: EdgeInsets, fraction t: Double) -> EdgeInsets {
    with(components: zip(components, o.components).map { $0 + ($1 - $0) * t })
  }
  public func adding(_ o: EdgeInsets) -> EdgeInsets { with(components: zip(components, o.components).map(+)) }
  public func scaled(by f: Double) -> EdgeInsets { with(components: components.map { $0 * f }) }
  public func distance(to o: EdgeInsets) -> Double {
    zip(components, o.components).map { ($0 - $1) * ($0 - $1) }.reduce(0, +).squareRoot()
  }
}
