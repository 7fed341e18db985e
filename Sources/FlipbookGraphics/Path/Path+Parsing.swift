import Foundation

// MARK: - PathParseError

/// Why an SVG path string could not be read, and where. Offsets count Unicode scalars from the
/// start of the string (the same as characters for the ASCII that path data is made of).
public enum PathParseError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Path data must begin with `M` or `m`, because every other command needs a current point.
  case expectedMoveTo(offset: Int)
  /// A command's argument list ended early or held something that is not a number.
  case expectedNumber(offset: Int)
  /// An arc's large-arc or sweep flag was not `0` or `1`.
  case expectedFlag(offset: Int)
  /// Numbers appeared where only a command letter may stand (e.g. after `Z`).
  case expectedCommand(offset: Int)
  /// A character that is neither a supported command, a number nor a separator.
  case unexpectedCharacter(Character, offset: Int)
  /// A number too large to be a coordinate (`1e309` reads as infinity), as written.
  case numberOutOfRange(String, offset: Int)

  /// Largest coordinate, radius or angle a path may hold, either side of 0: a billion points is far past
  /// any screen, the bound every document number obeys, and keeps Cairo's fixed-point far from overflow.
  public static let maxCoordinate = 1e9

  /// Where in the path string the problem is, in Unicode scalars from its start.
  public var offset: Int {
    switch self {
    case .expectedMoveTo(let offset), .expectedNumber(let offset), .expectedFlag(let offset),
      .expectedCommand(let offset), .unexpectedCharacter(_, let offset), .numberOutOfRange(_, let offset):
      offset
    }
  }

  /// What was wrong and at which offset, as one line for an error message.
  public var description: String {
    switch self {
    case .expectedMoveTo(let offset): "expected a move-to command (M or m) at offset \(offset)"
    case .expectedNumber(let offset): "expected a number at offset \(offset)"
    case .expectedFlag(let offset): "expected an arc flag (0 or 1) at offset \(offset)"
    case .expectedCommand(let offset): "expected a command letter at offset \(offset)"
    case .unexpectedCharacter(let character, let offset):
      "unexpected character '\(character)' at offset \(offset)"
    case .numberOutOfRange(let text, let offset):
      "\(text) at offset \(offset) is beyond ±1e9, the largest coordinate a path may hold"
    }
  }
}

// MARK: - Reading and writing SVG path data

extension Path {
  /// Reads SVG path data, the readable form scene documents use: `M x y`, `L x y`, `H x`, `V y`,
  /// `Q cx cy x y`, `C c1x c1y c2x c2y x y`, `A rx ry rotation largeArc sweep x y` and `Z`, with
  /// lowercase relative forms, commas or whitespace between numbers, and implicit repeats (extra
  /// coordinates after `M`/`m` are lines). Coordinates are y-down, as in SVG. Elliptical arcs
  /// become cubic Béziers. An empty string gives an empty path.
  public init(svg: String) throws(PathParseError) {
    var parser = SVGPathParser(svg)
    self = try parser.parse()
  }

  /// The path as absolute SVG path data (`M`/`L`/`Q`/`C`/`Z`) with numbers in their shortest
  /// exact form, so `Path(svg: path.svgString)` gives back an equal path.
  public var svgString: String {
    var parts: [String] = []
    for element in elements {
      switch element {
      case .move(let p): parts.append("M \(Self.svgNumbers(p))")
      case .line(let p): parts.append("L \(Self.svgNumbers(p))")
      case .quadCurve(let c, let p): parts.append("Q \(Self.svgNumbers(c, p))")
      case .curve(let c1, let c2, let p): parts.append("C \(Self.svgNumbers(c1, c2, p))")
      case .close: parts.append("Z")
      }
    }
    return parts.joined(separator: " ")
  }

  private static func svgNumbers(_ points: CGPoint...) -> String {
    points.map { "\(svgNumber($0.x)) \(svgNumber($0.y))" }.joined(separator: " ")
  }

