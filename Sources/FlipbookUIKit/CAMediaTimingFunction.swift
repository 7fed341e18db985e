import FlipbookTiming
import Foundation

// MARK: - CAMediaTimingFunction

/// A timing curve as Core Animation names it, over Flipbook's `TimingFunction`.
public final class CAMediaTimingFunction {
  /// The engine's curve.
  public let function: TimingFunction

  /// One of the named curves (`CAMediaTimingFunction(name: .easeInEaseOut)`).
  public init(name: CAMediaTimingFunctionName) { function = name.function }

  /// A cubic Bézier curve from (0, 0) to (1, 1) through two control points.
  public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
    function = TimingFunction(controlPoints: Double(c1x), Double(c1y), Double(c2x), Double(c2y))
  }
}

/// The named curves (`CAMediaTimingFunctionName`).
public struct CAMediaTimingFunctionName: Hashable, Sendable {
  let function: TimingFunction
  /// Constant speed.
  public static let linear = CAMediaTimingFunctionName(function: .linear)
  /// Starts slowly.
  public static let easeIn = CAMediaTimingFunctionName(function: .easeIn)
  /// Ends slowly.
  public static let easeOut = CAMediaTimingFunctionName(function: .easeOut)
  /// Starts and ends slowly.
  public static let easeInEaseOut = CAMediaTimingFunctionName(function: .easeInEaseOut)
  /// Core Animation's default for implicit animations.
  public static let `default` = CAMediaTimingFunctionName(function: .default)
}

/// What shows outside an animation's active time (`CAMediaTimingFillMode`).
public typealias CAMediaTimingFillMode = FillMode
