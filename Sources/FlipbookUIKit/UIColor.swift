import FlipbookGraphics
import Foundation

// MARK: - UIColor

/// `UIColor`, over Flipbook's `Color` (`cgColor`); immutable, so shared freely (`@unchecked Sendable`).
open class UIColor: @unchecked Sendable {
  /// The colour as Core Graphics takes it.
  public let cgColor: CGColor

  /// Components 0...1.
  public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    cgColor = Color(red: Double(red), green: Double(green), blue: Double(blue), alpha: Double(alpha))
  }

  /// A grey.
  public init(white: CGFloat, alpha: CGFloat) { cgColor = Color(white: Double(white), alpha: Double(alpha)) }

  /// A colour Core Graphics made.
  public init(cgColor: CGColor) { self.cgColor = cgColor }

  /// The same colour at `alpha`.
  open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
    UIColor(red: CGFloat(cgColor.red), green: CGFloat(cgColor.green), blue: CGFloat(cgColor.blue), alpha: alpha)
  }

  /// Opaque black.
  public static let black = UIColor(white: 0, alpha: 1)
  /// Opaque white.
  public static let white = UIColor(white: 1, alpha: 1)
  /// Fully transparent.
  public static let clear = UIColor(white: 0, alpha: 0)
  /// 50 % grey.
  public static let gray = UIColor(white: 0.5, alpha: 1)
  /// 1/3 grey.
  public static let darkGray = UIColor(white: 1.0 / 3, alpha: 1)
  /// 2/3 grey.
  public static let lightGray = UIColor(white: 2.0 / 3, alpha: 1)
  /// Pure red.
  public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
  /// Pure green.
  public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
  /// Pure blue.
  public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
}

/// Colours compare by their components, as UIKit's `isEqual(_:)` does for colours in one colour space.
extension UIColor: Hashable {
  public static func == (a: UIColor, b: UIColor) -> Bool { a.cgColor == b.cgColor }
  public func hash(into hasher: inout Hasher) { hasher.combine(cgColor) }
}