  /// The shortest text that reads back as exactly `value`: integers without ".0", everything
  /// else in Swift's shortest round-tripping form.
  static func svgNumber(_ value: Double) -> String {
    if value == 0 { return "0" }  // also turns -0 into 0
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return value.description
  }

  /// Appends an SVG elliptical arc from the current point to `end` (SVG spec, appendix F.6:
  /// endpoint to center parameterization, with radii scaled up when they cannot reach).
  mutating func addSVGArc(
    to end: CGPoint, radiusX: Double, radiusY: Double, rotationDegrees: Double,
    largeArc: Bool, sweep: Bool
  ) {
    guard let start = currentPoint else { return }
    if start == end { return }
    var (rx, ry) = (abs(radiusX), abs(radiusY))
    if rx == 0 || ry == 0 {
      addLine(to: end)
      return
    }
    let phi = rotationDegrees * .pi / 180
    let (cosPhi, sinPhi) = (cos(phi), sin(phi))
    let (hx, hy) = ((start.x - end.x) / 2, (start.y - end.y) / 2)
    let x1 = cosPhi * hx + sinPhi * hy
    let y1 = -sinPhi * hx + cosPhi * hy
    let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
    if lambda > 1 {
      rx *= lambda.squareRoot()
      ry *= lambda.squareRoot()
    }
    let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
    let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
    var coefficient = (max(0, numerator / denominator)).squareRoot()
    if largeArc == sweep { coefficient = -coefficient }
    let cx1 = coefficient * rx * y1 / ry
    let cy1 = -coefficient * ry * x1 / rx
    let center = CGPoint(
      x: cosPhi * cx1 - sinPhi * cy1 + (start.x + end.x) / 2,
      y: sinPhi * cx1 + cosPhi * cy1 + (start.y + end.y) / 2)
    let startAngle = atan2((y1 - cy1) / ry, (x1 - cx1) / rx)
    let endAngle = atan2((-y1 - cy1) / ry, (-x1 - cx1) / rx)
    var delta = endAngle - startAngle
    if sweep && delta < 0 { delta += 2 * .pi }
    if !sweep && delta > 0 { delta -= 2 * .pi }
    // An infinite radius (a coordinate past Double's range reads as infinity) leaves no finite centre:
    // such an arc is the straight chord.
    guard delta.isFinite, center.x.isFinite, center.y.isFinite else {
      addLine(to: end)
      return
    }
    // Reopen after a close so the curves have a subpath to extend.
    if case .close = elements.last { move(to: start) }
    appendArcCurves(
      center: center, radiusX: rx, radiusY: ry, rotation: phi, startAngle: startAngle,
      sweep: delta, exactEnd: end)
  }
}

// MARK: - SVGPathParser

/// A single pass over SVG path data, tracking the current point and subpath start that relative
/// commands are measured from.
private struct SVGPathParser {
  private let scalars: [Unicode.Scalar]
  private var index = 0
  private var path = Path()
  private var current = CGPoint.zero
  private var subpathStart = CGPoint.zero

  init(_ text: String) { scalars = Array(text.unicodeScalars) }

  mutating func parse() throws(PathParseError) -> Path {
    var command: Unicode.Scalar?
    while true {
      skipSeparators()
      guard index < scalars.count else { break }
      let scalar = scalars[index]
      if Self.isCommand(scalar) {
        if command == nil && scalar != "M" && scalar != "m" {
          throw .expectedMoveTo(offset: index)
        }
        command = scalar
        index += 1
        try run(scalar)
        // Coordinates after a move-to are implicit line-tos.
        if scalar == "M" { command = "L" }
        if scalar == "m" { command = "l" }
      } else if Self.startsNumber(scalar) {
        guard let repeated = command, repeated != "Z", repeated != "z" else {
          throw command == nil ? .expectedMoveTo(offset: index) : .expectedCommand(offset: index)
        }
        try run(repeated)
      } else {
        throw .unexpectedCharacter(Character(scalar), offset: index)
      }
    }
    return path
  }

