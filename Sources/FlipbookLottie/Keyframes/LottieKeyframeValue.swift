import FlipbookGraphics
import FlipbookJSON
import Foundation

// MARK: - LottieKeyframeValue

/// A value an animatable Lottie property can hold, decoded from the JSON of a constant `k` or a keyframe's
/// `s`/`e`.
public protocol LottieKeyframeValue {
  /// Decodes the value at `cursor`; errors name the JSON path.
  static func decodeLottie(_ cursor: JSONCursor) throws(DocumentError) -> Self
}

extension Double: LottieKeyframeValue {
  /// A number, or the first number of an array: bodymovin writes one-dimensional keyframe values as `[v]`
  /// (lottie-ios `LottieVector1D`, `Sources/Private/Utility/Primitives/VectorsExtensions.swift`, 4.6.1).
  public static func decodeLottie(_ cursor: JSONCursor) throws(DocumentError) -> Double {
    if cursor.isArray {
      guard let first = try cursor.array().first else { throw cursor.error("expected a number, found an empty array") }
      return try first.number()
    }
    return try cursor.number()
  }
}

// MARK: - LottieVector

/// A two- or three-component Lottie vector: positions, anchors and scales (`[x, y]` or `[x, y, z]`; missing
/// components are 0, as lottie-ios's `LottieVector3D` reads them).
public struct LottieVector: Hashable, Sendable, LottieKeyframeValue {
  /// x (or width, or horizontal scale in percent).
  public var x: Double
  /// y.
  public var y: Double
  /// z, unused by a 2D animation.
  public var z: Double

  /// A vector from its components.
  public init(x: Double, y: Double, z: Double = 0) {
    self.x = x
    self.y = y
    self.z = z
  }

  /// As a point.
  public var point: CGPoint { CGPoint(x: x, y: y) }
  /// As a size.
  public var size: CGSize { CGSize(width: x, height: y) }

  /// An array of up to three numbers; a bare number is refused, as lottie-ios refuses it.
  public static func decodeLottie(_ cursor: JSONCursor) throws(DocumentError) -> LottieVector {
    let items = try cursor.array()
    var c = [0.0, 0.0, 0.0]
    for (i, item) in items.prefix(3).enumerated() { c[i] = try item.number() }
    return LottieVector(x: c[0], y: c[1], z: c[2])
  }
}

extension Color: LottieKeyframeValue {
  /// `[r, g, b]` or `[r, g, b, a]` in 0...1; when r, g and b all exceed 1 the file is in 0...255 and is scaled
  /// down. Alpha is ignored and the colour opaque, as lottie-ios does for consistency with Lottie on other
  /// platforms (`Sources/Private/Utility/Primitives/ColorExtension.swift`, 4.6.1): opacity is its own property.
  public static func decodeLottie(_ cursor: JSONCursor) throws(DocumentError) -> Color {
    let items = try cursor.array()
    var c = [0.0, 0.0, 0.0]
    for (i, item) in items.prefix(3).enumerated() { c[i] = try item.number() }
    if c[0] > 1, c[1] > 1, c[2] > 1 { c = c.map { $0 / 255 } }
    return Color(red: c[0], green: c[1], blue: c[2], alpha: 1)
  }
}

extension Array: LottieKeyframeValue where Element == Double {
  /// A flat array of numbers (gradient stops and colours).
  public static func decodeLottie(_ cursor: JSONCursor) throws(DocumentError) -> [Double] {
    try cursor.numbers()
  }
}
