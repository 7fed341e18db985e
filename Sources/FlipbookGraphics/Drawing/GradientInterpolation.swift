import Foundation

// MARK: - GradientInterpolation

/// How a gradient's colours blend between its stops.
///
/// `.sRGB` blends the sRGB-encoded components in a straight line (what Cairo does, and Flipbook's default).
///
/// `.genericRGB` is how iOS draws a `CAGradientLayer` of device-RGB colours, measured against the images iOS drew for
/// lottie-ios's gradient samples (no Apple document says it): each stop is converted into Generic RGB — Apple's
/// `kCGColorSpaceGenericRGB`, the Trinitron (P22) primaries with a D65 white and a 1.8 gamma — clipped to that
/// space's gamut, blended there, and converted back to sRGB. The clipping is visible: a saturated sRGB stop such as
/// (1, 0, 0.4) lies outside Generic RGB's gamut, and comes back with its zero channel lifted (green 37–40 of 255
/// where the stops say 0–24). Fitted on `LottieFiles/gradient_pill` at progress 0 and 0.75, where each pixel's
/// position along the gradient is known, the model is within 0.1 of a level on average (at most 1.7) of what iOS
/// drew, where blending the sRGB values is 8.9 levels off in red and 37 in green.
public enum GradientInterpolation: String, CaseIterable, Sendable {
  /// Straight between the sRGB-encoded components.
  case sRGB
  /// As iOS draws a `CAGradientLayer`: in Generic RGB, each stop clipped to its gamut.
  case genericRGB

  /// Sub-stops per stretch between two stops when blending in Generic RGB: Cairo blends the sRGB values linearly
  /// between them, which is within a quarter of a level of the curve at 32.
  static let subStopsPerSegment = 32

  /// The stops Cairo blends linearly in sRGB to draw `stops` blended this way: `stops` themselves for `.sRGB`;
  /// for `.genericRGB` each stop converted through Generic RGB and every stretch between two stops cut into
  /// `subStopsPerSegment` pieces whose ends lie on the Generic RGB blend. Alpha blends linearly in both.
  public func cairoStops(_ stops: [(Double, Color)]) -> [(Double, Color)] {
    guard self == .genericRGB else { return stops }
    let encoded = stops.map { (location: $0.0, generic: GenericRGB.encoded($0.1), alpha: $0.1.alpha) }
    guard let first = encoded.first else { return [] }
    var result = [(first.location, GenericRGB.sRGBColor(first.generic, alpha: first.alpha))]
    for (from, to) in zip(encoded, encoded.dropFirst()) {
      let pieces = to.location > from.location ? Self.subStopsPerSegment : 1
      for step in 1...pieces {
        let t = Double(step) / Double(pieces)
        let blend = (0..<3).map { from.generic[$0] + (to.generic[$0] - from.generic[$0]) * t }
        let location = from.location + (to.location - from.location) * t
        result.append((location, GenericRGB.sRGBColor(blend, alpha: from.alpha + (to.alpha - from.alpha) * t)))
      }
    }
    return result
  }
}

/// Apple's Generic RGB colour space as the gradient model uses it: the P22 (Trinitron) primaries R (0.630, 0.340),
/// G (0.295, 0.605), B (0.155, 0.077) with the D65 white (ITU-T H.273 colour primaries 22), a pure 1.8 gamma.
enum GenericRGB {
  /// The gamma of its transfer curve.
  static let gamma = 1.8

  /// Linear sRGB → linear Generic RGB, both relative to D65: sRGB → XYZ as IEC 61966-2-1 publishes it (the matrix
  /// the snapshot metric uses too), XYZ → Generic RGB from its primaries.
  static let fromLinearSRGB: [[Double]] = {
    let generic = rgbToXYZ(red: (0.630, 0.340), green: (0.295, 0.605), blue: (0.155, 0.077))
    return multiply(inverse(generic), LabDeltaE.rgbToXYZ)
  }()
  /// Linear Generic RGB → linear sRGB.
  static let toLinearSRGB: [[Double]] = inverse(fromLinearSRGB)

  /// A colour's Generic RGB components, gamma-encoded, clipped to 0…1.
  static func encoded(_ color: Color) -> [Double] {
    let linear = [color.red, color.green, color.blue].map { sRGBDecode(min(max($0, 0), 1)) }
    return apply(fromLinearSRGB, linear).map { pow(min(max($0, 0), 1), 1 / gamma) }
  }

  /// The sRGB colour of gamma-encoded Generic RGB components.
  static func sRGBColor(_ generic: [Double], alpha: Double) -> Color {
    let srgb = apply(toLinearSRGB, generic.map { pow($0, gamma) }).map { sRGBEncode(min(max($0, 0), 1)) }
    return Color(red: srgb[0], green: srgb[1], blue: srgb[2], alpha: alpha)
  }

  /// The sRGB transfer curve (IEC 61966-2-1).
  static func sRGBDecode(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
  static func sRGBEncode(_ l: Double) -> Double { l <= 0.0031308 ? 12.92 * l : 1.055 * pow(l, 1 / 2.4) - 0.055 }

  /// The RGB → XYZ matrix of primaries given by their xy chromaticities, white D65 (0.3127, 0.3290).
  static func rgbToXYZ(red: (Double, Double), green: (Double, Double), blue: (Double, Double)) -> [[Double]] {
    func xyz(_ p: (Double, Double)) -> [Double] { [p.0 / p.1, 1, (1 - p.0 - p.1) / p.1] }
    let columns = [xyz(red), xyz(green), xyz(blue)]
    let primaries = (0..<3).map { row in columns.map { $0[row] } }
    let scale = apply(inverse(primaries), xyz((0.3127, 0.3290)))
    return primaries.map { row in (0..<3).map { row[$0] * scale[$0] } }
  }

  static func apply(_ m: [[Double]], _ v: [Double]) -> [Double] {
    m.map { row in zip(row, v).map(*).reduce(0, +) }
  }

  static func multiply(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
    a.map { row in (0..<3).map { column in (0..<3).map { row[$0] * b[$0][column] }.reduce(0, +) } }
  }

  static func inverse(_ m: [[Double]]) -> [[Double]] {
    let (a, b, c) = (m[0][0], m[0][1], m[0][2])
    let (d, e, f) = (m[1][0], m[1][1], m[1][2])
    let (g, h, i) = (m[2][0], m[2][1], m[2][2])
    let determinant = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    return [
      [(e * i - f * h) / determinant, (c * h - b * i) / determinant, (b * f - c * e) / determinant],
      [(f * g - d * i) / determinant, (a * i - c * g) / determinant, (c * d - a * f) / determinant],
      [(d * h - e * g) / determinant, (b * g - a * h) / determinant, (a * e - b * d) / determinant],
    ]
  }
}