  /// Reads one set of arguments for `command` and draws it.
  private mutating func run(_ command: Unicode.Scalar) throws(PathParseError) {
    let relative = command.properties.isLowercase
    let origin = relative ? current : .zero
    func absolute(_ x: Double, _ y: Double) -> CGPoint {
      CGPoint(x: origin.x + x, y: origin.y + y)
    }
    switch command {
    case "M", "m":
      let p = try absolute(number(), number())
      path.move(to: p)
      subpathStart = p
      current = p
    case "L", "l":
      let p = try absolute(number(), number())
      path.addLine(to: p)
      current = p
    case "H", "h":
      let x = try number()
      current = CGPoint(x: relative ? current.x + x : x, y: current.y)
      path.addLine(to: current)
    case "V", "v":
      let y = try number()
      current = CGPoint(x: current.x, y: relative ? current.y + y : y)
      path.addLine(to: current)
    case "Q", "q":
      let control = try absolute(number(), number())
      let p = try absolute(number(), number())
      path.addQuadCurve(to: p, control: control)
      current = p
    case "C", "c":
      let control1 = try absolute(number(), number())
      let control2 = try absolute(number(), number())
      let p = try absolute(number(), number())
      path.addCurve(to: p, control1: control1, control2: control2)
      current = p
    case "A", "a":
      let (rx, ry, rotation) = try (number(), number(), number())
      let (largeArc, sweep) = try (flag(), flag())
      let p = try absolute(number(), number())
      path.addSVGArc(
        to: p, radiusX: rx, radiusY: ry, rotationDegrees: rotation, largeArc: largeArc,
        sweep: sweep)
      current = p
    default:  // Z, z
      path.closeSubpath()
      current = subpathStart
    }
  }

  private static func isCommand(_ scalar: Unicode.Scalar) -> Bool {
    "MmLlHhVvQqCcAaZz".unicodeScalars.contains(scalar)
  }

  private static func startsNumber(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "+" || scalar == "-" || scalar == "." || isDigit(scalar)
  }

  private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
    ("0"..."9").contains(scalar)
  }

  private mutating func skipSeparators() {
    while index < scalars.count,
      scalars[index] == "," || scalars[index].properties.isWhitespace
    {
      index += 1
    }
  }

  private mutating func skipDigits() -> Int {
    let start = index
    while index < scalars.count, Self.isDigit(scalars[index]) { index += 1 }
    return index - start
  }

  /// Reads `[sign] (digits [. digits] | . digits) [e [sign] digits]`. A second `.` ends the
  /// number, so "1.5.5" is two numbers, as SVG allows.
  private mutating func number() throws(PathParseError) -> Double {
    skipSeparators()
    let start = index
    if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" { index += 1 }
    var digits = skipDigits()
    if index < scalars.count, scalars[index] == "." {
      index += 1
      digits += skipDigits()
    }
    guard digits > 0 else {
      index = start
      throw .expectedNumber(offset: start)
    }
    if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
      // Only an exponent when digits follow; otherwise the "e" is left for the caller to reject.
      var lookahead = index + 1
      if lookahead < scalars.count, scalars[lookahead] == "+" || scalars[lookahead] == "-" {
        lookahead += 1
      }
      if lookahead < scalars.count, Self.isDigit(scalars[lookahead]) {
        index = lookahead
        _ = skipDigits()
      }
    }
    var text = String(String.UnicodeScalarView(scalars[start..<index]))
    if text.hasPrefix("+") { text.removeFirst() }
    guard let value = Double(text) else { throw .expectedNumber(offset: start) }
    guard value.isFinite, abs(value) <= PathParseError.maxCoordinate else {
      throw .numberOutOfRange(text, offset: start)
    }
    return value
  }

  /// Reads an arc flag: a single `0` or `1`, which need no separator after it ("a1 1 0 0110 10").
  private mutating func flag() throws(PathParseError) -> Bool {
    skipSeparators()
    guard index < scalars.count, scalars[index] == "0" || scalars[index] == "1" else {
      throw .expectedFlag(offset: index)
    }
    index += 1
    return scalars[index - 1] == "1"
  }
}
