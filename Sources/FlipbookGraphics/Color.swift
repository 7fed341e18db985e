import Foundation

// MARK: - Color

/// An sRGB colour with straight (not premultiplied) alpha, each component in 0...1.
///
/// Written in scene documents as `#RRGGBB` or `#RRGGBBAA`, like the hex constants in the originals
/// (EGO's header background is `#E2E7ED`).
public struct Color: Hashable, Sendable, CustomStringConvertible {
  /// The red component, 0...1.
  public var red: Double
  /// The green component, 0...1.
  public var green: Double
  /// The blue component, 0...1.
  public var blue: Double
  /// The opacity, 0 (transparent) ... 1 (opaque), not premultiplied into the other components.
  public var alpha: Double

  /// A colour from its sRGB components and alpha, each in 0...1 (opaque unless `alpha` is given).
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// A gray level, as `UIColor(white:alpha:)`.
  public init(white: Double, alpha: Double = 1) {
    self.init(red: white, green: white, blue: white, alpha: alpha)
  }

  /// Parses `#RRGGBB` or `#RRGGBBAA` (the `#` is optional, case is ignored); nil for anything else.
  public init?(hex: String) {
    var digits = Substring(hex)
    if digits.hasPrefix("#") { digits = digits.dropFirst() }
    guard digits.count == 6 || digits.count == 8, let value = UInt32(digits, radix: 16) else { return nil }
    let rgba = digits.count == 6 ? (value << 8) | 0xFF : value
    self.init(
      red: Double((rgba >> 24) & 0xFF) / 255, green: Double((rgba >> 16) & 0xFF) / 255,
      blue: Double((rgba >> 8) & 0xFF) / 255, alpha: Double(rgba & 0xFF) / 255)
  }

  /// `#RRGGBB` when opaque, `#RRGGBBAA` otherwise, each component rounded to 8 bits.
  public var hex: String {
    let bytes = [red, green, blue, alpha].map { UInt8((min(max($0, 0), 1) * 255).rounded()) }
    let shown = bytes[3] == 255 ? bytes.prefix(3) : bytes[...]
    return "#" + shown.map { String(format: "%02X", $0) }.joined()
  }

  /// The colour as `hex` writes it, so that it prints as a scene document spells it.
  public var description: String { hex }

  /// The same colour with its alpha multiplied by `factor`.
  public func multiplyingAlpha(_ factor: Double) -> Color {
    Color(red: red, green: green, blue: blue, alpha: alpha * factor)
  }

  /// Component-wise linear interpolation in sRGB, as Core Animation interpolates colours.
  public func interpolated(to other: Color, fraction t: Double) -> Color {
    Color(
      red: red + (other.red - red) * t, green: green + (other.green - green) * t,
      blue: blue + (other.blue - blue) * t, alpha: alpha + (other.alpha - alpha) * t)
  }

  /// Fully transparent black: what nothing drawn looks like.
  public static let clear = Color(white: 0, alpha: 0)
  /// Opaque black.
  public static let black = Color(white: 0)
  /// Opaque white.
  public static let white = Color(white: 1)
  /// `UIColor.grayColor`: 50 % white.
  public static let gray = Color(white: 0.5)
  /// Opaque pure red, `#FF0000` (`UIColor.redColor`).
  public static let red = Color(red: 1, green: 0, blue: 0)
  /// Opaque pure green, `#00FF00` (`UIColor.greenColor`).
  public static let green = Color(red: 0, green: 1, blue: 0)
  /// Opaque pure blue, `#0000FF` (`UIColor.blueColor`).
  public static let blue = Color(red: 0, green: 0, blue: 1)
}

/// One pixel as straight 8-bit RGBA, the form tests probe and PNG files store.
public struct RGBA8: Hashable, Sendable, CustomStringConvertible {
  /// The red channel, 0...255.
  public var r: UInt8
  /// The green channel, 0...255.
  public var g: UInt8
  /// The blue channel, 0...255.
  public var b: UInt8
  /// The alpha channel, 0 (transparent) ... 255 (opaque); the colour channels are not premultiplied by it.
  public var a: UInt8

  /// A pixel from its channels, opaque unless `a` is given.
  public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
    self.r = r
    self.g = g
    self.b = b
    self.a = a
  }

  /// The channels in order, as `RGBA8(r, g, b, a)`: readable in a test failure.
  public var description: String { "RGBA8(\(r), \(g), \(b), \(a))" }

  /// The largest difference between two pixels' channels.
  public func distance(to other: RGBA8) -> Int {
    max(
      abs(Int(r) - Int(other.r)), abs(Int(g) - Int(other.g)), abs(Int(b) - Int(other.b)),
      abs(Int(a) - Int(other.a)))
  }
}
